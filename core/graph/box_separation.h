// Boxes drawn at layout positions (a node's label with its frame) must not cover each other: this pushes apart every
// overlapping pair along the axis where they overlap least, half each way, until no pair overlaps by more than a
// rounding error or the rounds run out. Pure: the graph view calls it on the positions in pixels it is about to draw.
#pragma once
#include <vector>

#include "core/graph/layout.h"

namespace chokepoint {

struct Box {
  Point2 centre;
  double half_width = 0, half_height = 0;
};

// Returns the moved centres (same order); `gap` is the space kept between two boxes.
std::vector<Point2> separate_boxes(const std::vector<Box>& boxes, double gap, int max_rounds = 200);
// Where a graph view draws its nodes, in pixels from the canvas' top-left corner: the layout's positions fitted into a
// canvas of width x height with room at the edges for the widest and tallest box (each axis on its own, so a flat
// layout uses the whole width), scaled by `zoom` about the centre, then pushed apart by separate_boxes. `half_sizes`
// holds each node's box half width (x) and half height (y).
std::vector<Point2> place_boxes(const std::vector<Point2>& layout, const std::vector<Point2>& half_sizes, double width,
                                double height, double zoom = 1, double gap = 6);
// Whether any two boxes overlap (more than `tolerance` on both axes); for tests and the view's own check.
bool boxes_overlap(const std::vector<Box>& boxes, double tolerance = 1e-6);

}  // namespace chokepoint
