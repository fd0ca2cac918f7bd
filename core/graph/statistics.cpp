// Per-graph and per-collection structural statistics (definitions in statistics.h; decisions.md §4.1 conventions).
#include "core/graph/statistics.h"

#include <algorithm>
#include <queue>

#include "core/graph/centrality.h"

namespace chokepoint {
namespace {

std::vector<int> bfs_distances(const UndirectedGraph& g, int source) {
  std::vector<int> dist(g.node_count(), -1);
  std::queue<int> q;
  dist[static_cast<size_t>(source)] = 0;
  q.push(source);
  while (!q.empty()) {
    const int u = q.front();
    q.pop();
    for (int v : g.neighbours(u)) {
      if (dist[static_cast<size_t>(v)] >= 0) continue;
      dist[static_cast<size_t>(v)] = dist[static_cast<size_t>(u)] + 1;
      q.push(v);
    }
  }
  return dist;
}

}  // namespace

std::vector<int> connected_components(const UndirectedGraph& graph) {
  std::vector<int> comp(graph.node_count(), -1);
  int next = 0;
  for (size_t s = 0; s < graph.node_count(); ++s) {
    if (comp[s] >= 0) continue;
    const auto dist = bfs_distances(graph, static_cast<int>(s));
    for (size_t v = 0; v < dist.size(); ++v)
      if (dist[v] >= 0) comp[v] = next;
    ++next;
  }
  return comp;
}

int component_diameter(const UndirectedGraph& graph, const std::vector<int>& component_of, int component) {
  int diameter = 0;
  for (size_t s = 0; s < graph.node_count(); ++s) {
    if (component_of[s] != component) continue;
    for (int d : bfs_distances(graph, static_cast<int>(s))) diameter = std::max(diameter, d);
  }
  return diameter;
}

GraphStatistics compute_statistics(const UndirectedGraph& graph, const StatisticsOptions& options) {
  GraphStatistics st;
  st.nodes = graph.node_count();
  st.edges = graph.edge_count();
  st.avg_degree = st.nodes ? 2.0 * static_cast<double>(st.edges) / static_cast<double>(st.nodes) : 0.0;
  const auto comp = connected_components(graph);
  st.components = comp.empty() ? 0 : static_cast<size_t>(*std::max_element(comp.begin(), comp.end()) + 1);
  st.connected = st.components <= 1;
  st.cyclic = st.edges + st.components > st.nodes;
  st.cycles = st.cyclic ? count_simple_cycles(graph, options.cycle_limits) : CycleCount{};
  std::vector<size_t> sizes(st.components, 0);
  for (int c : comp) ++sizes[static_cast<size_t>(c)];
  const size_t largest = sizes.empty() ? 0 : *std::max_element(sizes.begin(), sizes.end());
  for (size_t c = 0; c < sizes.size(); ++c)
    if (sizes[c] == largest) st.diameter = std::max(st.diameter, component_diameter(graph, comp, static_cast<int>(c)));
  if (options.centrality) {
    st.degree_centrality = degree_centrality(graph);
    st.betweenness = betweenness_centrality(graph);
  }
  return st;
}

GraphStatistics compute_statistics(const SchemaGraph& graph, const StatisticsOptions& options) {
  GraphStatistics st = compute_statistics(graph.to_undirected(), options);
  st.db_id = graph.db_id;
  st.labels = graph.label_count();
  return st;
}

CollectionSummary summarize(const std::vector<GraphStatistics>& databases) {
  CollectionSummary s;
  s.count = databases.size();
  if (databases.empty()) return s;
  for (const auto& d : databases) {
    s.pct_connected += d.connected ? 1 : 0;
    s.pct_cyclic += d.cyclic ? 1 : 0;
    s.avg_degree += d.avg_degree;
    s.avg_diameter += d.diameter;
  }
  const double n = static_cast<double>(databases.size());
  s.pct_connected = 100.0 * s.pct_connected / n;
  s.pct_cyclic = 100.0 * s.pct_cyclic / n;
  s.avg_degree /= n;
  s.avg_diameter /= n;
  return s;
}

}  // namespace chokepoint
