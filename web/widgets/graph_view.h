// A reusable interactive graph drawing: nodes at layout positions fitted to the region with no two labels covering
// each other (core/graph/box_separation.h), edges with a weight (number of labels), pan and zoom, a node dragged to
// move it, and tooltips on hover. Used for schema graphs and join query graphs.
#pragma once
#include <string>
#include <vector>

#include "core/graph/layout.h"

namespace chokepoint::web {

struct GraphView {
  float zoom = 1.0f;
  float pan_x = 0, pan_y = 0;
  // Nodes moved by dragging, in pixels at zoom 1, for the graph named by `moved_for` (its labels): another graph
  // starts from its layout again.
  std::vector<Point2> moved;
  std::string moved_for;
  int dragging = -1;  // the node being dragged, -1 none (a drag on the background pans)
  // The boxes placed for the last frame and what they were placed for (labels, layout, region, zoom): placing
  // separates every pair of boxes, too much to redo each frame for a schema of a hundred tables.
  std::vector<Point2> placed;
  std::string placed_for;
};

struct GraphNodeView {
  std::string label;
  Point2 position;      // any scale; the view fits the bounding box into the region
  std::string tooltip;  // shown on hover
  bool highlighted = false;
};

struct GraphEdgeView {
  int a = 0, b = 0;
  int weight = 1;  // drawn thicker and annotated when > 1
  std::string tooltip;
};

// Draws into the remaining content region of the current window.
void draw_graph_view(GraphView& view, const std::vector<GraphNodeView>& nodes, const std::vector<GraphEdgeView>& edges);

}  // namespace chokepoint::web
