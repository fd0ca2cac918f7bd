// Drawing the registered sub-tabs (see sub_tab_registry.h); the registry itself stays free of ImGui.
#include <imgui.h>

#include "web/sub_tab_registry.h"
#include "web/widgets/item_places.h"

namespace chokepoint::web {

void draw_sub_tabs(AppState& state, const std::string& panel) {
  for (auto& t : sub_tab_registry()) {
    if (t.panel != panel) continue;
    const bool open = ImGui::BeginTabItem(t.name.c_str());
    note_item_place(t.name + " tab");
    if (!open) continue;
    t.draw(state);
    ImGui::EndTabItem();
  }
}

void draw_sub_tab_body(AppState& state, const std::string& panel, const std::string& name) {
  for (auto& t : sub_tab_registry())
    if (t.panel == panel && t.name == name) t.draw(state);
}

}  // namespace chokepoint::web
