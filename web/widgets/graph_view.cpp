// Interactive graph drawing with ImDrawList.
#include "web/widgets/graph_view.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "core/graph/box_separation.h"
#include "web/widgets/item_places.h"

namespace chokepoint::web {
namespace {

float distance_to_segment(ImVec2 p, ImVec2 a, ImVec2 b) {
  const float dx = b.x - a.x, dy = b.y - a.y;
  const float len2 = dx * dx + dy * dy;
  float t = len2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2 : 0;
  t = std::clamp(t, 0.0f, 1.0f);
  const float cx = a.x + t * dx - p.x, cy = a.y + t * dy - p.y;
  return std::sqrt(cx * cx + cy * cy);
}

}  // namespace

void draw_graph_view(GraphView& view, const std::vector<GraphNodeView>& nodes,
                     const std::vector<GraphEdgeView>& edges) {
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImVec2 size = ImGui::GetContentRegionAvail();
  size.x = std::max(size.x, 50.0f);
  size.y = std::max(size.y, 50.0f);
  ImGui::InvisibleButton("graph-canvas", size, ImGuiButtonFlags_MouseButtonLeft);
  const bool hovered = ImGui::IsItemHovered();
  ImGuiIO& io = ImGui::GetIO();
  if (hovered && io.MouseWheel != 0)
    view.zoom = std::clamp(view.zoom * std::pow(1.1f, io.MouseWheel), 0.2f, 8.0f);  // 10% per wheel step, up = in

  std::string key;
  for (const auto& n : nodes) key += n.label + '\x1f';
  if (key != view.moved_for || view.moved.size() != nodes.size()) {
    view.moved_for = key;
    view.moved.assign(nodes.size(), Point2{});
    view.dragging = -1;
  }
  std::vector<Point2> layout, half_sizes;
  for (size_t i = 0; i < nodes.size(); ++i) {
    const ImVec2 ts = ImGui::CalcTextSize(nodes[i].label.c_str());
    half_sizes.push_back({ts.x / 2 + 6, ts.y / 2 + 4});
    layout.push_back(nodes[i].position);
  }
  std::string placing = key;
  const auto add = [&placing](double v) { placing.append(reinterpret_cast<const char*>(&v), sizeof v); };
  for (size_t i = 0; i < layout.size(); ++i) add(layout[i].x), add(layout[i].y), add(half_sizes[i].x);
  add(size.x), add(size.y), add(view.zoom);
  if (placing != view.placed_for) {
    view.placed = place_boxes(layout, half_sizes, size.x, size.y, view.zoom);
    view.placed_for = std::move(placing);
  }
  const auto& placed = view.placed;
  std::vector<ImVec2> at;
  for (size_t i = 0; i < placed.size(); ++i)
    at.emplace_back(origin.x + view.pan_x + static_cast<float>(placed[i].x + view.moved[i].x * view.zoom),
                    origin.y + view.pan_y + static_cast<float>(placed[i].y + view.moved[i].y * view.zoom));
  const auto node_at = [&](ImVec2 p) {
    for (size_t i = nodes.size(); i-- > 0;)
      if (std::fabs(p.x - at[i].x) <= static_cast<float>(half_sizes[i].x) &&
          std::fabs(p.y - at[i].y) <= static_cast<float>(half_sizes[i].y))
        return static_cast<int>(i);
    return -1;
  };
  if (ImGui::IsItemActivated()) view.dragging = node_at(io.MouseClickedPos[ImGuiMouseButton_Left]);
  if (!ImGui::IsItemActive()) view.dragging = -1;
  if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left)) {
    if (view.dragging >= 0) {
      view.moved[static_cast<size_t>(view.dragging)].x += io.MouseDelta.x / view.zoom;
      view.moved[static_cast<size_t>(view.dragging)].y += io.MouseDelta.y / view.zoom;
    } else {
      view.pan_x += io.MouseDelta.x;
      view.pan_y += io.MouseDelta.y;
    }
  }

  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect(origin, ImVec2(origin.x + size.x, origin.y + size.y), true);
  const ImVec2 mouse = io.MousePos;
  int hover_node = -1, hover_edge = -1;
  for (size_t i = 0; i < nodes.size(); ++i) {
    const ImVec2 ts = ImGui::CalcTextSize(nodes[i].label.c_str());
    if (hovered && std::fabs(mouse.x - at[i].x) <= ts.x / 2 + 8 && std::fabs(mouse.y - at[i].y) <= ts.y / 2 + 6)
      hover_node = static_cast<int>(i);
  }
  for (size_t i = 0; hover_node < 0 && hovered && i < edges.size(); ++i)
    if (distance_to_segment(mouse, at[static_cast<size_t>(edges[i].a)], at[static_cast<size_t>(edges[i].b)]) < 5)
      hover_edge = static_cast<int>(i);

  for (size_t i = 0; i < edges.size(); ++i) {
    const auto& e = edges[i];
    const ImVec2 a = at[static_cast<size_t>(e.a)], b = at[static_cast<size_t>(e.b)];
    const ImU32 col = static_cast<int>(i) == hover_edge ? IM_COL32(255, 210, 90, 255) : IM_COL32(120, 140, 170, 200);
    dl->AddLine(a, b, col, 1.0f + 1.2f * static_cast<float>(std::min(e.weight, 4) - 1));
    if (e.weight > 1) {
      const std::string w = std::to_string(e.weight);
      dl->AddText(ImVec2((a.x + b.x) / 2 + 3, (a.y + b.y) / 2 - 14), IM_COL32(200, 200, 120, 255), w.c_str());
    }
  }
  for (size_t i = 0; i < nodes.size(); ++i) {
    const ImVec2 ts = ImGui::CalcTextSize(nodes[i].label.c_str());
    const ImVec2 p0(at[i].x - ts.x / 2 - 6, at[i].y - ts.y / 2 - 4), p1(at[i].x + ts.x / 2 + 6, at[i].y + ts.y / 2 + 4);
    ImU32 fill = nodes[i].highlighted ? IM_COL32(170, 90, 40, 255) : IM_COL32(45, 75, 120, 255);
    if (static_cast<int>(i) == hover_node) fill = IM_COL32(80, 120, 180, 255);
    dl->AddRectFilled(p0, p1, fill, 4.0f);
    note_place("graph node " + nodes[i].label, p0.x, p0.y, p1.x - p0.x, p1.y - p0.y);
    dl->AddRect(p0, p1, IM_COL32(200, 210, 230, 255), 4.0f);
    dl->AddText(ImVec2(at[i].x - ts.x / 2, at[i].y - ts.y / 2), IM_COL32(240, 240, 240, 255), nodes[i].label.c_str());
  }
  dl->PopClipRect();
  if (hover_node >= 0 && !nodes[static_cast<size_t>(hover_node)].tooltip.empty()) {
    ImGui::BeginTooltip();
    ImGui::TextUnformatted(nodes[static_cast<size_t>(hover_node)].label.c_str());
    ImGui::Separator();
    ImGui::TextUnformatted(nodes[static_cast<size_t>(hover_node)].tooltip.c_str());
    ImGui::EndTooltip();
  } else if (hover_edge >= 0) {
    ImGui::SetTooltip("%s", edges[static_cast<size_t>(hover_edge)].tooltip.c_str());
  }
}

}  // namespace chokepoint::web
