// A combo box over an enum's values, so panel state keeps the core's enums instead of coded ints.
//   enum_combo("centrality", o.centrality, {{CentralityKind::degree, "degree"}, {CentralityKind::betweenness, ...}});
#pragma once
#include <imgui.h>

#include <algorithm>
#include <initializer_list>
#include <utility>

#include "web/widgets/ui_px.h"

namespace chokepoint::web {

// The combo's own width (its label aside): `width` at 100 % text grown with the text, and never less than the widest
// choice with the arrow beside it, so no choice is cut at any text size.
template <typename E>
float enum_combo_item_width(std::initializer_list<std::pair<E, const char*>> choices, float width = 110) {
  float widest = 0;
  for (const auto& choice : choices) widest = std::max(widest, ImGui::CalcTextSize(choice.second).x);
  return std::max(ui_px(width), widest + ImGui::GetFrameHeight() + ImGui::GetStyle().FramePadding.x * 2);
}

template <typename E>
bool enum_combo(const char* label, E& value, std::initializer_list<std::pair<E, const char*>> choices,
                float width = 110) {
  const char* current = "";
  for (const auto& [v, name] : choices)
    if (v == value) current = name;
  bool changed = false;
  ImGui::SetNextItemWidth(enum_combo_item_width(choices, width));
  if (ImGui::BeginCombo(label, current)) {
    for (const auto& [v, name] : choices) {
      if (ImGui::Selectable(name, v == value) && v != value) {
        value = v;
        changed = true;
      }
    }
    ImGui::EndCombo();
  }
  return changed;
}

}  // namespace chokepoint::web
