// The Runs tab of the Metrics panel: every finished evaluation is kept as a run in the workspace's
// run store (/workspace/runs.sqlite, the file `chokepoint eval --store` writes, core/runs/run_store.h), so it
// survives a reload; any two runs are compared item by item (fixed, broken, changed and why:
// core/runs/run_comparison.h), and a wrong prediction can be marked "almost correct", a mark kept per item and
// prediction text in the same store.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/runs/run_comparison.h"
#include "core/runs/run_store.h"
#include "web/app_state.h"
#include "web/panels/metrics/metrics_run.h"

namespace chokepoint::web {

extern const char* const kRunStorePath;  // "/workspace/runs.sqlite"

struct RunsView {
  std::shared_ptr<runs::RunStore> store;  // opened at the first finished run or the first look at the tab
  std::string store_error;                // why runs are not kept (they then last until the page is closed)
  bool opened = false;
  std::vector<runs::RunInfo> runs;                  // the store's runs, newest last
  int64_t a = 0, b = 0;                             // the compared runs' ids (0: none chosen)
  std::shared_ptr<runs::RunComparison> comparison;  // of a and b, rebuilt when they or the marks change
  bool show_unchanged = false;
  std::string error;  // the last failed store operation
  // A finished run is kept over several frames, none holding the page for long on a run of thousands of items:
  // the store's insert in slices (one transaction: nothing is kept until its commit), then the workspace's write
  // to IndexedDB, then the list and the comparison with the run before.
  std::shared_ptr<MetricsRun> inserting;     // the run being inserted
  std::shared_ptr<runs::NewRun> insert_run;  // what is written
  int64_t insert_id = 0;
  size_t insert_next = 0;
  bool persist_due = false;
  bool compare_due = false;
  int64_t compare_a = 0, compare_b = 0;
};

// Keeps the panel's finished run in the store (once), after the workspace has been read back.
void step_runs_view(AppState& state);
void draw_runs_view(AppState& state);
// Compares runs a and b of the store (as choosing them in the tab does); an unknown id leaves its error.
void compare_stored_runs(AppState& state, int64_t a, int64_t b);
// Sets (almost_correct) or clears the mark of `item_id`'s prediction in run `side` ('a' or 'b') of the comparison.
void mark_compared_item(AppState& state, char side, const std::string& item_id, bool almost_correct,
                        const std::string& note = "");
// {"path", "error"?, "runs": [{id, label, created_at, items, ex}], "a", "b", "comparison"?: comparison_json}
nlohmann::json runs_view_json(AppState& state);

}  // namespace chokepoint::web
