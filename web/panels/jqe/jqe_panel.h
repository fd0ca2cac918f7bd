// The Join query expansion panel (PRODUCT.md §5, §9; issue 7 item 4): a preferences form; "Step through" one seed
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
#include "web/widgets/graph_view.h"
#include "web/panels/jqe/jqe_batch.h"
#include "web/panels/jqe/class_members.h"
#include "web/panels/jqe/jqe_step.h"

namespace chokepoint::web {

struct JqePreferencesForm {
  int key1 = 0, dir1 = 1;  // first sort key: 0 complexity, 1 centrality; direction 0 asc, 1 desc
  int key2 = 0, dir2 = 0;  // second key: 0 none, 1 complexity, 2 centrality
  int centrality = 0;      // 0 degree, 1 betweenness
  int iso = 0;             // 0 structural, 1 by tables
  int per_pattern = 1;     // 0 = no cap
  int budget = 0;          // 0 = none
  int max_per_pair = 2;    // 0 = unlimited
  int rounds = 1;
  int timeout_ms = 5000;
  bool execute_all = false;
  bool count_set = true;   // step view: count the set's other queries as class members, as the batch does
  // The batch stops after this many recorded decisions: about 90 bytes of wasm heap each (BIRD dev: 510,176
  // decisions, +43 MiB), so three million stay far below the page's 2 GiB.
  int max_decisions = 3000000;
};

struct JqePanel {
  JqePreferencesForm prefs;
  int set = 0;   // index in AppState::eval_sets.sets
  int item = 0;  // seed index in that set
  std::shared_ptr<JqeStepView> step;
  GraphView jqg_view;
  int selected_expansion = -1;
  std::shared_ptr<JqeBatch> batch;
  std::string batch_label;
  nlohmann::json report;  // jqe_report of the finished batch
  std::string error;
  int show_view = -1;  // 0 step, 1 batch: select that tab on the next frame (buttons and page commands)
  // Class members of each set for the step view, keyed by set name, size and isomorphism mode.
  std::map<std::string, std::shared_ptr<ClassMembers>> class_cache;
};

jqe::JqeOptions jqe_options(const JqePreferencesForm& prefs);
// Applies "order", "centrality", "iso", "per_pattern", "budget", "max_per_pair", "rounds", "timeout_ms",
// "execute_all", "count_set" from a page command; returns an error message or "".
std::string apply_jqe_preferences(JqePreferencesForm& prefs, const nlohmann::json& cmd);

void step_jqe_seed(AppState& state, JqePanel& panel);   // builds panel.step for panel.set / panel.item
void start_jqe_batch(AppState& state, JqePanel& panel);
void draw_jqe_panel(AppState& state, JqePanel& panel);
void step_jqe_job(AppState& state, JqePanel& panel, double budget_ms);
nlohmann::json jqe_state_json(const JqePanel& panel);
JqePanel& jqe_panel();

}  // namespace chokepoint::web
