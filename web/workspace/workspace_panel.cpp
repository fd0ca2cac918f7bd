// The Workspace panel: the files kept in IndexedDB, and the log of messages.
#include <imgui.h>

#include "web/bridge/file_bridge.h"
#include "web/panel_registry.h"
#include "web/workspace/file_loads_view.h"
#include "web/workspace/workspace.h"
#include "web/workspace/workspace_state.h"

namespace chokepoint::web {
namespace {

// The state of one kept file, in words: saved, saving, or why it will not be there after a reload.
void draw_kept_state(const KeptFile& f) {
  const char* word = f.state == "saved"       ? (f.opened ? "saved" : "saved, not opened")
                     : f.state == "saving"    ? "saving..."
                     : f.state == "too_large" ? "too large for this browser"
                                              : "not saved";
  const bool bad = f.state == "too_large" || f.state == "failed";
  if (bad)
    ImGui::TextColored(ImVec4(1, 0.5f, 0.4f, 1), "%s", word);
  else
    ImGui::TextUnformatted(word);
  if (!f.detail.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", f.detail.c_str());
}

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
  const WorkspaceReport report = workspace_report();
  draw_file_loads(report);
  // The browser's own estimate (navigator.storage.estimate): a write can still be refused below it (Chromium's
  // estimate does not follow a quota set through its DevTools protocol, and browsers round and pad it), so it is
  // named as an estimate beside the files' own states.
  if (report.quota > 0) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled(
        "The browser estimates the page may store about %s; %s is in use. A file can still be refused "
        "below that: each file's state says.",
        megabytes(report.quota).c_str(), megabytes(report.usage).c_str());
    ImGui::PopTextWrapPos();
  }
  if (ImGui::BeginTable("kept-files", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn("file", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("size");
    ImGui::TableSetupColumn("kept");
    ImGui::TableSetupColumn("");
    ImGui::TableHeadersRow();
    for (const auto& f : report.files) {
      ImGui::PushID(f.path.c_str());
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(f.path.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(megabytes(f.size).c_str());
      ImGui::TableNextColumn();
      draw_kept_state(f);
      ImGui::TableNextColumn();
      if (ImGui::SmallButton("remove")) {
        remove_from_workspace(f.path);
        notify(state, "removed " + f.path + " from the workspace (reload to close it)");
      }
      ImGui::PopID();
    }
    ImGui::EndTable();
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
  const WorkspaceReport r = workspace_report();
  nlohmann::json files = nlohmann::json::array(), kept = nlohmann::json::array(), loads = nlohmann::json::array();
  for (const auto& f : workspace_files()) files.push_back(f);
  for (const auto& f : r.files)
    kept.push_back(
        {{"path", f.path}, {"state", f.state}, {"detail", f.detail}, {"size", f.size}, {"opened", f.opened}});
  for (const auto& l : r.loads)
    loads.push_back({{"path", l.path}, {"origin", l.origin}, {"done", l.done}, {"total", l.total}});
  return {{"available", r.available}, {"files", files},   {"kept", kept},    {"loads", loads},
          {"writing", r.writing},     {"usage", r.usage}, {"quota", r.quota}};
}

const PanelRegistrar workspace_panel_registrar{{"Workspace", 90, draw_workspace_panel, nullptr, workspace_json}};
const PageCommandRegistrar export_command{"workspace_export",
                                          [](AppState& s, const nlohmann::json&) { export_workspace_download(s); }};
const PageCommandRegistrar clear_command{"workspace_clear",
                                         [](AppState& s, const nlohmann::json&) { clear_workspace(s); }};

}  // namespace
}  // namespace chokepoint::web
