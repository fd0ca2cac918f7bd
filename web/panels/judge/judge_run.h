// The Judge tab of the Metrics panel (FLEX's idea, our templates): a model's second opinion on
// the finished run's EX, strict on matches and lenient on misses (core/llm_tasks/judge.h, as `chokepoint judge`
// plans it). A privacy preview first (destination, model, calls, what is sent, one prompt of each kind; nothing is
// sent before Confirm); then the calls go through the LLM session's CallScheduler and replay store (a rerun asks
// nothing twice), and the tab shows EX beside the judged accuracy, Cohen's kappa, and the flipped items with the
// judge's reason.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/llm_tasks/judge.h"
#include "web/app_state.h"
#include "web/llm/session_batch_run.h"

namespace chokepoint::web {

struct MetricsRun;

struct JudgeRun {
  int only = 0;       // 0: both kinds, 1: strict only (EX = 1 items), 2: lenient only (EX = 0 items)
  int max_rows = 10;  // rows of each result in a prompt (0 to 50)
  std::shared_ptr<MetricsRun> source;
  std::vector<llm_tasks::JudgeAsk> asks;
  SessionBatchRun batch;
  std::vector<llm_tasks::JudgeVerdict> verdicts;  // per ask, once done
  llm_tasks::JudgeSummary summary;
  std::string error;
};

// Plans the asks on the panel's finished run and opens the preview; sends nothing.
void prepare_judge_run(AppState& state);
void confirm_judge_run(AppState& state);
void cancel_judge_run(AppState& state);
void step_judge_run(AppState& state);  // every frame
void draw_judge_view(AppState& state);
// {"preview"?: {calls, network_calls, strict, lenient, estimated_prompt_tokens, destination, model}, "running",
//  "done", "cancelled", "error", "summary"?: {ex, judged_accuracy, kappa, ...}, "items": [{id, mode, outcome, ...}]}
nlohmann::json judge_run_json(const JudgeRun& run);

}  // namespace chokepoint::web
