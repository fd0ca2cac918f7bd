// Join query graphs as labelled graphs for the isomorphism index.
#include "core/jqe/diversity.h"

#include "core/schema/schema.h"

namespace chokepoint::jqe {

UndirectedGraph to_graph(const sql::JoinQueryGraph& jqg) {
  UndirectedGraph g;
  for (const auto& n : jqg.nodes) g.add_node(to_lower_ascii(n.table));
  for (const auto& e : jqg.edges) g.add_edge(e.a, e.b);
  return g;
}

UndirectedGraph expanded_graph(const UndirectedGraph& seed, const std::string& table, const std::vector<int>& joined) {
  UndirectedGraph g = seed;
  int node = g.add_node(to_lower_ascii(table));
  for (int j : joined) g.add_edge(j, node);
  return g;
}

}  // namespace chokepoint::jqe
