// Run a model > BigTable: BigTable-0.2k (004 §3.3) built from a loaded set in the page, as `chokepoint bigtable`
// builds it with --no-expand --no-rename: the stratified subset (N items per number of gold tables, seeded), then each
// item's filter value changed to another that keeps a non-empty result (a few items a frame: each tries values on the
// database), published as a loaded set with Table 2 beside the paper's. The model's two steps are other tabs on the
// built set: Join query expansion (three-table queries one join longer) and Text augmentation > De-naturalisation
// (the schema renamed); `chokepoint bigtable` chains all four.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/runner/bigtable_build.h"
#include "core/runner/bigtable_subset.h"
#include "web/app_state.h"

namespace chokepoint::web {

struct BigtableView {
  int per_stratum = 50;
  int seed = 1;
  bool change_filters = true;
  // The build under way or done.
  std::string source;  // the set it was built from
  std::optional<runner::SubsetReport> subset;
  EvalSet built;
  size_t next = 0;  // items whose filter step is done
  runner::FilterChangeTally tally;
  bool running = false, done = false;
  nlohmann::ordered_json table2;  // once done: bigtable_table2_json of the built set
  std::vector<std::string> notes;
  std::string published, published_path, error;  // the built set's name and where it is kept
};

// The page's own limit on one query of the filter step (the Quick check tab's): it runs on the page's thread.
constexpr int kBigtableQueryLimitMs = 1000;

void start_bigtable(AppState& state, BigtableView& view, int source_set);
void step_bigtable(AppState& state, BigtableView& view, double budget_ms);
void draw_bigtable_view(AppState& state, BigtableView& view, int& source_set);
// {"running", "done", "error", "source", "per_stratum", "seed", "filter_change", "subset", "items", "published",
//  "strata": Table 2 as `chokepoint bigtable` prints it, "filter_changed", "filter_unchanged": {reason: n}, "notes"}
nlohmann::json bigtable_view_json(const BigtableView& view);

}  // namespace chokepoint::web
