// Evaluation set panel.
#include "web/panels/eval_set_panel.h"

#include <imgui.h>

#include "web/panel_registry.h"

#include "core/dataset/eval_set.h"
#include "web/file_bridge.h"
#include "web/widgets.h"

namespace chokepoint::web {
namespace {

bool contains_ci(const std::string& hay, const char* needle) {
  if (!needle[0]) return true;
  return to_lower_ascii(hay).find(to_lower_ascii(needle)) != std::string::npos;
}

void draw_item_detail(AppState& state, const EvalItem& item, int index) {
  auto& panel = state.eval_sets;
  ImGui::Text("item %s  db %s  %s", item.key.c_str(), item.db_id.c_str(), item.difficulty.c_str());
  ImGui::Separator();
  ImGui::TextWrapped("Question: %s", item.question.empty() ? "(none)" : item.question.c_str());
  if (!item.evidence.empty()) ImGui::TextWrapped("Evidence: %s", item.evidence.c_str());
  ImGui::Spacing();
  ImGui::TextDisabled("SQL");
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(item.sql.c_str());
  ImGui::PopTextWrapPos();
  const LoadedDatabase* db = find_database(state, item.db_id);
  if (!db) {
    ImGui::TextDisabled("database %s is not loaded", item.db_id.c_str());
    return;
  }
  if (ImGui::Button("Run on database")) {
    QueryLimits lim;
    lim.timeout_ms = 5000;
    lim.max_rows = 10000;
    panel.run = db->connection->query(item.sql, lim);
    panel.run_item = index;
  }
  if (panel.run_item == index) draw_result_table("item-result", panel.run, 0);
}

}  // namespace

const LoadedDatabase* find_database(const AppState& state, const std::string& db_id) {
  for (const auto& d : state.databases.databases)
    if (d.schema.db_id == db_id && d.connection) return &d;
  return nullptr;
}

Result<ChosenItem> choose_item(const AppState& state, int set_index, int item_index) {
  const auto& sets = state.eval_sets.sets;
  if (set_index < 0 || set_index >= static_cast<int>(sets.size())) return Error{"no evaluation set loaded"};
  const LoadedSet& set = sets[static_cast<size_t>(set_index)];
  if (item_index < 0 || item_index >= static_cast<int>(set.set.items.size()))
    return Error{"no item " + std::to_string(item_index) + " in " + set.name};
  const EvalItem& item = set.set.items[static_cast<size_t>(item_index)];
  const LoadedDatabase* db = find_database(state, item.db_id);
  if (!db) return Error{"database " + item.db_id + " is not loaded"};
  return ChosenItem{&set, &item, db};
}

void draw_eval_set_panel(AppState& state) {
  auto& panel = state.eval_sets;
  if (ImGui::Button("Open files...")) open_file_picker();
  if (panel.sets.empty()) {
    ImGui::Text("No evaluation set loaded. BIRD or Spider dev.json, gold files (SQL<TAB>db_id) and CSV are accepted.");
    return;
  }
  if (panel.selected_set >= static_cast<int>(panel.sets.size())) panel.selected_set = 0;
  ImGui::SameLine();
  ImGui::SetNextItemWidth(260);
  if (ImGui::BeginCombo("set", panel.sets[static_cast<size_t>(panel.selected_set)].name.c_str())) {
    for (size_t i = 0; i < panel.sets.size(); ++i)
      if (ImGui::Selectable(panel.sets[i].name.c_str(), static_cast<int>(i) == panel.selected_set)) {
        panel.selected_set = static_cast<int>(i);
        panel.selected_item = -1;
      }
    ImGui::EndCombo();
  }
  const auto& set = panel.sets[static_cast<size_t>(panel.selected_set)].set;
  ImGui::SameLine();
  ImGui::SetNextItemWidth(140);
  ImGui::InputText("database", panel.filter_db, sizeof panel.filter_db);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(200);
  ImGui::InputText("search", panel.filter_text, sizeof panel.filter_text);

  ImGui::BeginChild("items", ImVec2(ImGui::GetContentRegionAvail().x * 0.45f, 0), true);
  for (size_t i = 0; i < set.items.size(); ++i) {
    const auto& it = set.items[i];
    if (!contains_ci(it.db_id, panel.filter_db)) continue;
    if (!contains_ci(it.question, panel.filter_text) && !contains_ci(it.sql, panel.filter_text)) continue;
    std::string label = "[" + it.db_id + "] " + (it.question.empty() ? it.sql : it.question) + "##" + std::to_string(i);
    if (ImGui::Selectable(label.c_str(), panel.selected_item == static_cast<int>(i))) panel.selected_item = static_cast<int>(i);
  }
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("item", ImVec2(0, 0), true);
  if (panel.selected_item >= 0 && panel.selected_item < static_cast<int>(set.items.size()))
    draw_item_detail(state, set.items[static_cast<size_t>(panel.selected_item)], panel.selected_item);
  else
    ImGui::TextDisabled("Select an item.");
  ImGui::EndChild();
}

namespace {
const PanelRegistrar registrar{{"Evaluation set", 30, draw_eval_set_panel, nullptr, nullptr}};
}  // namespace

}  // namespace chokepoint::web
