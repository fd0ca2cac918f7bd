// The Errors tab's model classifier (004 §5): the Result Errors the rules left to condition_filter
// or data_processing go to the LLM tab's model with prompts/t2s_error_category.mustache, as `chokepoint errors
// --llm-config` sends them (core/diagnosis/error_category_llm.h). A privacy preview first (destination, calls, one
// prompt; nothing is sent before Confirm); then one CallScheduler with the session's replay store (a rerun asks
// nothing twice); each readable answer decides its item's category, an unreadable or missing one leaves the rule's,
// and every item's evidence says which decided.
#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/diagnosis/error_category_llm.h"
#include "web/app_state.h"
#include "web/llm/session_batch_run.h"

namespace chokepoint::web {

struct MetricsRun;

struct ErrorCategoryRun {
  std::shared_ptr<MetricsRun> source;
  std::vector<size_t> asked;         // positions in source->errors.classes
  std::vector<std::string> prompts;  // prompts[k] is asked[k]'s
  SessionBatchRun batch;
  std::map<std::string, size_t> outcomes;  // llm_category_outcome_name -> items
  std::string error;
};

// Plans the prompts for the panel's classified run and opens the preview; sends nothing.
void prepare_error_category_run(AppState& state);
void confirm_error_category_run(AppState& state);
void cancel_error_category_run(AppState& state);
void step_error_category_run(AppState& state);  // every frame
void draw_error_category_run(AppState& state);
// {"preview"?: {calls, network_calls, destination, model}, "running", "done", "cancelled", "error", "outcomes",
//  "usage"}
nlohmann::json error_category_run_json(const ErrorCategoryRun& run);

}  // namespace chokepoint::web
