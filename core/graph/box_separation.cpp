// Overlap removal between drawn boxes (see box_separation.h).
#include "core/graph/box_separation.h"

#include <algorithm>
#include <cmath>

namespace chokepoint {

std::vector<Point2> separate_boxes(const std::vector<Box>& boxes, double gap, int max_rounds) {
  std::vector<Box> b = boxes;
  for (int round = 0; round < max_rounds; ++round) {
    bool moved = false;
    for (size_t i = 0; i < b.size(); ++i)
      for (size_t j = i + 1; j < b.size(); ++j) {
        const double dx = b[j].centre.x - b[i].centre.x, dy = b[j].centre.y - b[i].centre.y;
        const double over_x = b[i].half_width + b[j].half_width + gap - std::fabs(dx);
        const double over_y = b[i].half_height + b[j].half_height + gap - std::fabs(dy);
        if (over_x <= 1e-9 || over_y <= 1e-9) continue;
        moved = true;
        // Along the axis of the smaller overlap; boxes on the same spot part left and right by their order.
        if (over_x <= over_y) {
          const double s = (dx > 0 || (dx == 0 && i < j)) ? 1 : -1;
          b[i].centre.x -= s * over_x / 2;
          b[j].centre.x += s * over_x / 2;
        } else {
          const double s = dy > 0 ? 1 : (dy < 0 ? -1 : 1);
          b[i].centre.y -= s * over_y / 2;
          b[j].centre.y += s * over_y / 2;
        }
      }
    if (!moved) break;
  }
  std::vector<Point2> out;
  out.reserve(b.size());
  for (const auto& box : b) out.push_back(box.centre);
  return out;
}

std::vector<Point2> place_boxes(const std::vector<Point2>& layout, const std::vector<Point2>& half_sizes, double width,
                                double height, double zoom, double gap) {
  if (layout.empty()) return {};
  double min_x = layout[0].x, max_x = min_x, min_y = layout[0].y, max_y = min_y, half_w = 0, half_h = 0;
  for (const auto& p : layout) {
    min_x = std::min(min_x, p.x);
    max_x = std::max(max_x, p.x);
    min_y = std::min(min_y, p.y);
    max_y = std::max(max_y, p.y);
  }
  for (const auto& h : half_sizes) {
    half_w = std::max(half_w, h.x);
    half_h = std::max(half_h, h.y);
  }
  const double room_x = std::max(width - 2 * (half_w + gap), 1.0), room_y = std::max(height - 2 * (half_h + gap), 1.0);
  const double span_x = max_x - min_x, span_y = max_y - min_y;
  double scale = 1;
  if (span_x > 1e-9 && span_y > 1e-9)
    scale = std::min(room_x / span_x, room_y / span_y);
  else if (span_x > 1e-9)
    scale = room_x / span_x;
  else if (span_y > 1e-9)
    scale = room_y / span_y;
  scale *= zoom;
  const double mid_x = (min_x + max_x) / 2, mid_y = (min_y + max_y) / 2;
  std::vector<Box> boxes;
  for (size_t i = 0; i < layout.size(); ++i) {
    const Point2 h = i < half_sizes.size() ? half_sizes[i] : Point2{};
    boxes.push_back(
        {{width / 2 + (layout[i].x - mid_x) * scale, height / 2 + (layout[i].y - mid_y) * scale}, h.x, h.y});
  }
  return separate_boxes(boxes, gap);
}

bool boxes_overlap(const std::vector<Box>& boxes, double tolerance) {
  for (size_t i = 0; i < boxes.size(); ++i)
    for (size_t j = i + 1; j < boxes.size(); ++j) {
      const double over_x =
          boxes[i].half_width + boxes[j].half_width - std::fabs(boxes[j].centre.x - boxes[i].centre.x);
      const double over_y =
          boxes[i].half_height + boxes[j].half_height - std::fabs(boxes[j].centre.y - boxes[i].centre.y);
      if (over_x > tolerance && over_y > tolerance) return true;
    }
  return false;
}

}  // namespace chokepoint
