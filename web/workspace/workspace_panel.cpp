// The Workspace panel: the files kept in IndexedDB, and the log of messages.
#include <imgui.h>

#include "web/bridge/file_bridge.h"
#include "web/panel_registry.h"
#include "web/workspace/workspace.h"
#include "web/workspace/workspace_state.h"

namespace chokepoint::web {
namespace {

void draw_workspace_panel(AppState& state) {
  ImGui::TextWrapped(
      "Files you open are kept in this browser's IndexedDB and reopened on the next visit. "
      "They never leave this machine.");
  if (!workspace_available()) ImGui::TextColored(ImVec4(1, 0.6f, 0.3f, 1), "IndexedDB is not available here.");
  if (ImGui::Button("Export workspace")) export_workspace_download(state);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("One .chokepoint file (a SQLite database) with every workspace file; never an API key.");
  ImGui::SameLine();
  if (ImGui::Button("Import workspace...")) open_file_picker();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Pick a .chokepoint file: it replaces the workspace's files.");
  ImGui::SameLine();
  if (ImGui::Button("Clear workspace")) ImGui::OpenPopup("clear-workspace");
  if (ImGui::BeginPopupModal("clear-workspace", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::Text("Delete every file kept in this browser's workspace?");
    if (ImGui::Button("Delete")) {
      clear_workspace(state);
      ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Keep")) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  }
  for (const auto& f : workspace_files()) {
    ImGui::PushID(f.c_str());
    if (ImGui::SmallButton("remove")) {
      remove_from_workspace(f);
      notify(state, "removed " + f + " from the workspace (reload to close it)");
    }
    ImGui::SameLine();
    ImGui::TextUnformatted(f.c_str());
    ImGui::PopID();
  }
  ImGui::Separator();
  ImGui::TextDisabled("Messages");
  for (auto it = state.notices.rbegin(); it != state.notices.rend(); ++it) {
    if (it->error)
      ImGui::TextColored(ImVec4(1, 0.45f, 0.45f, 1), "%s", it->text.c_str());
    else
      ImGui::TextUnformatted(it->text.c_str());
  }
}

nlohmann::json workspace_json(AppState&) {
  nlohmann::json files = nlohmann::json::array();
  for (const auto& f : workspace_files()) files.push_back(f);
  return {{"available", workspace_available()}, {"files", files}};
}

const PanelRegistrar registrar{{"Workspace", 90, draw_workspace_panel, nullptr, workspace_json}};
const PageCommandRegistrar export_command{"workspace_export",
                                          [](AppState& s, const nlohmann::json&) { export_workspace_download(s); }};
const PageCommandRegistrar clear_command{"workspace_clear",
                                         [](AppState& s, const nlohmann::json&) { clear_workspace(s); }};

}  // namespace
}  // namespace chokepoint::web
