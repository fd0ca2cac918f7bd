// The LLM tasks finished on an evaluation (Metrics > Errors > Debug, Optimise, SQL-to-Text), kept in the workspace
// (/workspace/llm_tasks.json) with the evaluation they worked on, so a reload does not lose them: when the same
// evaluation is back (the same gold and prediction files, the same pairs, the same semantics), each tab shows what
// its last run found and the llm-tasks study reads it instead of naming the task as not run. A rerun replays its
// calls from the replay store; this keeps the figures without one.
// {"debug" | "optimize" | "describe": {"evaluation": {gold, pred, semantics, pairs}, "model", "report": the run's
//  JSON as its tab publishes it, ...}}; a record that is not this shape is ignored, never half-read.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

namespace chokepoint::web {

struct MetricsRun;

enum class LlmTask { Debug, Optimize, Describe };

// Keeps `record` (a JSON object; "evaluation" is added) as the last finished run of `task` on `on`.
void remember_llm_task(LlmTask task, const MetricsRun& on, nlohmann::json record);
// The record of `task` made on an evaluation equal to `on`; null when there is none (or the workspace is still being
// read back after a reload).
const nlohmann::json* remembered_llm_task(LlmTask task, const MetricsRun& on);

}  // namespace chokepoint::web
