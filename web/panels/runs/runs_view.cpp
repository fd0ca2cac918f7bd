// The Runs tab: finished evaluations kept in the workspace's run store, two of them compared, marks set by hand.
#include "web/panels/runs/runs_view.h"
#include "web/panel_registry.h"
#include "web/sub_tab_registry.h"

#include "core/base/clock.h"

#include <imgui.h>

#include <ctime>

#include "core/base/json_dump.h"
#include "core/metrics/explanation.h"
#include "web/bridge/file_bridge.h"
#include "web/panels/metrics/metrics_run.h"
#include "web/widgets/flow_layout.h"
#include "web/widgets/item_places.h"
#include "web/widgets/ui_px.h"
#include "web/workspace/workspace.h"

#include "web/panels/runs/runs_store.h"

namespace chokepoint::web {
namespace {

void draw_run_table(AppState& state) {
  RunsView& v = state.panels.get<RunsView>();
  const ImGuiTableFlags flags =
      ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit;
  const float rows = static_cast<float>(std::min<size_t>(v.runs.size(), 6) + 1);
  if (!ImGui::BeginTable("runs", 7, flags, ImVec2(0, (rows + 0.5f) * ImGui::GetFrameHeightWithSpacing()))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  for (const char* c : {"A", "B", "run", "kept (UTC)", "items", "EX %"}) ImGui::TableSetupColumn(c);
  ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableHeadersRow();
  int64_t a = v.a, b = v.b;
  for (auto it = v.runs.rbegin(); it != v.runs.rend(); ++it) {  // newest first
    const auto& r = *it;
    const std::string id = std::to_string(r.id);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    if (ImGui::RadioButton(("##a" + id).c_str(), a == r.id)) a = r.id;
    note_item_place("run A " + id);
    ImGui::TableNextColumn();
    if (ImGui::RadioButton(("##b" + id).c_str(), b == r.id)) b = r.id;
    note_item_place("run B " + id);
    ImGui::TableNextColumn();
    ImGui::Text("#%s", id.c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(r.created_at.c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%zu", r.items);
    ImGui::TableNextColumn();
    ImGui::Text("%.2f", run_ex(r));
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(r.label.c_str());
  }
  ImGui::EndTable();
  if (a != v.a || b != v.b) compare_stored_runs(state, a, b);
}

const char* side_outcome(const std::optional<runs::ComparedSide>& s) {
  if (!s) return "-";
  return s->ex ? "EX 1" : "EX 0";
}

// One side's "almost correct" box: only for a wrong prediction (a right one needs no second opinion).
void draw_mark_box(AppState& state, const runs::ItemDelta& d, char side) {
  const auto& s = side == 'a' ? d.a : d.b;
  if (!s || s->ex) {
    ImGui::TextDisabled("-");
    return;
  }
  bool marked = s->mark && s->mark->almost_correct;
  const std::string label = std::string("##") + side + d.id;
  if (ImGui::Checkbox(label.c_str(), &marked)) mark_compared_item(state, side, d.id, marked);
  note_item_place(std::string("almost correct ") + static_cast<char>(side - 'a' + 'A') + " " + d.id);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s",
                      "Mark this prediction almost correct: the mark is kept for this item and this exact\n"
                      "prediction text in every run, and counted apart from EX.");
}

void draw_comparison(AppState& state) {
  RunsView& v = state.panels.get<RunsView>();
  const auto c = v.comparison;  // a mark set below rebuilds v.comparison; this one stays alive for the frame
  if (!c) return;
  ImGui::Text("#%lld -> #%lld: %zu fixed, %zu broken, %zu changed otherwise, %zu unchanged", (long long)c->run_a.id,
              (long long)c->run_b.id, c->fixed, c->broken, c->changed, c->unchanged);
  if (c->only_in_a || c->only_in_b) ImGui::Text("only in A: %zu, only in B: %zu", c->only_in_a, c->only_in_b);
  ImGui::Text("marked almost correct: %zu in A, %zu in B", c->almost_correct_a, c->almost_correct_b);
  if (!c->pairing_note.empty()) ImGui::TextWrapped("Items paired by position: %s", c->pairing_note.c_str());
  ImGui::Checkbox("show unchanged items", &v.show_unchanged);
  std::vector<const runs::ItemDelta*> shown;
  for (const auto& d : c->items)
    if (v.show_unchanged || d.change != runs::ItemChange::Unchanged || (d.a && d.a->mark) || (d.b && d.b->mark))
      shown.push_back(&d);
  if (shown.empty()) {
    ImGui::TextDisabled("Every item has the same outcome in both runs.");
    return;
  }
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_Resizable | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("compared", 8, flags, ImVec2(0, ImGui::GetContentRegionAvail().y))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  for (const char* col : {"item", "db", "change", "A", "B", "A almost", "B almost"}) ImGui::TableSetupColumn(col);
  ImGui::TableSetupColumn("why", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableHeadersRow();
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(shown.size()));
  while (clipper.Step()) {
    for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
      const auto& d = *shown[static_cast<size_t>(row)];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(d.id.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(d.db_id.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(runs::item_change_name(d.change));
      if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ui_px(640));
        ImGui::TextUnformatted(d.reason.c_str());
        if (d.a) ImGui::Text("A: %s", d.a->pred_sql.c_str());
        if (d.b) ImGui::Text("B: %s", d.b->pred_sql.c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
      }
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(side_outcome(d.a));
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(side_outcome(d.b));
      ImGui::TableNextColumn();
      draw_mark_box(state, d, 'a');
      ImGui::TableNextColumn();
      draw_mark_box(state, d, 'b');
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(d.reason.c_str());
    }
  }
  ImGui::EndTable();
}

}  // namespace

void draw_runs_view(AppState& state) {
  RunsView& v = state.panels.get<RunsView>();
  if (!v.opened && workspace_restoring() > 0) {  // opening now would make a new store beside the one coming back
    ImGui::TextDisabled("Reading the workspace back...");
    return;
  }
  open_store(v);
  if (v.store_error.empty()) {
    wrapped_disabled("Every finished evaluation is kept in this browser's workspace (runs.sqlite).");
    flow_same_line(button_width("Download runs.sqlite"));
    if (ImGui::SmallButton("Download runs.sqlite"))
      offer_download(kRunStorePath, "runs.sqlite", "application/x-sqlite3");
    note_item_place("download runs");
  } else {
    ImGui::TextColored(ImVec4(1.0f, 0.55f, 0.3f, 1.0f), "Runs are not kept: %s", v.store_error.c_str());
  }
  if (!v.error.empty()) ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1.0f), "%s", v.error.c_str());
  if (v.runs.empty()) {
    ImGui::TextDisabled("No run is kept yet: a run is kept when its evaluation finishes.");
    return;
  }
  ImGui::TextWrapped(
      "Choose run A and run B to compare them item by item. Export the store to compare runs with "
      "`chokepoint runs compare` or add CLI runs to it (`chokepoint eval --store`).");
  draw_run_table(state);
  draw_comparison(state);
}

nlohmann::json runs_view_json(AppState& state) {
  const RunsView& v = state.panels.get<RunsView>();
  nlohmann::json runs = nlohmann::json::array();
  for (const auto& r : v.runs)
    runs.push_back(
        {{"id", r.id}, {"label", r.label}, {"created_at", r.created_at}, {"items", r.items}, {"ex", run_ex(r)}});
  nlohmann::json j = {{"path", kRunStorePath}, {"kept", kept_in_workspace(v)}, {"runs", runs}, {"a", v.a}, {"b", v.b}};
  if (!v.store_error.empty()) j["store_error"] = v.store_error;
  if (!v.error.empty()) j["error"] = v.error;
  if (v.comparison) j["comparison"] = runs::comparison_json(*v.comparison);
  return j;
}

namespace {

// {"do": "runs_compare", "a": ID, "b": ID}: the Runs tab's A and B choices.
const PageCommandRegistrar runs_compare_registrar{"runs_compare", [](AppState& state, const nlohmann::json& cmd) {
                                                    compare_stored_runs(state, cmd.value("a", 0), cmd.value("b", 0));
                                                  }};
// {"do": "runs_mark", "side": "a"|"b", "item": ID, "almost_correct": true|false, "note": TEXT}: a mark box.
const PageCommandRegistrar runs_mark_registrar{
    "runs_mark", [](AppState& state, const nlohmann::json& cmd) {
      mark_compared_item(state, cmd.value("side", "b") == "a" ? 'a' : 'b', cmd.value("item", ""),
                         cmd.value("almost_correct", true), cmd.value("note", ""));
    }};

// Its JSON goes beside the panel's: "runs", and the current run's "stored_id" (kept means listed and compared too:
// 0 until the store's later frames are over).
const SubTabRegistrar runs_view_tab{{kMetricsPanelName, "Runs", 60, "", draw_runs_view,
                                     [](AppState& s, double) { step_runs_view(s); },
                                     [](AppState& s) {
                                       nlohmann::json j = {{"runs", runs_view_json(s)}};
                                       const RunsView& v = s.panels.get<RunsView>();
                                       if (const auto run = current_evaluation(s)) {
                                         const bool keeping = v.insert_run || v.persist_due || v.compare_due;
                                         j["stored_id"] = keeping ? 0 : run->stored_id;
                                       }
                                       return j;
                                     }}};

}  // namespace

}  // namespace chokepoint::web
