// Top level of the UI: a tab per registered panel (decisions.md §9), each panel's background job stepped every frame
// within a time budget so long work never freezes the page, and the newest notice beside the title.
#include "web/app.h"

#include <emscripten.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <chrono>
#include <exception>
#include <map>
#include <new>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "core/base/clock.h"
#include "web/bridge/file_opener.h"
#include "web/bridge/page_bridge.h"
#include "web/bridge/page_commands.h"
#include "web/current_exception.h"
#include "web/fonts.h"
#include "web/job_steps.h"
#include "web/panel_registry.h"
#include "web/tab_row.h"
#include "web/widgets/charts.h"
#include "web/widgets/item_places.h"
#include "web/workspace/file_loads_view.h"
#include "web/workspace/workspace.h"
#include "web/workspace/workspace_state.h"

namespace chokepoint::web {
namespace {

// Frame budget for background jobs, shared by the panels: at 60 fps a frame has ~16 ms; jobs get 12.
constexpr double kJobBudgetMs = 12.0;

// Opens the files uploaded or dropped, in their order, as many as `budget_ms` allows (one at least): ten databases
// chosen at once open over a few frames instead of holding one for their sum (110 ms for Spider's ten). The files the
// app queued itself at start (the sample set, the workspace's files) are not news and do not move the selection.
void open_pending_files(AppState& state, double budget_ms) {
  const double start = monotonic_ms();
  for (size_t opened = 0; !state.pending_files.empty(); ++opened) {
    if (opened > 0 && monotonic_ms() - start >= budget_ms) break;
    const auto [path, origin, at_start] = state.pending_files.front();  // a copy: opening may queue more
    state.pending_files.erase(state.pending_files.begin());
    if (path.size() > 11 && path.compare(path.size() - 11, 11, ".chokepoint") == 0) {
      import_workspace_archive(state, path);
      continue;
    }
    if (at_start) {
      const size_t notices = state.notices.size();
      const int selected = state.databases.selected;
      open_file(state, path, origin);
      state.notices.resize(std::min(notices, state.notices.size()));
      state.databases.selected = selected;
      continue;
    }
    if (open_file(state, path, origin) == OpenedKind::Failed) {
      // An upload that cannot be opened is not kept; a kept file that fails stays kept for the user to remove.
      if (origin == "upload") discard_upload(path);
      continue;
    }
    if (origin == "upload" && !keep_in_workspace(path))
      notify(state, "the workspace is not available: this file will not survive a reload", true);
  }
}

}  // namespace

void start_app(AppState& state) {
  // The first usable frame lists the sample databases and draws the first one's tables, from the build's schema
  // snapshot. Their files, the sample set and the workspace's files open in the frame after it (draw_app): their
  // reading, SQLite's first use and the code the browser compiles on its first call no longer delay the first picture
  // (bench/README.md, first usable frame).
  list_sample_databases(state, {"toxicology.sqlite", "movies.sqlite"});
  state.pending_files.push_back({"/assets/sets/sample_dev.json", "sample", true});
  for (const auto& f : workspace_files()) state.pending_files.push_back({f, "workspace", true});
  state.notices.clear();  // start-up loading is not news
  state.databases.selected = 0;
  auto& panels = panel_registry();
  std::stable_sort(panels.begin(), panels.end(),
                   [](const PanelSpec& a, const PanelSpec& b) { return a.order < b.order; });
}

namespace {

// EM_JS, not emscripten_run_script: the page's Content-Security-Policy forbids evaluating strings.
EM_JS(void, reload_page, (), { location.reload(); });

// The failure line above the tabs: what happened and the two ways on.
void draw_failure(AppState& state) {
  if (state.failure.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.55f, 0.45f, 1));
  ImGui::TextWrapped("%s", state.failure.c_str());
  ImGui::PopStyleColor();
  if (ImGui::Button("Dismiss and resume")) {
    state.failure.clear();
    state.paused_jobs.clear();
  }
  ImGui::SameLine();
  if (ImGui::Button("Reload the page")) reload_page();
}

void draw_tabs(AppState& state, const std::string& requested_tab) {
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImGui::GetIO().DisplaySize);
  ImGui::Begin("Chokepoint", nullptr,
               ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                   ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoBringToFrontOnFocus);
  ImGui::Text("Chokepoint");
  ImGui::SameLine();
  ImGui::TextDisabled("text-to-SQL evaluation workbench");
  if (!state.notices.empty()) {
    // Beside the title when it fits; otherwise on its own lines, wrapped, so the end of a long message (the
    // OLLAMA_ORIGINS hint, a file name) is never cut at the window's edge.
    const auto& n = state.notices.back();
    const ImVec4 colour = n.error ? ImVec4(1, 0.45f, 0.45f, 1) : ImVec4(0.6f, 0.85f, 0.6f, 1);
    ImGui::SameLine();
    const float room = ImGui::GetContentRegionAvail().x;
    if (ImGui::CalcTextSize(n.text.c_str()).x + 20 > room) ImGui::NewLine();
    ImGui::PushStyleColor(ImGuiCol_Text, colour);
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(("  " + n.text).c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
  }
  draw_failure(state);
  // Files on their way in (a big database takes seconds), on every tab; asked of the store a few times a second.
  static WorkspaceReport loads;
  if (state.frame % 6 == 0 || !loads.loads.empty()) loads = workspace_report();
  draw_file_loads(loads);
  const auto& panels = panel_registry();
  const int open = draw_tab_row(panels, state.active_panel, requested_tab);
  state.panel_top = ImGui::GetCursorScreenPos().y;
  // The tabs share this window's scrolling: each tab keeps its own, so a tab opened after another was scrolled down
  // shows its top (or where it was left), not the other's offset. Applied from the next frame, as ImGui scrolls.
  static std::map<int, float> scroll_of_tab;
  static int shown_tab = -1;
  if (open != shown_tab) {
    if (shown_tab >= 0) scroll_of_tab[shown_tab] = ImGui::GetScrollY();
    ImGui::SetScrollY(scroll_of_tab.count(open) ? scroll_of_tab[open] : 0.0f);
    shown_tab = open;
  }
  if (open >= 0) {
    const PanelSpec& p = panels[static_cast<size_t>(open)];
    ImGui::PushID(p.name.c_str());
    if (state.fail_next_draw == p.name) {
      state.fail_next_draw.clear();
      ImGui::BeginChild("simulated");  // left open on purpose: the recovery must close it
      throw std::runtime_error("simulated failure");
    }
    p.draw(state);
    ImGui::PopID();
  }
  // The widest thing drawn this frame against the window's right edge (a text size of 200 % makes rows of controls
  // that fit at 100 % run past it).
  const ImGuiWindow* window = ImGui::GetCurrentWindow();
  state.panel_overflow = std::max(0.0f, window->DC.CursorMaxPos.x - window->WorkRect.Max.x);
  ImGui::End();
}

// {"do": "simulate_failure", "panel": NAME, "in": "step" | "draw"}: the panel's next step or draw throws, so a test
// (or a curious user) can see that the app reports it and goes on.
const PageCommandRegistrar simulate_failure_registrar{
    "simulate_failure", [](AppState& state, const nlohmann::json& cmd) {
      (cmd.value("in", "step") == "draw" ? state.fail_next_draw : state.fail_next_step) = cmd.value("panel", "");
    }};

}  // namespace

