// Construction of the simple undirected graph; adjacency stays sorted so every walk over it is deterministic.
#include "core/graph/undirected_graph.h"

#include <algorithm>

namespace chokepoint {

int UndirectedGraph::add_node(std::string label) {
  labels_.push_back(std::move(label));
  adjacency_.emplace_back();
  return static_cast<int>(labels_.size() - 1);
}

bool UndirectedGraph::has_edge(int u, int v) const {
  if (u < 0 || v < 0 || static_cast<size_t>(u) >= node_count() || static_cast<size_t>(v) >= node_count()) return false;
  const auto& a = adjacency_[static_cast<size_t>(u)];
  return std::binary_search(a.begin(), a.end(), v);
}

bool UndirectedGraph::add_edge(int u, int v) {
  if (u == v || u < 0 || v < 0 || static_cast<size_t>(u) >= node_count() || static_cast<size_t>(v) >= node_count())
    return false;
  if (has_edge(u, v)) return false;
  auto insert_sorted = [](std::vector<int>& list, int x) {
    list.insert(std::lower_bound(list.begin(), list.end(), x), x);
  };
  insert_sorted(adjacency_[static_cast<size_t>(u)], v);
  insert_sorted(adjacency_[static_cast<size_t>(v)], u);
  edges_.emplace_back(std::min(u, v), std::max(u, v));
  return true;
}

}  // namespace chokepoint
