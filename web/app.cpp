// Top level of the UI: a tab per panel (PRODUCT.md §9) and a notice line. Panels that belong to later capabilities
// say so instead of pretending.
#include "web/app.h"

#include <imgui.h>

#include "web/file_opener.h"
#include "web/panels/databases_panel.h"
#include "web/panels/eval_set_panel.h"
#include "web/page_commands.h"
#include "web/panels/metrics_panel.h"
#include "web/panels/schema_graph_panel.h"
#include "web/workspace.h"

namespace chokepoint::web {
namespace {

void open_pending_files(AppState& state) {
  auto files = std::move(state.pending_files);
  state.pending_files.clear();
  for (const auto& path : files) {
    if (open_file(state, path, "upload") == OpenedKind::Failed) continue;
    const std::string kept = keep_in_workspace(path);
    if (kept.empty()) notify(state, "the workspace is not available: this file will not survive a reload", true);
  }
}

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

}  // namespace

MetricsPanel& metrics_panel() {
  static MetricsPanel panel;
  return panel;
}

void start_app(AppState& state) {
  open_file(state, "/assets/db/toxicology.sqlite", "sample");
  open_file(state, "/assets/db/movies.sqlite", "sample");
  open_file(state, "/assets/sets/sample_dev.json", "sample");
  for (const auto& f : workspace_files()) open_file(state, f, "workspace");
  state.notices.clear();  // start-up loading is not news; failures of workspace files are
  state.databases.selected = 0;
}

void draw_app(AppState& state) {
  if (!state.pending_files.empty()) open_pending_files(state);
  apply_page_commands(state, metrics_panel());
  const std::string requested_tab = take_requested_tab();
  auto tab = [&](const char* name) {
    return ImGui::BeginTabItem(name, nullptr, requested_tab == name ? ImGuiTabItemFlags_SetSelected : 0);
  };
  step_metrics_job(state, metrics_panel(), 12.0);
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImGui::GetIO().DisplaySize);
  ImGui::Begin("Chokepoint", nullptr,
               ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                   ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoBringToFrontOnFocus);
  ImGui::Text("Chokepoint");
  ImGui::SameLine();
  ImGui::TextDisabled("text-to-SQL evaluation workbench");
  if (!state.notices.empty()) {
    ImGui::SameLine();
    const auto& n = state.notices.back();
    ImGui::TextColored(n.error ? ImVec4(1, 0.45f, 0.45f, 1) : ImVec4(0.6f, 0.85f, 0.6f, 1), "  %s", n.text.c_str());
  }
  if (ImGui::BeginTabBar("panels")) {
    if (tab("Databases")) {
      draw_databases_panel(state);
      ImGui::EndTabItem();
    }
    if (tab("Schema graph")) {
      draw_schema_graph_panel(state);
      ImGui::EndTabItem();
    }
    if (tab("Evaluation set")) {
      draw_eval_set_panel(state);
      ImGui::EndTabItem();
    }
    if (tab("Predictions & metrics")) {
      draw_metrics_panel(state, metrics_panel());
      ImGui::EndTabItem();
    }
    if (tab("Workspace")) {
      draw_workspace_panel(state);
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
  }
  ImGui::End();
}

}  // namespace chokepoint::web
