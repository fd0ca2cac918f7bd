// A reusable interactive graph drawing: nodes at layout positions, edges with a weight (number of labels), pan and
// zoom, and tooltips on hover. Used for schema graphs and join query graphs.
#pragma once
#include <string>
#include <vector>

#include "core/graph/layout.h"

namespace chokepoint::web {

struct GraphView {
  float zoom = 1.0f;
  float pan_x = 0, pan_y = 0;
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
