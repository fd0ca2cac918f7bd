// 2-D positions for drawing a graph (schema graphs and join query graphs in the app). Deterministic: the same graph
// (and seed) gives the same positions on a platform; the native and WebAssembly builds may differ in the last digits
// (their maths libraries round differently), far below a pixel.
#pragma once
#include <vector>

#include "core/graph/undirected_graph.h"

namespace chokepoint {

struct Point2 {
  double x = 0, y = 0;
};

struct LayoutOptions {
  unsigned seed = 1;     // Fruchterman–Reingold's initial positions come from this seed
  int iterations = 100;  // Fruchterman–Reingold cooling steps
};

// Fruchterman–Reingold (Boost.Graph) from seeded random positions, scaled into [0, 1] x [0, 1]. One node sits at
// the centre; no nodes gives no points.
std::vector<Point2> force_layout(const UndirectedGraph& graph, const LayoutOptions& options = {});

// Kamada–Kawai (Boost.Graph): each connected component from nodes on a circle, springs as long as the graph distance
// between their ends, so neighbours sit one unit apart and a path or a star spreads out instead of folding onto a
// line; components side by side, largest first; isolated nodes in a row below. Scaled into [0, 1] x [0, 1] with one
// scale for both axes. A component the spring model cannot settle (it stops after a fixed number of moves) keeps
// Fruchterman–Reingold's positions instead.
std::vector<Point2> kamada_kawai_layout(const UndirectedGraph& graph);

}  // namespace chokepoint
