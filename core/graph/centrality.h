// Node centralities on any small graph, normalised as networkx does so figures compare with the reference
// implementation (TQA picks the linker table by betweenness, JQE ranks candidates by degree or betweenness).
#pragma once
#include <vector>

#include "core/graph/undirected_graph.h"

namespace chokepoint {

// deg(v) / (n - 1); all zeros when n <= 1.
std::vector<double> degree_centrality(const UndirectedGraph& graph);

// Brandes betweenness: for each v, the sum over unordered pairs {s, t} (s, t != v) of the share of shortest s–t paths
// through v, divided by (n-1)(n-2)/2 (so the middle of a 3-node path scores 1); all zeros when n <= 2.
std::vector<double> betweenness_centrality(const UndirectedGraph& graph);

}  // namespace chokepoint
