// The "Run a model" panel: a set and its loaded databases, the prompt formats of 004 §4.1.1,
// optional example rows and foreign keys, prices -> a privacy preview (destination, calls, tokens, cost, one
// rendered prompt per format; nothing is sent before Confirm) -> the calls through the LLM session's CallScheduler
// with per-item status, cancel and resume (answers recorded in the workspace replay store, so a reload or a rerun
// asks nothing twice) -> each format's predictions become a loaded prediction set and the Metrics panel evaluates
// the first one. The job itself is core/runner/prediction_job.h.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/runner/prediction_job.h"
#include "core/runner/user_template.h"
#include "web/app_state.h"
#include "web/llm/batch_life.h"
#include "web/panels/runner/bigtable_view.h"
#include "web/panels/runner/linking_view.h"
#include "web/panels/runner/model_table.h"
#include "web/panels/runner/retrieval_view.h"

namespace chokepoint::web {

struct RunModelPanel {
  int source_set = 0;                                     // index in AppState::eval_sets.sets
  std::vector<std::string> formats{"SimpleDDL-MD-Chat"};  // names of the chosen formats, in the 12's order
  int sample_rows = 0;                                    // example rows per table in the prompt
  bool foreign_keys = true;
  int limit = 0;                             // first N items; 0 = all
  double input_price = 0, output_price = 0;  // per million tokens, for the preview's cost and the run's
  bool evaluate_when_done = true;            // open the Metrics panel on the first format's predictions
  // The thirteenth format: the user's own template, kept in this browser (localStorage) across reloads.
  bool use_template = false;
  runner::UserTemplate user_template{runner::example_user_template()};
  bool template_restored = false;
  std::unique_ptr<runner::PredictionJob> job;
  std::string source_name;  // the set the job was planned from
  std::string gold_name;    // what the predictions are scored against: the set, or its first N items
  std::optional<runner::PredictionPlan> preview;  // shown until confirmed or discarded
  std::string preview_endpoint;
  BatchLife life;  // the one batch life cycle (a cancel pauses this job: it resumes, or ends when every call ended)
  int preview_format = 0;  // the format whose first prompt the preview shows
  std::string error;
  bool run_restored = false;           // the workspace's last run was looked at (model_run_memory.h)
  bool taking_replayed = false;        // a run a reload interrupted is taking back its answers, a slice a frame
  std::string interrupted_note;        // what the reload interrupted and what was kept, shown with the preview
  long long persisted_calls = 0;       // network answers already synced to IndexedDB
  std::vector<std::string> published;  // names of the prediction sets made from the last finished run
  bool was_running = false;
  bool evaluate_next_frame = false;  // the finished run's evaluation starts a frame after its predictions are published
  std::string model_name;            // the LLM tab's model when the run was planned (its column in the table)
  ModelTable table;                  // 004 Table 3 over this page's runs on one set
  LinkingView linking;               // schema linking of the panel's set (004 §3.5), below the run
  RetrievalView retrieval;           // stage-level retrieval of the panel's set (001 Table VIII)
  BigtableView bigtable;             // BigTable-0.2k built from a loaded set (004 §3.3)
  bool select_retrieval = false;     // the next frame opens the Retrieval tab (a button elsewhere leads here)
};

RunModelPanel& run_model_panel(AppState& state);
// The prediction set a run of `format` on the set `source` publishes: "<source without extension>.<format>.pred.json".
std::string prediction_set_name(const std::string& source, const std::string& format);
// Plans the panel's choices into a job (no preview); false with panel.error saying why not.
bool plan_model_job(AppState& state, RunModelPanel& panel);
void prepare_model_run(AppState& state, RunModelPanel& panel);  // plans the prompts and opens the preview
void discard_model_preview(RunModelPanel& panel);
void remember_user_template(const RunModelPanel& panel);  // saves the template and whether it is used
void restore_user_template(RunModelPanel& panel);         // once, at the first frame
void confirm_model_run(AppState& state, RunModelPanel& panel);
void step_model_run(AppState& state, RunModelPanel& panel, double budget_ms);
void draw_run_model_panel(AppState& state, RunModelPanel& panel);
// Evaluates the published prediction set of format `which` in the Metrics panel (its "Evaluate" button).
void evaluate_published(AppState& state, RunModelPanel& panel, size_t which);
nlohmann::json run_model_state_json(const RunModelPanel& panel);

}  // namespace chokepoint::web
