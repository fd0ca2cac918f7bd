// Structural statistics of schema graphs, per database and per collection, as the thesis reports them (Table 1.1:
// % connected, % cyclic, mean 2|E|/|V|, mean diameter; Table 3.5: (|V|, |E|), cycles and their length shares).
#pragma once
#include <string>
#include <vector>

#include "core/graph/schema_graph.h"
#include "core/graph/simple_cycles.h"
#include "core/graph/undirected_graph.h"

namespace chokepoint {

struct StatisticsOptions {
  CycleLimits cycle_limits;
  bool centrality = true;  // fill degree_centrality and betweenness (cheap on schema-sized graphs)
};

struct GraphStatistics {
  std::string db_id;
  size_t nodes = 0;
  size_t edges = 0;       // table pairs, not labels
  size_t labels = 0;      // join conditions over all edges (0 for a plain UndirectedGraph)
  double avg_degree = 0;  // 2|E|/|V|; 0 when there are no nodes
  bool connected = true;  // at most one component (the empty graph counts as connected)
  size_t components = 0;
  bool cyclic = false;                    // has a cycle: |E| > |V| - components
  CycleCount cycles;                      // simple cycles of length >= 3, each once
  int diameter = 0;                       // of the largest component (ties: the larger diameter); 0 when edgeless
  std::vector<double> degree_centrality;  // per node, see centrality.h
  std::vector<double> betweenness;        // per node, see centrality.h
};

GraphStatistics compute_statistics(const UndirectedGraph& graph, const StatisticsOptions& options = {});
GraphStatistics compute_statistics(const SchemaGraph& graph, const StatisticsOptions& options = {});

// Means over databases, as the thesis computes its collection rows. Percentages are 0..100; all zero when empty.
struct CollectionSummary {
  size_t count = 0;
  double pct_connected = 0;
  double pct_cyclic = 0;
  double avg_degree = 0;    // mean over databases of 2|E|/|V|
  double avg_diameter = 0;  // mean over databases of the largest component's diameter
};

CollectionSummary summarize(const std::vector<GraphStatistics>& databases);

// Component index of every node (components numbered 0, 1, ... in order of their smallest node).
std::vector<int> connected_components(const UndirectedGraph& graph);
// Longest shortest path (in edges) between nodes of the given component.
int component_diameter(const UndirectedGraph& graph, const std::vector<int>& component_of, int component);

}  // namespace chokepoint
