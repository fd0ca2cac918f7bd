// The Join query expansion panel (decisions.md §5, §9): a preferences form; "Step through" one seed
// of a loaded set (its JQG, candidate tables, every join-condition combination with its verdict and reason,
// isomorphism classes, each expansion as a diff against the seed with its result); and a batch over the whole set
// as a time-sliced job with progress, cancel, the report charts and the BIRD JSON export.
#pragma once
#include <map>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "core/jqe/expansion.h"
#include "web/app_state.h"
#include "web/panels/jqe/class_members.h"
#include "web/panels/jqe/jqe_batch.h"
#include "web/panels/jqe/jqe_preferences.h"
#include "web/panels/jqe/jqe_step.h"
#include "web/widgets/graph_view.h"

namespace chokepoint::web {

struct JqePanel {
  JqePreferences prefs;
  int set = 0;   // index in AppState::eval_sets.sets
  int item = 0;  // seed index in that set
  std::shared_ptr<JqeStepView> step;
  GraphView jqg_view;
  int selected_expansion = -1;
  // Walking through the step view's decisions one at a time (teaching): how many combinations are shown, in
  // preference order; -1 shows them all. A new step starts at -1.
  int reveal = -1;
  std::shared_ptr<JqeBatch> batch;
  std::string batch_label;
  nlohmann::json report;  // jqe_report of the finished batch
  std::string error;
  int show_view = -1;  // 0 step, 1 batch: select that tab on the next frame (buttons and page commands)
  // Class members of each set for the step view, keyed by set name, size and isomorphism mode.
  std::map<std::string, std::shared_ptr<ClassMembers>> class_cache;
};

void step_jqe_seed(AppState& state, JqePanel& panel);  // builds panel.step for panel.set / panel.item
void start_jqe_batch(AppState& state, JqePanel& panel);
void draw_jqe_panel(AppState& state, JqePanel& panel);
void step_jqe_job(AppState& state, JqePanel& panel, double budget_ms);
nlohmann::json jqe_state_json(const JqePanel& panel);
JqePanel& jqe_panel(AppState& state);

}  // namespace chokepoint::web