void draw_app(AppState& state) {
  state.frame_parts.clear();
  const double frame_start = monotonic_ms();
  double started = frame_start;
  try {
    // Nothing waiting opens before the first usable frame (frame 2): see start_app.
    if (state.frame >= 2 && !state.pending_files.empty()) open_pending_files(state, kJobBudgetMs);
    note_frame_part(state, "open files", started);
    started = monotonic_ms();
    // A command waits for the files chosen before it, as it would had they opened in one frame.
    if (state.pending_files.empty()) apply_page_commands(state);
    note_frame_part(state, "page commands", started);
  } catch (...) {
    state.failure = "Opening a file or running a page command failed: " + describe_current_exception() + ".";
  }
  // The panels' jobs start after the first usable frame (frame 2): their first steps open stores and run code the
  // browser compiles on first use, which would delay the sample databases' first drawing on a cold start.
  if (state.frame >= 2) step_jobs(state, panel_registry(), frame_start, kJobBudgetMs, monotonic_ms);
  const std::string requested_tab = take_requested_tab();
  started = monotonic_ms();
  try {
    draw_tabs(state, requested_tab);
    note_frame_part(state, "draw " + state.active_panel, started);
  } catch (...) {
    // Close whatever the panel left open so the frame ends cleanly, then draw the failure alone this frame.
    ImGui::ErrorCheckEndFrameRecover(nullptr);
    state.failure = "Drawing the " + state.active_panel + " tab failed: " + describe_current_exception() +
                    ". Your files are kept in this browser's workspace.";
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImGui::GetIO().DisplaySize);
    ImGui::Begin("Chokepoint (recovering)", nullptr, ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove);
    draw_failure(state);
    ImGui::End();
  }
}

}  // namespace chokepoint::web

