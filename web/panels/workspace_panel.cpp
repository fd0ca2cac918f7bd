// The Workspace panel: the files kept in IndexedDB, and the log of messages.
#include <imgui.h>

#include "web/panel_registry.h"
#include "web/workspace.h"

namespace chokepoint::web {
namespace {

void draw_workspace_panel(AppState& state) {
  ImGui::TextWrapped("Files you open are kept in this browser's IndexedDB and reopened on the next visit. "
                     "They never leave this machine.");
  if (!workspace_available()) ImGui::TextColored(ImVec4(1, 0.6f, 0.3f, 1), "IndexedDB is not available here.");
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

const PanelRegistrar registrar{{"Workspace", 90, draw_workspace_panel, nullptr, nullptr}};

}  // namespace
}  // namespace chokepoint::web
