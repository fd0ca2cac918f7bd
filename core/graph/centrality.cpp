// Degree and betweenness centrality through Boost.Graph (Brandes' algorithm).
#include "core/graph/centrality.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/betweenness_centrality.hpp>

namespace chokepoint {

std::vector<double> degree_centrality(const UndirectedGraph& graph) {
  const size_t n = graph.node_count();
  std::vector<double> out(n, 0.0);
  if (n <= 1) return out;
  for (size_t v = 0; v < n; ++v)
    out[v] = static_cast<double>(graph.degree(static_cast<int>(v))) / static_cast<double>(n - 1);
  return out;
}

std::vector<double> betweenness_centrality(const UndirectedGraph& graph) {
  using BoostGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;
  const size_t n = graph.node_count();
  std::vector<double> out(n, 0.0);
  if (n <= 2) return out;
  BoostGraph g(n);
  for (const auto& [u, v] : graph.edges()) boost::add_edge(static_cast<size_t>(u), static_cast<size_t>(v), g);
  boost::brandes_betweenness_centrality(
      g, boost::centrality_map(boost::make_iterator_property_map(out.begin(), boost::get(boost::vertex_index, g))));
  // Boost already counts each unordered pair once on an undirected graph; divide by the number of pairs.
  const double pairs = static_cast<double>(n - 1) * static_cast<double>(n - 2) / 2.0;
  for (auto& x : out) x /= pairs;
  return out;
}

}  // namespace chokepoint
