// The Text augmentation panel's "Linker tables" view: set statistics shaped like thesis Tables 4.1, 4.2 and 4.7,
// the item list, and the selected item's linker components with the question and evidence tokens that refer to them.
#include "web/panels/tqa/tqa_views.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "core/tqa/augmentation_prompts.h"
#include "web/bridge/lexicon_loader.h"
#include "web/llm/llm_session.h"
#include "web/panel_registry.h"
#include "web/widgets/enum_combo.h"
#include "web/widgets/flow_layout.h"
#include "web/widgets/highlighted_text.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {
namespace {

std::string token_list(const std::vector<tqa::TextToken>& tokens) {
  std::string s;
  for (const auto& t : tokens) s += (s.empty() ? "" : ", ") + t.text + " @" + std::to_string(t.position);
  return s.empty() ? "-" : s;
}

void table_row(const char* label, const std::string& value) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(label);
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(value.c_str());
}

std::string percent_of(size_t part, size_t whole) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%zu / %zu (%.1f%%)", part, whole, whole ? 100.0 * part / whole : 0.0);
  return buf;
}

void draw_tqa_linker_statistics(const LinkerRun& run) {
  const tqa::LinkerStatistics s = tqa::linker_statistics(run.analyses);
  ImGui::TextWrapped("Set statistics over %zu analysed queries (like thesis Tables 4.1, 4.2 and 4.7; no LLM involved)",
                     s.queries);
  if (ImGui::BeginTable("tqa-stats", 2,
                        ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
    table_row("queries with a linker table (JQG >= 3 nodes)", percent_of(s.with_linker_table, s.queries));
    table_row("  ... with a reference in the question", percent_of(s.with_question_reference, s.with_linker_table));
    table_row("linker components found in questions", std::to_string(s.components_in_questions));
    table_row("linker components found in evidence", std::to_string(s.components_in_evidence));
    table_row("matching question tokens", std::to_string(s.matching_question_tokens));
    table_row("matching evidence tokens", std::to_string(s.matching_evidence_tokens));
    table_row("join attributes mentioned in questions", percent_of(s.join_attributes_in_questions, s.questions));
    table_row("projection/filter attributes in questions", percent_of(s.other_attributes_in_questions, s.questions));
    table_row("join attributes mentioned in evidence", percent_of(s.join_attributes_in_evidence, s.evidences));
    table_row("projection/filter attributes in evidence", percent_of(s.other_attributes_in_evidence, s.evidences));
    std::string nodes;
    for (const auto& [n, count] : s.node_counts)
      nodes += (nodes.empty() ? "" : ", ") + std::to_string(n) + " nodes: " + std::to_string(count);
    table_row("linker queries by JQG size", nodes.empty() ? "-" : nodes);
    if (s.errors) table_row("not analysed (SQL error or database not loaded)", std::to_string(s.errors));
    char ms[32];
    std::snprintf(ms, sizeof ms, "%.0f ms", run.analysis_ms);
    table_row("analysis time in the browser", ms);
    ImGui::EndTable();
  }
}

void draw_tqa_linker_item_detail(const tqa::ItemLinkerAnalysis& a) {
  ImGui::Text("item %s  [%s]  %s", a.item.key.c_str(), a.item.db_id.c_str(), a.item.difficulty.c_str());
  if (!a.error.empty()) {
    draw_error(a.error);
    return;
  }
  if (!a.linker) {
    ImGui::TextDisabled("No linker table: the main join query graph has %zu node(s); the thesis needs at least %zu.",
                        a.jqg_nodes, tqa::kMinLinkerNodes);
  } else {
    ImGui::Text("linker table:");
    ImGui::SameLine();
    ImGui::TextColored(ImVec4(1.0f, 0.78f, 0.25f, 1), "%s", a.linker->table.c_str());
    ImGui::SameLine();
    ImGui::TextDisabled("(JQG of %zu nodes, betweenness %.3f%s)", a.jqg_nodes, a.linker->betweenness,
                        a.linker->tie_broken_by_schema ? ", tie broken by the schema graph" : "");
  }
  ImGui::Separator();
  ImGui::TextDisabled("question");
  draw_highlighted_text(a.item.question, highlights(a.references, tqa::TextSide::question));
  ImGui::TextDisabled("evidence");
  draw_highlighted_text(a.item.evidence, highlights(a.references, tqa::TextSide::evidence));
  if (a.linker) {
    ImGui::Separator();
    if (ImGui::BeginTable("tqa-components", 5, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg)) {
      ImGui::TableSetupColumn("segment");
      ImGui::TableSetupColumn("lemma");
      ImGui::TableSetupColumn("kind");
      ImGui::TableSetupColumn("question tokens");
      ImGui::TableSetupColumn("evidence tokens");
      ImGui::TableHeadersRow();
      for (size_t c = 0; c < a.references.components.size(); ++c) {
        const auto& comp = a.references.components[c];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextColored(component_color(c), "%s", comp.component.segment.c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(comp.component.lemma.c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(comp.component.is_abbreviation ? "abbreviation" : "word");
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(token_list(comp.question).c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(token_list(comp.evidence).c_str());
      }
      ImGui::EndTable();
    }
    ImGui::TextDisabled(
        "Words match at Wu-Palmer >= %.2f (or equal lemmas); abbreviations at vowel-stripped partial ratio 100.",
        tqa::kWuPalmerThreshold);
    auto join_list = [](const std::vector<std::string>& v) {
      std::string s;
      for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
      return s.empty() ? std::string("-") : s;
    };
    ImGui::Text("join attributes: %s   (mentioned: question %s, evidence %s)", join_list(a.attributes.join).c_str(),
                a.mentions.join_in_question ? "yes" : "no", a.mentions.join_in_evidence ? "yes" : "no");
    ImGui::Text("projection/filter attributes: %s   (mentioned: question %s, evidence %s)",
                join_list(a.attributes.other).c_str(), a.mentions.other_in_question ? "yes" : "no",
                a.mentions.other_in_evidence ? "yes" : "no");
  }
  ImGui::Separator();
  ImGui::TextDisabled("gold SQL");
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(a.item.sql.c_str());
  ImGui::PopTextWrapPos();
}

}  // namespace

void draw_linker_view(AppState& state, TqaPanel& panel) {
  if (set_combo(state, panel)) panel.request_analysis = true;
  const bool running = panel.linker && panel.linker->running();
  if (running) {
    const auto& run = *panel.linker;
    ImGui::SameLine();
    ImGui::ProgressBar(
        static_cast<float>(run.analyses.size()) / static_cast<float>(std::max<size_t>(1, run.items.size())),
        ui_px(220, 0));
    ImGui::SameLine();
    ImGui::Text("%zu / %zu", run.analyses.size(), run.items.size());
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) panel.linker->cancelled = true;
  } else {
    const char* label = panel.request_analysis && lexicon_loader().status != LexiconLoad::failed
                            ? "Waiting for the lexicon..."
                            : "Analyse linker tables";
    flow_same_line(button_width(label));
    if (ImGui::Button(label)) {
      request_lexicon();
      panel.request_analysis = true;
    }
  }
  if (!panel.error.empty()) draw_error(panel.error);
  if (!panel.linker) {
    wrapped_disabled(
        "The analysis finds, for each query whose join query graph has at least 3 nodes, the table of "
        "highest betweenness and the question/evidence words that name it (thesis Algorithm 2).");
    return;
  }
  const LinkerRun& run = *panel.linker;
  const int shown = effective_set(state, panel);
  if (shown >= 0 && state.eval_sets.sets[static_cast<size_t>(shown)].name != run.set_name && !panel.request_analysis)
    ImGui::TextColored(ImVec4(1, 0.8f, 0.4f, 1), "Showing the analysis of %s; press Analyse for %s.",
                       run.set_name.c_str(), state.eval_sets.sets[static_cast<size_t>(shown)].name.c_str());
  if (run.cancelled) ImGui::TextDisabled("cancelled after %zu of %zu items", run.analyses.size(), run.items.size());
  if (ImGui::CollapsingHeader("Set statistics", ImGuiTreeNodeFlags_DefaultOpen)) draw_tqa_linker_statistics(run);

  const float list_width = std::max(260.0f, ImGui::GetContentRegionAvail().x * 0.3f);
  ImGui::BeginChild("tqa-items", ImVec2(list_width, 0), true);
  ImGui::Checkbox("only items with a linker table", &panel.only_linker_items);
  for (size_t i = 0; i < run.analyses.size(); ++i) {
    const auto& a = run.analyses[i];
    if (panel.only_linker_items && !a.linker) continue;
    std::string label = a.item.key + " [" + a.item.db_id + "] ";
    if (!a.error.empty())
      label += "error";
    else if (a.linker)
      label += a.linker->table + " (" + std::to_string(a.references.question_tokens()) + "q/" +
               std::to_string(a.references.evidence_tokens()) + "e)";
    else
      label += "-";
    label += "##tqa" + std::to_string(i);
    if (ImGui::Selectable(label.c_str(), panel.selected == static_cast<int>(i))) panel.selected = static_cast<int>(i);
  }
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("tqa-item", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
  if (const auto* a = selected_analysis(panel))
    draw_tqa_linker_item_detail(*a);
  else
    wrapped_disabled("Select an item to see its linker table and the words that refer to it.");
  ImGui::EndChild();
}

}  // namespace chokepoint::web
