// What the Debug, Optimise and SQL-to-Text tabs show of their last run on the current evaluation when the page holds
// only its record in the workspace (llm_task_memory.h): after a reload, the same tables as the live run's, said to be
// restored. Each returns false (and draws nothing) when there is no such record.
#pragma once
#include <nlohmann/json.hpp>

#include "web/app_state.h"
#include "web/panels/metrics/llm_task_memory.h"

namespace chokepoint::web {

// The record of `task` on the Metrics panel's current, finished evaluation; null otherwise.
const nlohmann::json* restored_llm_task(const AppState& state, LlmTask task);

// Adds "restored": the record (model, report) to a tab's JSON when there is one for the current evaluation.
void add_restored_json(nlohmann::json& tab, const AppState& state, LlmTask task);

bool draw_restored_debug(const AppState& state);
bool draw_restored_optimize(const AppState& state);
bool draw_restored_describe(const AppState& state);

}  // namespace chokepoint::web
