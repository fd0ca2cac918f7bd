// TQA's train/dev/test split of a set (see tqa_split.h).
#include "core/tqa/tqa_split.h"

#include <set>
#include <vector>

#include "core/sql/query_shape.h"

namespace chokepoint::tqa {

int query_node_count(const EvalItem& item, const std::map<std::string, Schema>& schemas) {
  const auto schema = schemas.find(item.db_id);
  if (schema == schemas.end()) return kNoSchema;
  return static_cast<int>(sql::query_graph_picture(item.sql, schema->second).nodes.size());
}

Result<TqaSplit> split_set_by_node_counts(const EvalSet& set, const std::vector<int>& nodes,
                                          const learn::NodeCountSplitOptions& options) {
  if (nodes.size() != set.items.size())
    return Error{"internal: " + std::to_string(nodes.size()) + " node counts for " + std::to_string(set.items.size()) +
                 " items"};
  TqaSplit out;
  std::vector<learn::QueryNodes> queries;
  std::vector<size_t> nodes_of(set.items.size(), 0);
  for (size_t i = 0; i < set.items.size(); ++i) {
    if (nodes[i] == kNoSchema) {
      ++out.no_schema;
      continue;
    }
    if (nodes[i] <= 0) {
      ++out.no_graph;
      continue;
    }
    nodes_of[i] = static_cast<size_t>(nodes[i]);
    if (nodes_of[i] < options.min_nodes) ++out.below_min_nodes;
    queries.push_back({set.items[i].db_id, nodes_of[i]});
  }
  auto split = learn::split_by_node_counts(queries, options);
  if (!split.ok()) return Error{split.error()};
  out.split = std::move(*split);
  out.report = learn::node_count_split_json(out.split, options);
  out.report["items"] = set.items.size();
  out.report["left_out"] = {
      {"below_min_nodes", out.below_min_nodes}, {"no_join_query_graph", out.no_graph}, {"no_schema", out.no_schema}};
  for (auto [part, items] : {std::pair<const learn::SplitPart*, EvalSet*>{&out.split.train, &out.train},
                             {&out.split.dev, &out.dev},
                             {&out.split.test, &out.test}}) {
    const std::set<std::string> dbs(part->db_ids.begin(), part->db_ids.end());
    items->format = DatasetFormat::BirdDevJson;
    for (size_t i = 0; i < set.items.size(); ++i)
      if (nodes_of[i] >= options.min_nodes && dbs.count(set.items[i].db_id)) items->items.push_back(set.items[i]);
  }
  return out;
}

}  // namespace chokepoint::tqa
