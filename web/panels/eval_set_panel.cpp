// Evaluation set panel.
#include "web/panels/eval_set_panel.h"

#include <imgui.h>

#include "web/panel_registry.h"

#include "core/dataset/eval_set.h"
#include "core/graph/layout.h"
#include "core/graph/undirected_graph.h"
#include "core/sql/query_shape.h"
#include "web/bridge/file_bridge.h"
#include "web/widgets/flow_layout.h"
#include "web/widgets/graph_view.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {
namespace {

bool contains_ci(const std::string& hay, const char* needle) {
  if (!needle[0]) return true;
  return to_lower_ascii(hay).find(to_lower_ascii(needle)) != std::string::npos;
}

// The shown item's join query graph, with what it was computed for (db_id and SQL).
struct ItemGraphCache {
  std::string key;
  sql::QueryGraphPicture pic;
  std::vector<Point2> positions;
};

void draw_eval_set_item_detail(AppState& state, const EvalItem& item, int index) {
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
  // Parsed and laid out once per item shown, not every frame.
  auto& cache = state.panels.get<ItemGraphCache>();
  const std::string key = item.db_id + '\x1f' + item.sql;
  if (cache.key != key) {
    cache.key = key;
    cache.pic = sql::query_graph_picture(item.sql, db->schema);
    UndirectedGraph g;
    for (const auto& n : cache.pic.nodes) g.add_node(n);
    for (const auto& e : cache.pic.edges) g.add_edge(e.first, e.second);
    cache.positions = cache.pic.nodes.empty() ? std::vector<Point2>{} : kamada_kawai_layout(g);
  }
  const sql::QueryGraphPicture& pic = cache.pic;
  ImGui::TextDisabled("join query graph: %zu tables, %zu joins (hover an edge for its conditions)", pic.nodes.size(),
                      pic.edges.size());
  if (!pic.nodes.empty()) {
    const auto& positions = cache.positions;
    std::vector<GraphNodeView> nodes;
    for (size_t i = 0; i < pic.nodes.size(); ++i) nodes.push_back({pic.nodes[i], positions[i], "", false});
    std::vector<GraphEdgeView> edges;
    for (size_t i = 0; i < pic.edges.size(); ++i)
      edges.push_back({pic.edges[i].first, pic.edges[i].second, 1, pic.edge_conditions[i]});
    ImGui::BeginChild("item-jqg", ImVec2(0, 170), true, ImGuiWindowFlags_NoScrollbar);
    draw_graph_view(panel.graph_view, nodes, edges);
    ImGui::EndChild();
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

void draw_eval_set_panel(AppState& state) {
  auto& panel = state.eval_sets;
  if (ImGui::Button("Open files...")) open_file_picker();
  if (panel.sets.empty()) {
    ImGui::TextWrapped(
        "No evaluation set loaded. BIRD or Spider dev.json, gold files (SQL<TAB>db_id) and CSV are accepted.");
    return;
  }
  if (panel.selected_set >= static_cast<int>(panel.sets.size())) panel.selected_set = 0;
  flow_next_item(ui_px(260), "set");
  if (ImGui::BeginCombo("set", panel.sets[static_cast<size_t>(panel.selected_set)].name.c_str())) {
    for (size_t i = 0; i < panel.sets.size(); ++i)
      if (ImGui::Selectable(panel.sets[i].name.c_str(), static_cast<int>(i) == panel.selected_set)) {
        panel.selected_set = static_cast<int>(i);
        panel.selected_item = -1;
      }
    ImGui::EndCombo();
  }
  const auto& set = panel.sets[static_cast<size_t>(panel.selected_set)].set;
  flow_next_item(ui_px(140), "database");
  ImGui::InputText("database", panel.filter_db, sizeof panel.filter_db);
  flow_next_item(ui_px(200), "search");
  ImGui::InputText("search", panel.filter_text, sizeof panel.filter_text);

  flow_next_item(ui_px(110), "JQG shape");
  const char* join_filters[] = {"any", "0 joins", "1 join", "2 joins", "3+ joins"};
  int jf = panel.filter_joins + 1;
  if (ImGui::Combo("JQG shape", &jf, join_filters, 5)) panel.filter_joins = jf - 1;
  if (panel.joins_for_set != panel.selected_set || panel.joins_for_size != static_cast<int>(set.items.size())) {
    panel.joins.clear();
    for (const auto& it : set.items) {
      const LoadedDatabase* db = find_database(state, it.db_id);
      panel.joins.push_back(db ? sql::join_count(it.sql, db->schema) : -1);
    }
    panel.joins_for_set = panel.selected_set;
    panel.joins_for_size = static_cast<int>(set.items.size());
  }

  ImGui::BeginChild("items", ImVec2(ImGui::GetContentRegionAvail().x * 0.45f, 0), true);
  for (size_t i = 0; i < set.items.size(); ++i) {
    const auto& it = set.items[i];
    if (!contains_ci(it.db_id, panel.filter_db)) continue;
    if (panel.filter_joins >= 0) {
      const int j = panel.joins[i];
      if (j < 0 || (panel.filter_joins < 3 ? j != panel.filter_joins : j < 3)) continue;
    }
    if (!contains_ci(it.question, panel.filter_text) && !contains_ci(it.sql, panel.filter_text)) continue;
    std::string label = "[" + it.db_id + "] " + (it.question.empty() ? it.sql : it.question) + "##" + std::to_string(i);
    if (ImGui::Selectable(label.c_str(), panel.selected_item == static_cast<int>(i)))
      panel.selected_item = static_cast<int>(i);
  }
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("item", ImVec2(0, 0), true);
  if (panel.selected_item >= 0 && panel.selected_item < static_cast<int>(set.items.size()))
    draw_eval_set_item_detail(state, set.items[static_cast<size_t>(panel.selected_item)], panel.selected_item);
  else
    ImGui::TextDisabled("Select an item.");
  ImGui::EndChild();
}

namespace {
nlohmann::json eval_set_json(AppState& state) {
  nlohmann::json j = nlohmann::json::object();
  const auto& p = state.eval_sets;
  j["selected_set"] = p.selected_set;
  j["selected_item"] = p.selected_item;
  j["filter_joins"] = p.filter_joins;
  j["joins"] = p.joins;
  if (p.selected_set >= 0 && p.selected_set < static_cast<int>(p.sets.size())) {
    const auto& items = p.sets[static_cast<size_t>(p.selected_set)].set.items;
    if (p.selected_item >= 0 && p.selected_item < static_cast<int>(items.size())) {
      const auto& it = items[static_cast<size_t>(p.selected_item)];
      if (const LoadedDatabase* db = find_database(state, it.db_id)) {
        const sql::QueryGraphPicture pic = sql::query_graph_picture(it.sql, db->schema);
        j["jqg"] = {{"nodes", pic.nodes}, {"edges", pic.edges}, {"conditions", pic.edge_conditions}};
      }
    }
  }
  return j;
}

// {"do": "select_item", "set": NAME, "item": N, "joins": -1|0|1|2|3}: what clicking an item does.
void select_item_command(AppState& state, const nlohmann::json& cmd) {
  auto& p = state.eval_sets;
  for (size_t i = 0; i < p.sets.size(); ++i)
    if (p.sets[i].name == cmd.value("set", "")) p.selected_set = static_cast<int>(i);
  p.selected_item = cmd.value("item", -1);
  if (cmd.contains("joins")) p.filter_joins = cmd["joins"].get<int>();
}

const PanelRegistrar eval_set_panel_registrar{{"Evaluation set", 30, draw_eval_set_panel, nullptr, eval_set_json}};
const PageCommandRegistrar eval_set_panel_select_registrar{"select_item", select_item_command};
}  // namespace

}  // namespace chokepoint::web