// The app's own state, for tests: {"failure": TEXT, "paused_jobs": [NAME, ...], "active_panel": NAME, "panel_top": Y,
// "panel_overflow": PX, "display": [W, H], "tabs": [NAME, ...], "font_glyphs": {"ui": N}} (display: the size ImGui
// lays out for, in the drawing buffer's pixels: CSS pixels times the device pixel ratio; panel_overflow: how far the
// open panel drew past the window's right edge, 0 when everything fitted).
extern "C" EMSCRIPTEN_KEEPALIVE const char* chokepoint_app_json() {
  static std::string out;
  const chokepoint::web::AppState* state = chokepoint::web::bound_app_state();
  const ImVec2 size = ImGui::GetCurrentContext() ? ImGui::GetIO().DisplaySize : ImVec2(0, 0);
  nlohmann::json j = {
      {"failure", state ? state->failure : ""},
      {"paused_jobs", state ? state->paused_jobs : std::set<std::string>{}},
      {"active_panel", state ? state->active_panel : ""},
      {"panel_top", state ? state->panel_top : 0.0f},
      {"panel_overflow", state ? state->panel_overflow : 0.0f},
      {"ui_scale", state ? state->ui_scale : 1.0f},
      {"display", {size.x, size.y}},
      {"framebuffer_scale", ImGui::GetCurrentContext() ? ImGui::GetIO().DisplayFramebufferScale.x : 1.0f},
      {"font_size", ImGui::GetCurrentContext() ? ImGui::GetFontSize() : 0.0f}};
  // How many characters the font rasterised: the glyphs of the app's ranges that its font file has.
  if (ImGui::GetCurrentContext() && !ImGui::GetIO().Fonts->Fonts.empty()) {
    j["font_glyphs"] = {{"ui", ImGui::GetIO().Fonts->Fonts[0]->Glyphs.Size}};
  }
  // The tabs, in the order they are drawn.
  std::vector<std::pair<int, std::string>> tabs;
  for (const auto& p : chokepoint::web::panel_registry()) tabs.emplace_back(p.order, p.name);
  std::stable_sort(tabs.begin(), tabs.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  j["tabs"] = nlohmann::json::array();
  for (const auto& t : tabs) j["tabs"].push_back(t.second);
  // The charts drawn last frame (CSS-pixel rectangles) and the tooltip shown, so tests can point at a bar.
  const auto& charts = chokepoint::web::charts_last_frame();
  j["tooltip"] = charts.tooltip;
  j["charts"] = nlohmann::json::object();
  for (const auto& [id, r] : charts.rects) j["charts"][id] = {r.x, r.y, r.z, r.w};
  j["buttons"] = nlohmann::json::object();  // named buttons of the last frame (web/widgets/item_places.h)
  for (const auto& [name, p] : chokepoint::web::item_places_last_frame()) j["buttons"][name] = {p.x, p.y, p.w, p.h};
  out = j.dump();
  return out.c_str();
}
