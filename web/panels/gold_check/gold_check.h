// The gold check of the Metrics panel (core/evaluation/gold_validation.h, as `chokepoint eval
// --validate-gold` does it): every gold query of the chosen gold set runs as its own prediction, twice, under the
// panel's semantics and time limit, with its tie probe, so a user sees before scoring any model the ceiling a perfect
// prediction file could reach and which golds cannot serve as references (errors, slow, missing database, empty,
// truncated, non-deterministic, tie-dependent). It runs on the page's thread, a few golds per frame; a gold that runs
// into the time limit holds that frame for as long (the limit bounds it).
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/evaluation/gold_validation.h"
#include "web/app_state.h"

namespace chokepoint::web {

struct GoldCheckRun {
  std::string gold_name;  // the set checked
  ExSemantics semantics = ExSemantics::Bird;
  QueryLimits limits;
  std::vector<EvalPair> pairs;  // each gold paired with itself
  size_t next = 0;
  std::vector<evaluation::GoldCheck> checks;
  evaluation::GoldValidation result;  // once done (or cancelled: over the golds checked)
  bool running = false, done = false, cancelled = false;
  int filter = 0;  // 0: golds with a defect, 1 + GoldDefect: that defect only
  std::string error;
};

void start_gold_check(AppState& state);  // the panel's gold set, semantics and time limit
void cancel_gold_check(AppState& state);
void step_gold_check(AppState& state, double budget_ms);  // every frame
void draw_gold_check_view(AppState& state);
// {"running", "done", "cancelled", "error", "gold", "semantics", "timeout_ms", "checked", "total", and once done
//  gold_validation_json's "n", "achievable", "ceiling", "defects", "items" (the golds with a defect)}
nlohmann::json gold_check_json(const GoldCheckRun& run);

}  // namespace chokepoint::web
