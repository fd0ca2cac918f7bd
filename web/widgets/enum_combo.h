// A combo box over an enum's values, so panel state keeps the core's enums instead of coded ints.
//   enum_combo("centrality", o.centrality, {{CentralityKind::degree, "degree"}, {CentralityKind::betweenness, ...}});
#pragma once
#include <imgui.h>

#include <initializer_list>
#include <utility>

namespace chokepoint::web {

template <typename E>
bool enum_combo(const char* label, E& value, std::initializer_list<std::pair<E, const char*>> choices,
                float width = 110) {
  const char* current = "";
  for (const auto& [v, name] : choices)
    if (v == value) current = name;
  bool changed = false;
  ImGui::SetNextItemWidth(width);
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
