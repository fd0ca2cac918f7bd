#include "web/tab_row.h"

#include <imgui.h>

#include "web/widgets/item_places.h"

namespace chokepoint::web {
namespace {

int index_of(const std::vector<PanelSpec>& panels, const std::string& name) {
  for (size_t i = 0; i < panels.size(); ++i)
    if (panels[i].name == name) return static_cast<int>(i);
  return -1;
}

}  // namespace

int draw_tab_row(const std::vector<PanelSpec>& panels, std::string& active, const std::string& requested) {
  if (panels.empty()) return -1;
  if (index_of(panels, requested) >= 0) active = requested;
  if (index_of(panels, active) < 0) active = panels.front().name;
  const ImGuiStyle& style = ImGui::GetStyle();
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  ImGui::PushStyleVar(ImGuiStyleVar_FrameRounding, style.TabRounding);
  for (size_t i = 0; i < panels.size(); ++i) {
    const std::string& name = panels[i].name;
    const float width = ImGui::CalcTextSize(name.c_str()).x + 2 * style.FramePadding.x;
    if (i > 0) {
      const float next = ImGui::GetItemRectMax().x + style.ItemInnerSpacing.x;
      if (next + width <= right) ImGui::SameLine(0, style.ItemInnerSpacing.x);
    }
    const bool open = name == active;
    ImGui::PushStyleColor(ImGuiCol_Button, style.Colors[open ? ImGuiCol_TabActive : ImGuiCol_Tab]);
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, style.Colors[ImGuiCol_TabHovered]);
    ImGui::PushStyleColor(ImGuiCol_ButtonActive, style.Colors[ImGuiCol_TabActive]);
    if (ImGui::Button((name + "##panel-tab").c_str())) active = name;
    ImGui::PopStyleColor(3);
    note_item_place(name + " panel tab");
  }
  ImGui::PopStyleVar();
  // The line under the tabs, in the open tab's colour, as a tab bar draws it.
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImGui::GetWindowDrawList()->AddLine(ImVec2(ImGui::GetWindowPos().x, at.y - style.ItemSpacing.y / 2),
                                      ImVec2(right, at.y - style.ItemSpacing.y / 2),
                                      ImGui::GetColorU32(ImGuiCol_TabActive), 2.0f);
  return index_of(panels, active);
}

}  // namespace chokepoint::web
