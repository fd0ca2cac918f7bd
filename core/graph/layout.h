// Force-directed 2-D positions for drawing a graph (schema graphs and join query graphs in the app). Deterministic:
// the same graph and seed give the same positions on every platform.
#pragma once
#include <vector>

#include "core/graph/undirected_graph.h"

namespace chokepoint {

struct Point2 {
  double x = 0, y = 0;
};

struct LayoutOptions {
  unsigned seed = 1;     // initial positions come from this seed
  int iterations = 100;  // Fruchterman–Reingold cooling steps
};

// Fruchterman–Reingold (Boost.Graph) from seeded random positions, scaled into [0, 1] x [0, 1]. One node sits at
// the centre; no nodes gives no points.
std::vector<Point2> force_layout(const UndirectedGraph& graph, const LayoutOptions& options = {});

}  // namespace chokepoint
