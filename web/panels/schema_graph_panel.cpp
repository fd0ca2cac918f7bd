// Schema graph panel. The graph, its layout and statistics are computed once per database and sibling rule, then
// only drawn; drawing is plain ImDrawList (no node-editor library exists for ImGui 1.86 in Debian).
#include "web/panels/schema_graph_panel.h"

#include <imgui.h>

#include "web/panel_registry.h"

#include <algorithm>
#include <cmath>

#include "core/graph/layout.h"
#include "core/graph/schema_graph.h"
#include "core/graph/statistics.h"
#include "core/sql/query_shape.h"
#include "web/widgets/flow_layout.h"
#include "web/widgets/graph_view.h"
#include "web/widgets/ui_px.h"

namespace chokepoint::web {
namespace {

void ensure_graph(SchemaGraphPanel& panel, const LoadedDatabase& db, int db_index) {
  if (panel.db == db_index && panel.rule == panel.built_rule && panel.graph) return;
  SchemaGraphOptions options;
  options.siblings = panel.rule == 0 ? SiblingRule::column : panel.rule == 1 ? SiblingRule::table : SiblingRule::none;
  panel.graph = std::make_shared<SchemaGraph>(build_schema_graph(db.schema, options));
  const UndirectedGraph g = panel.graph->to_undirected();
  panel.positions = kamada_kawai_layout(g);
  panel.stats = std::make_shared<GraphStatistics>(compute_statistics(*panel.graph));
  panel.db = db_index;
  panel.built_rule = panel.rule;
  panel.view = GraphView{};
}

void draw_schema_graph_statistics(const GraphStatistics& s, const SchemaGraph& g) {
  ImGui::Text("tables |V|        %zu", s.nodes);
  ImGui::Text("joinable pairs |E| %zu", s.edges);
  ImGui::Text("join labels       %zu", s.labels);
  ImGui::Text("avg degree 2|E|/|V| %.2f", s.avg_degree);
  ImGui::Text("components        %zu (%s)", s.components, s.connected ? "connected" : "not connected");
  ImGui::Text("cycles (len >= 3) %s%llu", s.cycles.at_least ? "at least " : "",
              static_cast<unsigned long long>(s.cycles.total));
  ImGui::Text("diameter          %d", s.diameter);
  ImGui::Separator();
  ImGui::TextDisabled("betweenness / degree centrality");
  if (ImGui::BeginTable("centrality", 3, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY,
                        ImVec2(0, 220))) {
    ImGui::TableSetupColumn("table");
    ImGui::TableSetupColumn("betw.");
    ImGui::TableSetupColumn("degree");
    ImGui::TableHeadersRow();
    for (size_t i = 0; i < g.tables.size(); ++i) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(g.tables[i].c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%.3f", i < s.betweenness.size() ? s.betweenness[i] : 0.0);
      ImGui::TableNextColumn();
      ImGui::Text("%.3f", i < s.degree_centrality.size() ? s.degree_centrality[i] : 0.0);
    }
    ImGui::EndTable();
  }
}

}  // namespace

void draw_schema_graph_panel(AppState& state) {
  auto& dbs = state.databases.databases;
  auto& panel = state.schema_graph;
  if (dbs.empty()) {
    ImGui::Text("No database loaded.");
    return;
  }
  int db_index = std::clamp(state.databases.selected, 0, static_cast<int>(dbs.size()) - 1);
  ImGui::SetNextItemWidth(ui_px(220));
  if (ImGui::BeginCombo("database", dbs[static_cast<size_t>(db_index)].schema.db_id.c_str())) {
    for (size_t i = 0; i < dbs.size(); ++i)
      if (ImGui::Selectable(dbs[i].schema.db_id.c_str(), static_cast<int>(i) == db_index)) {
        state.databases.selected = static_cast<int>(i);
        db_index = static_cast<int>(i);
      }
    ImGui::EndCombo();
  }
  flow_next_item(ui_px(160), "FK-FK siblings");
  ImGui::Combo("FK-FK siblings", &panel.rule, "same column\0same table\0none\0");
  const char* how = "drag to pan, wheel to zoom, hover for details";
  flow_same_line(text_width(how));
  ImGui::TextDisabled("%s", how);
  const auto& db = dbs[static_cast<size_t>(db_index)];
  ensure_graph(panel, db, db_index);
  // Highlight the tables of the query selected in the Evaluation set panel, when it belongs to this database.
  panel.highlight.clear();
  const auto& es = state.eval_sets;
  if (es.selected_set >= 0 && es.selected_set < static_cast<int>(es.sets.size())) {
    const auto& items = es.sets[static_cast<size_t>(es.selected_set)].set.items;
    if (es.selected_item >= 0 && es.selected_item < static_cast<int>(items.size()) &&
        items[static_cast<size_t>(es.selected_item)].db_id == db.schema.db_id) {
      panel.highlight = sql::query_tables(items[static_cast<size_t>(es.selected_item)].sql, db.schema);
      ImGui::TextDisabled("highlighted: the tables of evaluation item %s",
                          items[static_cast<size_t>(es.selected_item)].key.c_str());
    }
  }

  ImGui::BeginChild("stats", ui_px(300, 0), true);
  draw_schema_graph_statistics(*panel.stats, *panel.graph);
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("canvas", ImVec2(0, 0), true, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  std::vector<GraphNodeView> nodes;
  for (size_t i = 0; i < panel.graph->tables.size(); ++i) {
    GraphNodeView n;
    n.label = panel.graph->tables[i];
    n.position = panel.positions[i];
    if (const Table* t = db.schema.find_table(n.label)) {
      for (const auto& c : t->columns) n.tooltip += c.name + "  " + c.type + "\n";
    }
    n.highlighted =
        std::find(panel.highlight.begin(), panel.highlight.end(), to_lower_ascii(n.label)) != panel.highlight.end();
    nodes.push_back(std::move(n));
  }
  std::vector<GraphEdgeView> edges;
  for (const auto& e : panel.graph->edges) {
    GraphEdgeView v;
    v.a = e.a;
    v.b = e.b;
    v.weight = static_cast<int>(e.labels.size());
    for (const auto& l : e.labels) v.tooltip += l.text() + "   [" + to_string(l.source) + "]\n";
    edges.push_back(std::move(v));
  }
  draw_graph_view(panel.view, nodes, edges);
  ImGui::EndChild();
}

namespace {
nlohmann::json schema_graph_json(AppState& state) {
  nlohmann::json j = nlohmann::json::object();
  const auto& p = state.schema_graph;
  j["highlight"] = p.highlight;
  j["zoom"] = p.view.zoom;
  if (p.graph) {
    j["db_id"] = p.graph->db_id;
    j["tables"] = p.graph->tables;
    j["edges"] = p.graph->edges.size();
  }
  return j;
}

const PanelRegistrar schema_graph_panel_registrar{
    {"Schema graph", 20, draw_schema_graph_panel, nullptr, schema_graph_json}};
}  // namespace

}  // namespace chokepoint::web
