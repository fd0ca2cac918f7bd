// The Optimise tab of the Metrics panel (core/llm_tasks/sql_optimization.h, as `chokepoint
// optimize` does it): the finished run's predictions are the stage-one queries Y; the chosen variants ask the LLM
// tab's model for faster rewrites of the correct ones (or, `direct`, for the fastest query straight from the
// question), a rewrite replaces Y only when it returns Y's result on the loaded database, and every variant is then
// timed against the gold as the Efficiency tab times (one pair per frame): VES and C-VES per variant beside the
// baseline, shaped like a column of 004 Table 6. A privacy preview comes first; nothing is sent before Confirm.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/llm_tasks/sql_optimization.h"
#include "core/metrics/efficiency_evaluation.h"
#include "web/app_state.h"
#include "web/llm/session_batch_run.h"

namespace chokepoint::web {

struct MetricsRun;

struct OptimizeRun {
  std::vector<bool> chosen = std::vector<bool>(6, true);  // per llm_tasks::all_optimize_variants()
  int iterations = 10;
  std::shared_ptr<MetricsRun> source;
  std::vector<llm_tasks::OptimizeVariant> variants;  // the chosen ones, at preparation
  struct Ask {
    size_t variant = 0, pair = 0;  // index into variants, pair of the source
    std::string prompt;
  };
  std::vector<Ask> asks;
  SessionBatchRun batch;  // phase 1's calls
  int phase = 0;          // 0 idle, 1 asking, 2 checking and timing, 3 done
  bool cancelled = false;
  std::vector<std::vector<std::optional<Result<std::string>>>> answers;  // [variant][pair]
  size_t next = 0;  // work items of phase 2 done: the baseline's pairs, then each variant's
  std::vector<PairEfficiency> baseline;
  std::vector<std::vector<llm_tasks::RewriteDecision>> decisions;  // [variant][pair]
  std::vector<std::vector<PairEfficiency>> timed;                  // [variant][pair]
  // As 004 scores it (Tables 6/11): every rewrite the model wrote replaces Y, kept or not; a pair whose rewrite was
  // not kept is timed again with it, the others are the safe view's timings.
  std::vector<std::vector<PairEfficiency>> published;  // [variant][pair]
  std::vector<size_t> rewrites_not_kept;               // per variant: the pairs timed again for `published`
  EfficiencySummary baseline_summary;
  std::vector<EfficiencySummary> summaries;            // per variant
  std::vector<EfficiencySummary> published_summaries;  // per variant
  std::string error;
};

void prepare_optimize_run(AppState& state);  // plans and opens the preview; sends nothing
void confirm_optimize_run(AppState& state);
void cancel_optimize_run(AppState& state);
void step_optimize_run(AppState& state, double budget_ms);  // every frame
void draw_optimize_view(AppState& state);
// {"preview"?: {calls, network_calls, per_variant, estimated_prompt_tokens, destination, model}, "phase", "running",
//  "done", "cancelled", "error", "baseline"?: {ex, ves, c_ves, correct}, "rows"?: [{variant, ex, ves, c_ves,
//  correct, accepted, changed_result, failed, no_sql, no_answer, not_asked, generated, as_published: {ex, ves,
//  c_ves, correct, scored, rewrites_not_kept}}], "items"?: [{variant, id, outcome, final}]}: the rows as `chokepoint
//  optimize` writes its table
nlohmann::json optimize_run_json(const OptimizeRun& run);

}  // namespace chokepoint::web
