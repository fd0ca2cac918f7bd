// Set and query picker.
#include "web/widgets/set_item_picker.h"
#include "web/widgets/flow_layout.h"
#include "web/widgets/ui_px.h"

#include <imgui.h>

#include <algorithm>
#include <string>

namespace chokepoint::web {

bool draw_set_item_picker(const std::vector<LoadedSet>& sets, int& set_index, int& item_index, const char* what,
                          const char* id, float item_width) {
  if (sets.empty()) {
    ImGui::TextDisabled("Load an evaluation set (Evaluation set tab) to pick a %s.", what);
    return false;
  }
  ImGui::PushID(id);
  set_index = std::clamp(set_index, 0, static_cast<int>(sets.size()) - 1);
  const auto& set = sets[static_cast<size_t>(set_index)];
  ImGui::SetNextItemWidth(ui_px(200));
  if (ImGui::BeginCombo("set", set.name.c_str())) {
    for (size_t i = 0; i < sets.size(); ++i)
      if (ImGui::Selectable(sets[i].name.c_str(), static_cast<int>(i) == set_index)) {
        set_index = static_cast<int>(i);
        item_index = 0;
      }
    ImGui::EndCombo();
  }
  const auto& items = sets[static_cast<size_t>(set_index)].set.items;
  if (items.empty()) {
    ImGui::PopID();
    return false;
  }
  item_index = std::clamp(item_index, 0, static_cast<int>(items.size()) - 1);
  auto label_of = [&](size_t i) { return "#" + std::to_string(i) + " [" + items[i].db_id + "] " + items[i].sql; };
  // On the set's line when it fits; on a line of its own it takes at most that line.
  flow_same_line(labelled_width(item_width, what));
  ImGui::SetNextItemWidth(std::min(item_width, ImGui::GetContentRegionAvail().x - labelled_width(0, what)));
  if (ImGui::BeginCombo(what, label_of(static_cast<size_t>(item_index)).c_str())) {
    for (size_t i = 0; i < items.size(); ++i)
      if (ImGui::Selectable((label_of(i) + "##" + std::to_string(i)).c_str(), static_cast<int>(i) == item_index))
        item_index = static_cast<int>(i);
    ImGui::EndCombo();
  }
  ImGui::PopID();
  return true;
}

}  // namespace chokepoint::web
