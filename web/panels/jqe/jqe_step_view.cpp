// The step view (see jqe_step_view.h).
#include "web/panels/jqe/jqe_step_view.h"

#include <imgui.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "web/widgets/graph_view.h"
#include "web/widgets/sql_diff_view.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {
namespace {

ImVec4 verdict_colour(const std::string& v) {
  if (v == "kept") return ImVec4(0.35f, 0.9f, 0.4f, 1.0f);
  if (v == "redundant") return ImVec4(1.0f, 0.75f, 0.3f, 1.0f);
  if (v == "isomorphic" || v == "budget") return ImVec4(0.6f, 0.7f, 1.0f, 1.0f);
  return ImVec4(1.0f, 0.45f, 0.45f, 1.0f);
}

const char* verdict_words(const std::string& v) {
  if (v == "kept") return "kept";
  if (v == "redundant") return "redundant";
  if (v == "isomorphic") return "isomorphic, over cap";
  if (v == "empty_result") return "empty result";
  return v.c_str();
}

void draw_jqg(JqePanel& panel, const JqeStepView& v) {
  std::vector<GraphNodeView> nodes;
  for (size_t i = 0; i < v.jqg_nodes.size(); ++i) {
    GraphNodeView n;
    n.label = v.jqg_nodes[i];
    n.position = i < v.jqg_layout.size() ? v.jqg_layout[i] : Point2{};
    nodes.push_back(std::move(n));
  }
  std::vector<GraphEdgeView> edges;
  for (size_t i = 0; i < v.jqg_edges.size(); ++i) {
    GraphEdgeView e;
    e.a = v.jqg_edges[i].first;
    e.b = v.jqg_edges[i].second;
    e.tooltip = v.jqg_edge_conditions[i];
    edges.push_back(std::move(e));
  }
  ImGui::BeginChild("jqg", ImVec2(0, 240), true, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  draw_graph_view(panel.jqg_view, nodes, edges);
  ImGui::EndChild();
}

void draw_jqe_step_candidates(const JqeStepView& v) {
  ImGui::Text("Candidate tables (schema neighbours not in the query): %zu", v.candidates.size());
  if (!ImGui::BeginTable("candidates", 3, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg)) return;
  ImGui::TableSetupColumn("table", ImGuiTableColumnFlags_WidthFixed, 90);
  ImGui::TableSetupColumn("centr.", ImGuiTableColumnFlags_WidthFixed, 45);
  ImGui::TableSetupColumn("join conditions");
  ImGui::TableHeadersRow();
  for (const auto& c : v.candidates) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(c.table.c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%.2f", c.centrality);
    ImGui::TableNextColumn();
    for (const auto& k : c.conditions) ImGui::Text("%s: %s", k.label.c_str(), k.text.c_str());
  }
  ImGui::EndTable();
}

void draw_combinations(JqePanel& panel, const JqeStepView& v) {
  ImGui::Text("Join-condition combinations in preference order: %zu%s", v.combinations.size(),
              v.unexplored ? " (more left unexplored by the per-seed limit)" : "");
  // One decision at a time, for teaching: each combination is revealed with its verdict and reason.
  const int n = static_cast<int>(v.combinations.size());
  if (panel.reveal < 0) {
    if (n > 0 && ImGui::SmallButton("Walk through the decisions")) panel.reveal = 1;
  } else {
    if (ImGui::SmallButton("< previous") && panel.reveal > 1) --panel.reveal;
    ImGui::SameLine();
    if (ImGui::SmallButton("next >") && panel.reveal < n) ++panel.reveal;
    ImGui::SameLine();
    if (ImGui::SmallButton("show all")) panel.reveal = -1;
    if (panel.reveal > 0 && panel.reveal <= n) {
      const auto& c = v.combinations[static_cast<size_t>(panel.reveal - 1)];
      ImGui::TextWrapped("Decision %d of %d: %s is %s: %s", panel.reveal, n, c.label.c_str(), verdict_words(c.verdict),
                         c.why.c_str());
    }
  }
  const int shown = panel.reveal < 0 ? n : std::min(panel.reveal, n);
  // Up to a dozen rows the table takes the height its rows need (a "why" may wrap over several lines); beyond,
  // it scrolls within about twelve lines.
  const bool scrolls = v.combinations.size() > 12;
  ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_Resizable;
  if (scrolls) flags |= ImGuiTableFlags_ScrollY;
  if (!ImGui::BeginTable("combinations", 5, flags,
                         ImVec2(0, scrolls ? ImGui::GetTextLineHeightWithSpacing() * 13.0f : 0.0f)))
    return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("combination", ImGuiTableColumnFlags_WidthFixed, 170);
  ImGui::TableSetupColumn("verdict", ImGuiTableColumnFlags_WidthFixed, 135);
  ImGui::TableSetupColumn("class", ImGuiTableColumnFlags_WidthFixed, 40);
  ImGui::TableSetupColumn("JQG (V, E)", ImGuiTableColumnFlags_WidthFixed, 75);
  ImGui::TableSetupColumn("why");
  ImGui::TableHeadersRow();
  ImGuiListClipper clipper;
  clipper.Begin(shown);
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const auto& c = v.combinations[static_cast<size_t>(i)];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      if (c.expansion >= 0) {
        if (ImGui::Selectable((c.label + "##c" + std::to_string(i)).c_str(), panel.selected_expansion == c.expansion))
          panel.selected_expansion = c.expansion;
      } else {
        ImGui::TextUnformatted(c.label.c_str());
      }
      ImGui::TableNextColumn();
      ImGui::TextColored(verdict_colour(c.verdict), "%s", verdict_words(c.verdict));
      ImGui::TableNextColumn();
      if (c.iso_class >= 0) ImGui::Text("%d", c.iso_class);
      ImGui::TableNextColumn();
      if (c.shape.nodes) ImGui::Text("(%d, %d)%s", c.shape.nodes, c.shape.edges, c.shape.cyclic ? " cyc" : "");
      ImGui::TableNextColumn();
      ImGui::TextWrapped("%s", c.why.c_str());
    }
  }
  ImGui::EndTable();
}

