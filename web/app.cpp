// Top level of the UI: a tab per registered panel (decisions.md §9), each panel's background job stepped every frame
// within a time budget so long work never freezes the page, and the newest notice beside the title.
#include "web/app.h"

#include <imgui.h>

#include <algorithm>
#include <chrono>

#include "web/bridge/file_opener.h"
#include "web/bridge/page_commands.h"
#include "web/panel_registry.h"
#include "web/workspace/workspace.h"
#include "web/workspace/workspace_state.h"

namespace chokepoint::web {
namespace {

// Frame budget for background jobs, shared by the panels: at 60 fps a frame has ~16 ms; jobs get 12.
constexpr double kJobBudgetMs = 12.0;

void open_pending_files(AppState& state) {
  auto files = std::move(state.pending_files);
  state.pending_files.clear();
  for (const auto& path : files) {
    if (path.size() > 11 && path.compare(path.size() - 11, 11, ".chokepoint") == 0) {
      import_workspace_archive(state, path);
      continue;
    }
    if (open_file(state, path, "upload") == OpenedKind::Failed) continue;
    const std::string kept = keep_in_workspace(path);
    if (kept.empty()) notify(state, "the workspace is not available: this file will not survive a reload", true);
  }
}

}  // namespace

void start_app(AppState& state) {
  open_file(state, "/assets/db/toxicology.sqlite", "sample");
  open_file(state, "/assets/db/movies.sqlite", "sample");
  open_file(state, "/assets/sets/sample_dev.json", "sample");
  for (const auto& f : workspace_files()) open_file(state, f, "workspace");
  state.notices.clear();  // start-up loading is not news
  state.databases.selected = 0;
  auto& panels = panel_registry();
  std::stable_sort(panels.begin(), panels.end(),
                   [](const PanelSpec& a, const PanelSpec& b) { return a.order < b.order; });
}

void draw_app(AppState& state) {
  if (!state.pending_files.empty()) open_pending_files(state);
  apply_page_commands(state);
  for (auto& p : panel_registry())
    if (p.step) p.step(state, kJobBudgetMs / static_cast<double>(panel_registry().size()) * 2);
  const std::string requested_tab = take_requested_tab();

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
    for (auto& p : panel_registry()) {
      const ImGuiTabItemFlags flags = requested_tab == p.name ? ImGuiTabItemFlags_SetSelected : 0;
      if (ImGui::BeginTabItem(p.name.c_str(), nullptr, flags)) {
        state.active_panel = p.name;
        p.draw(state);
        ImGui::EndTabItem();
      }
    }
    ImGui::EndTabBar();
  }
  ImGui::End();
}

}  // namespace chokepoint::web
