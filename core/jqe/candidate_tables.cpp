// Candidate tables: neighbours of the query's tables in the schema graph, minus the query's own tables.
#include "core/jqe/candidate_tables.h"

#include <algorithm>

#include "core/schema/schema.h"

namespace chokepoint::jqe {

std::vector<int> node_tables(const sql::JoinQueryGraph& jqg, const SchemaGraph& graph) {
  std::vector<int> out;
  for (const auto& n : jqg.nodes) out.push_back(n.derived || n.table.empty() ? -1 : graph.find_table(n.table));
  return out;
}

std::vector<int> candidate_tables(const sql::JoinQueryGraph& jqg, const SchemaGraph& graph) {
  std::vector<int> in_query = node_tables(jqg, graph);
  std::vector<bool> used(graph.tables.size(), false);
  for (int t : in_query)
    if (t >= 0) used[static_cast<size_t>(t)] = true;
  std::vector<bool> picked(graph.tables.size(), false);
  std::vector<int> out;
  for (int t : in_query) {
    if (t < 0) continue;
    for (int n : graph.neighbours(t)) {
      if (used[static_cast<size_t>(n)] || picked[static_cast<size_t>(n)]) continue;
      picked[static_cast<size_t>(n)] = true;
      out.push_back(n);
    }
  }
  std::sort(out.begin(), out.end(), [&](int a, int b) {
    const std::string la = to_lower_ascii(graph.tables[static_cast<size_t>(a)]);
    const std::string lb = to_lower_ascii(graph.tables[static_cast<size_t>(b)]);
    if (la != lb) return la < lb;
    return graph.tables[static_cast<size_t>(a)] < graph.tables[static_cast<size_t>(b)];
  });
  return out;
}

}  // namespace chokepoint::jqe
