// 004 Table 3 in the app: EX in BIRD semantics per prompt format (rows) and model (columns) over
// the model runs of this page on one set. Each finished run's prediction sets are scored in the background, one at a
// time, without taking the Metrics panel; a run with another model (chosen in the LLM tab) adds a column, a run with
// the same model replaces its cells, and a run on another set (or another first-N limit) starts a new table.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/runner/model_comparison.h"
#include "web/app_state.h"

namespace chokepoint::web {

struct MetricsRun;

struct ModelTable {
  runner::FormatModelTable table;  // semantics "bird"
  std::string gold_name;           // the set the cells are scored against
  struct Cell {
    std::string model, format, pred_name;
  };
  std::vector<Cell> queue;  // waiting to be scored
  Cell current;
  std::shared_ptr<MetricsRun> scoring;  // the evaluation of `current`
  std::string error;                    // the last cell that could not be scored
  // The Metrics panel's run when the cells were queued: it scored earlier predictions of the same names, so its EX is
  // never taken for them.
  std::shared_ptr<const MetricsRun> stale_run;
};

// Queues the prediction sets of a finished run of `model` (pred_names[i] holds formats[i]'s predictions).
void queue_model_table(ModelTable& t, const std::string& gold_name, const std::string& model,
                       const std::vector<std::string>& formats, const std::vector<std::string>& pred_names);
// True when a cell's EX was set in this step (the caller keeps the table in the workspace then).
bool step_model_table(AppState& state, ModelTable& t, double budget_ms);
void draw_model_table(const ModelTable& t);
// format_model_table_json plus {"gold", "pending"}.
nlohmann::json model_table_json(const ModelTable& t);
// What the workspace keeps of the table across a reload: its cells, and the prediction sets still to score.
nlohmann::json model_table_memory(const ModelTable& t);
// The table back from model_table_memory: its cells as they were scored, the sets still to score queued again. A
// table that does not read is dropped and says why in its error.
void restore_model_table(ModelTable& t, const nlohmann::json& memory);

}  // namespace chokepoint::web
