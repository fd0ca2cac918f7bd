// The Quick check tab: a gold and a predicted query typed or pasted, a database picked, and the verdict at once:
// EX under BIRD's set semantics and Spider's bag/order semantics, EXP/EXR/F1 under every column, cell and
// extra-column regime, why EX is 0, and the two results side by side. No file is needed. The check is kept in the
// page address's fragment (#check=...), which the browser never sends to a server, so a link reproduces it on the
// same databases.
#pragma once
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/metrics/explanation.h"
#include "core/metrics/pair_evaluation.h"
#include "web/app_state.h"

namespace chokepoint::web {

struct QuickCheck {
  std::string db_id;
  std::string gold, pred;
  double edited_ms = -1;    // when the inputs last changed; the check runs kDebounceMs after the last change
  bool restored = false;    // the fragment was read once
  std::string checked_key;  // db_id, gold and pred the results below are for
  std::optional<ItemEvaluation> bird, spider;
  std::string error;                      // no database, nothing to check
  std::string shown_regime = "EC-EC-IE";  // the regime whose matched cells the two results colour
  // The matched cells of the shown regime, and what they were worked out for (checked_key and regime): marking them
  // walks every kept row, too much to redo each frame.
  MatchedCells matched;
  std::string matched_for;
};

// The cells of each result that count as matched under the shown regime (BIRD's evaluation); empty when the check
// has no comparison to show (not scored, or a side failed). Worked out once per check and regime.
const MatchedCells& quick_check_matched(QuickCheck& q);

constexpr double kQuickCheckDebounceMs = 400;
constexpr int kQuickCheckTimeoutMs = 1000;  // the queries run on the page here: a runaway one stops after this

QuickCheck& quick_check(AppState& state);
// Sets the inputs (as typing does): the check runs after the pause.
void set_quick_check(AppState& state, const std::string& db_id, const std::string& gold, const std::string& pred,
                     double now_ms);
// Runs the check when the inputs have rested kQuickCheckDebounceMs and differ from the last checked ones.
void step_quick_check(AppState& state, double now_ms);
// {"db_id", "gold", "pred", "checked": bool, "pending": bool, "error", "bird"?: RESULT, "spider"?: RESULT} with
// RESULT {"status", "ex", "message", "reasons": [...], "gold_rows", "pred_rows",
//         "regimes": [{"name", "exp", "exr", "f1"}]} (percent), and "highlight": {"regime", "gold_cells",
// "pred_cells"}: the cells the two results colour as matched.
nlohmann::json quick_check_json(QuickCheck& q);

}  // namespace chokepoint::web
