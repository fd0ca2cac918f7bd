// The Errors tab of the Metrics panel: every failed item of the run classified by 004's error
// taxonomy (core/diagnosis/error_taxonomy.h), as bars per System Error kind and per Result Error subcategory, a list
// filtered by kind, and each item's evidence beside its gold and predicted SQL; below, debugging runs (debug_run.h).
// Classification parses both queries of each failed item, a few milliseconds each at most, so it runs a slice per
// frame once the evaluation is done.
#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/diagnosis/error_taxonomy.h"
#include "web/app_state.h"

namespace chokepoint::web {

struct MetricsRun;

struct RunErrors {
  std::vector<size_t> items;                            // positions of the failed items classified so far
  std::vector<diagnosis::ErrorClassification> classes;  // one per entry of items
  size_t next = 0;                                      // the next position to look at
  bool complete = false;                                // every item looked at
  std::map<std::string, size_t> counts() const;         // by error_category
  size_t system_errors() const;
};

// The Errors tab's state: the current evaluation's failed items as classified so far, the list's filter and
// selection. A new evaluation starts the classification again.
struct ErrorsTab {
  std::shared_ptr<MetricsRun> run;  // whose items `errors` classifies
  RunErrors errors;
  std::string filter;  // "" all, "system", "result", or one error_category
  int selected = -1;   // position in errors.items
};

// The classification of `run`'s failed items, or null when the tab holds another run's (or none yet).
RunErrors* run_errors(AppState& state, const MetricsRun* run);
// Classifies the run's failed items (scored, EX = 0, on a loaded database) within the time budget.
void step_run_errors(const AppState& state, MetricsRun& run, RunErrors& errors, double budget_ms);
void step_errors_tab(AppState& state, double budget_ms);
void draw_errors_view(AppState& state);
nlohmann::json run_errors_json(AppState& state);

}  // namespace chokepoint::web
