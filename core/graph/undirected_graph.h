// The small graph type every graph service works on: a simple undirected graph (no self-loops, no parallel edges)
// whose nodes may carry a label. Schema graphs (label = table name) and join query graphs (label = table name of
// each instance) are converted to it, so statistics, centrality, isomorphism and layout are written once.
#pragma once
#include <string>
#include <utility>
#include <vector>

namespace chokepoint {

class UndirectedGraph {
 public:
  UndirectedGraph() = default;
  explicit UndirectedGraph(size_t nodes) : labels_(nodes), adjacency_(nodes) {}

  // Adds a node and returns its index (0, 1, ...). An empty label means "unlabelled".
  int add_node(std::string label = "");
  // Adds {u, v}; self-loops and repeated edges are ignored (returns false), out-of-range indices too.
  bool add_edge(int u, int v);
  bool has_edge(int u, int v) const;

  size_t node_count() const { return labels_.size(); }
  size_t edge_count() const { return edges_.size(); }
  const std::string& label(int node) const { return labels_[static_cast<size_t>(node)]; }
  const std::vector<std::string>& labels() const { return labels_; }
  // Edges as (u, v) with u < v, in insertion order.
  const std::vector<std::pair<int, int>>& edges() const { return edges_; }
  // Neighbours of a node in ascending order.
  const std::vector<int>& neighbours(int node) const { return adjacency_[static_cast<size_t>(node)]; }
  size_t degree(int node) const { return adjacency_[static_cast<size_t>(node)].size(); }

 private:
  std::vector<std::string> labels_;
  std::vector<std::pair<int, int>> edges_;
  std::vector<std::vector<int>> adjacency_;  // sorted, so traversal order never depends on insertion order
};

}  // namespace chokepoint