void draw_classes(const JqeStepView& v) {
  std::map<int, std::vector<std::string>> classes;
  for (const auto& c : v.combinations)
    if (c.iso_class >= 0) classes[c.iso_class].push_back(c.label + (c.verdict == "kept" ? " (kept)" : ""));
  ImGui::Text("Isomorphism classes of the generated candidates (%zu)%s", classes.size(),
              v.context_members ? "; the set's queries count as members" : "");
  for (const auto& [id, members] : classes) {
    std::string line = "class " + std::to_string(id) + ": ";
    for (size_t i = 0; i < members.size(); ++i) line += (i ? ", " : "") + members[i];
    ImGui::BulletText("%s", line.c_str());
  }
}

void draw_expansions(JqePanel& panel, const JqeStepView& v) {
  // While walking through, only the expansions of the combinations revealed so far.
  std::set<int> revealed;
  if (panel.reveal >= 0)
    for (int k = 0; k < std::min(panel.reveal, static_cast<int>(v.combinations.size())); ++k)
      revealed.insert(v.combinations[static_cast<size_t>(k)].expansion);
  size_t shown = v.expansions.size();
  if (panel.reveal >= 0)
    shown = static_cast<size_t>(std::count_if(revealed.begin(), revealed.end(), [](int e) { return e >= 0; }));
  ImGui::Text("Expanded queries: %zu%s  (green: added, red: removed)", shown, panel.reveal >= 0 ? " so far" : "");
  if (v.expansions.empty()) {
    // Say why nothing was kept, and what would change it.
    size_t over_cap = 0, redundant = 0, empty = 0;
    for (const auto& c : v.combinations) {
      over_cap += c.verdict == "isomorphic";
      redundant += c.verdict == "redundant";
      empty += c.verdict == "empty_result";
    }
    std::string why = "None kept: ";
    if (over_cap > 0)
      why += std::to_string(over_cap) + " combination(s) fell in join-graph classes that already hold n per pattern" +
             (v.context_members ? " (the set's own queries count as members)" : "") +
             ". Raise n per pattern (0 = no cap)" +
             (v.context_members ? " or untick \"count the set's queries\"" : "") + ". ";
    if (redundant > 0) why += std::to_string(redundant) + " redundant. ";
    if (empty > 0) why += std::to_string(empty) + " gave an empty result. ";
    if (v.combinations.empty()) why += "the seed has no candidate table to join.";
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.8f, 0.4f, 1));
    ImGui::TextWrapped("%s", why.c_str());
    ImGui::PopStyleColor();
  }
  for (size_t i = 0; i < v.expansions.size(); ++i) {
    if (panel.reveal >= 0 && !revealed.count(static_cast<int>(i))) continue;
    const auto& e = v.expansions[i];
    ImGui::PushID(static_cast<int>(i));
    ImGui::Separator();
    ImGui::TextColored(ImVec4(0.7f, 0.8f, 1.0f, 1.0f), "%s  %s  class %d  JQG (%d, %d)", e.id.c_str(), e.label.c_str(),
                       e.iso_class, e.shape.nodes, e.shape.edges);
    draw_sql_diff(e.diff);
    const bool open = panel.selected_expansion == static_cast<int>(i) || v.expansions.size() <= 6;
    if (open) {
      ImGui::BeginChild("result",
                        ImVec2(0, std::min(60.0f + 20.0f * static_cast<float>(e.result.result.rows.size()), 130.0f)),
                        false);
      draw_result_table("expansion-result", e.result, 200);
      ImGui::EndChild();
    } else if (ImGui::SmallButton("show result")) {
      panel.selected_expansion = static_cast<int>(i);
    }
    ImGui::PopID();
  }
}

}  // namespace

void draw_step(JqePanel& panel) {
  if (!panel.step) {
    ImGui::TextDisabled("Pick a seed and press \"Step through\".");
    return;
  }
  const JqeStepView& v = *panel.step;
  if (!v.error.empty()) {
    draw_error("seed " + v.seed_id + " cannot be expanded: " + v.error);
    return;
  }
  ImGui::BeginChild("step-left", ImVec2(ImGui::GetContentRegionAvail().x * 0.36f, 0), true);
  ImGui::TextDisabled("Seed %s [%s]", v.seed_id.c_str(), v.db_id.c_str());
  if (!v.question.empty()) ImGui::TextWrapped("%s", v.question.c_str());
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(v.sql.c_str());
  ImGui::PopTextWrapPos();
  ImGui::Text("Join query graph: %d tables, %d joins%s", v.shape.nodes, v.shape.edges,
              v.shape.cyclic ? ", cyclic" : "");
  draw_jqg(panel, v);
  draw_jqe_step_candidates(v);
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("step-right", ImVec2(0, 0), true);
  draw_combinations(panel, v);
  draw_classes(v);
  draw_expansions(panel, v);
  ImGui::EndChild();
}

}  // namespace chokepoint::web
