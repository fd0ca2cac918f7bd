// Text augmentation > Split: TQA's train/dev/test split of the panel's set by whole databases (thesis §4.3.1,
// Fig. 4.4, Table 4.1; core/tqa/tqa_split.h), as `chokepoint tqa split` makes it: each query's join query graph
// counted a slice of items per frame, then seeded k-means over the databases and the split; the three parts become,
// one a frame, loaded sets (<set>.train.json, .dev.json, .test.json) kept in the workspace, with Table 4.1's
// distributions.
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/tqa/tqa_split.h"
#include "web/app_state.h"

namespace chokepoint::web {

struct TqaSplitView {
  int seed = 35;                              // the thesis' seed
  double test_share = 0.15, dev_share = 0.2;  // doubles: the report prints the options as the CLI's flags give them
  // The split under way or done.
  std::string source;
  std::shared_ptr<const EvalSet> set;  // as it was when the split started
  std::map<std::string, Schema> schemas;
  std::vector<int> nodes;  // query_node_count per item counted so far
  bool running = false;
  std::optional<tqa::TqaSplit> pending;       // made, its parts being added as sets (one a frame)
  std::optional<tqa::TqaSplit> result;        // once the three are added
  std::vector<std::string> published, paths;  // the parts' set names, and where they are kept
  std::string error;
};

void start_tqa_split(const AppState& state, TqaSplitView& view, int set_index);
void step_tqa_split(AppState& state, TqaSplitView& view, double budget_ms);
void draw_tqa_split_view(AppState& state, TqaSplitView& view, int set_index);
// {"running", "error", "source", "seed", "counted", "items", "published", "paths", "split": the report (as `tqa split`
//  prints it) once done}
nlohmann::json tqa_split_view_json(const TqaSplitView& view);

}  // namespace chokepoint::web
