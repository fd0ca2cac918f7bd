// Debugging the wrong predictions of a metrics run from the page (004 §3.2): a strategy
// (regenerate, wrong SQL, system error, all errors, comment), R rounds, and optionally another model (cross-model
// debugging). A privacy preview of the first round comes first (destination, calls, tokens, the first prompt;
// later rounds send at most as many); after Confirm each round's calls go through the LLM session's CallScheduler
// (replay store, so a rerun sends nothing twice), the answers are evaluated in the evaluation worker, and the next
// round takes what is still wrong. The report is 004 Table 5's EX over the wrong SQLs and Figure 5's error counts per
// round; the debugged predictions become a loaded prediction set. The rounds' bookkeeping is
// core/diagnosis/debug_rounds.h.
#pragma once
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/diagnosis/debug_rounds.h"
#include "core/llm/call_scheduler.h"
#include "core/runner/prediction_job.h"
#include "web/app_state.h"
#include "web/llm/batch_life.h"

namespace chokepoint::web {

struct MetricsRun;

struct DebugRun {
  diagnosis::DebugStrategy strategy = diagnosis::DebugStrategy::Comment;  // with all_strategies: the one under way
  // 004 Fig. 4: the five strategies one after another on the same wrong predictions, as `chokepoint debug
  // --strategy all`; the preview shows every strategy's first round.
  bool all_strategies = false;
  struct Queued {  // a strategy of an "all" run still to go, its first round planned at the preview
    diagnosis::DebugStrategy strategy;
    std::unique_ptr<diagnosis::DebugRounds> state;
    std::unique_ptr<runner::PredictionJob> calls;
  };
  std::vector<Queued> queued;
  struct Finished {  // a strategy of an "all" run that is done
    diagnosis::DebugStrategy strategy;
    size_t wrong = 0;
    std::vector<diagnosis::DebugRoundRow> rows;
    std::string published;
  };
  std::vector<Finished> finished;
  int rounds = 2;
  std::string model;                   // "" = the LLM tab's model; another name debugs with that model (cross-model)
  std::shared_ptr<MetricsRun> source;  // the run whose wrong predictions are debugged
  std::unique_ptr<diagnosis::DebugRounds> state;  // rounds, rows, the predictions as debugged so far
  std::unique_ptr<runner::PredictionJob> calls;   // the open round's calls
  std::shared_ptr<MetricsRun> evaluation;         // the open round's evaluation
  std::optional<runner::PredictionPlan> preview;  // the first round, shown until confirmed or discarded
  std::string destination;
  std::string previewed;   // session_destination() when the preview was drawn: every round must still go there
  BatchLife life;          // the one batch life cycle: preview, Confirm, the rounds, done or cancelled
  std::string model_used;  // the model the calls go to
  bool cancelled = false;
  bool scroll_to_preview = false;  // the preview opens below the fold: bring Confirm into view once
  std::string error;
  std::string published;  // the debugged predictions' set, once the rounds are done
  UsageTotals usage;      // of the rounds' calls so far
  long long persisted_calls = 0;
};

// Plans the first round on the panel's finished run and opens the preview; sends nothing.
void prepare_debug_run(AppState& state);
void confirm_debug_run(AppState& state);
void cancel_debug_run(AppState& state);
void step_debug_run(AppState& state, double budget_ms);  // every frame
void draw_debug_run(AppState& state);
// Every strategy of the run done (or the run cancelled or failed): nothing more is coming.
bool debug_run_finished(const DebugRun& run);
// {"error", "batch", "strategy", "model", "cancelled", "published", "network_calls", "replayed", "preview"?,
//  "wrong", "done", "rounds": the current strategy's rows (diagnosis::debug_rows_json)}; an "all" run adds
//  "strategies": [{strategy, wrong, rounds, published}] (the finished ones, then the current), as `chokepoint debug
//  --strategy all` prints them.
nlohmann::json debug_run_json(const DebugRun& run);

}  // namespace chokepoint::web
