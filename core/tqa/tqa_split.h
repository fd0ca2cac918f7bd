// TQA's train/dev/test split of a whole set (thesis §4.3.1, Fig. 4.4, Table 4.1): each query's main join query graph
// counted in nodes on its schema (query_node_count, one query at a time so the page can spread a big set over
// frames), the databases split by learn::split_by_node_counts, and the parts' items gathered in the set's order.
// `chokepoint tqa split` and the Text augmentation tab's Split view both call it.
#pragma once
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/base/result.h"
#include "core/dataset/eval_set.h"
#include "core/learn/node_count_split.h"
#include "core/schema/schema.h"

namespace chokepoint::tqa {

struct TqaSplit {
  learn::NodeCountSplit split;
  // node_count_split_json, with "items" (the set's) and "left_out": {below_min_nodes, no_join_query_graph,
  // no_schema}: every query of the set is in a part or counted here.
  nlohmann::json report;
  EvalSet train, dev, test;  // BIRD dev format; the items of >= min_nodes nodes on each part's databases
  size_t no_schema = 0, no_graph = 0, below_min_nodes = 0;
};

// The node count of an item's main join query graph on its schema: kNoSchema when its database has none, 0 when the
// gold has no join query graph (it does not parse).
constexpr int kNoSchema = -1;
int query_node_count(const EvalItem& item, const std::map<std::string, Schema>& schemas);

// The split from each item's query_node_count (`nodes`, in set order). An error when fewer databases than k have a
// query of min_nodes nodes or more, or when `nodes` is not one per item.
Result<TqaSplit> split_set_by_node_counts(const EvalSet& set, const std::vector<int>& nodes,
                                          const learn::NodeCountSplitOptions& options = {});

}  // namespace chokepoint::tqa
