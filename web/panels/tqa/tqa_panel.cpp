// Text augmentation panel. Every number and name shown comes from core/tqa; this file only chooses what to run
// (through the jobs in web/tqa_*_run.h, stepped a slice per frame) and draws the values they return.
#include "web/panels/tqa/tqa_panel.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "core/tqa/augmentation_prompts.h"
#include "web/widgets/highlighted_text.h"
#include "web/bridge/lexicon_loader.h"
#include "web/llm/llm_session.h"
#include "web/panel_registry.h"
#include "web/panels/eval_set_panel.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {
namespace {

const char* const kPanelName = "Text augmentation";

// One colour per linker component, so a reader sees which token refers to which part of the name.
const ImVec4 kComponentColors[] = {{1.0f, 0.78f, 0.25f, 1}, {0.45f, 0.85f, 1.0f, 1}, {0.6f, 1.0f, 0.5f, 1},
                                   {1.0f, 0.55f, 0.8f, 1}};
ImVec4 component_color(size_t i) { return kComponentColors[i % (sizeof kComponentColors / sizeof kComponentColors[0])]; }

int effective_set(const AppState& state, const TqaPanel& panel) {
  const int n = static_cast<int>(state.eval_sets.sets.size());
  if (panel.set_index >= 0 && panel.set_index < n) return panel.set_index;
  if (state.eval_sets.selected_set >= 0 && state.eval_sets.selected_set < n) return state.eval_sets.selected_set;
  return n > 0 ? 0 : -1;
}

const tqa::ItemLinkerAnalysis* selected_analysis(const TqaPanel& panel) {
  if (!panel.linker || panel.selected < 0 || panel.selected >= static_cast<int>(panel.linker->analyses.size()))
    return nullptr;
  return &panel.linker->analyses[static_cast<size_t>(panel.selected)];
}

void stop_augmentation(TqaPanel& panel) {
  set_call_log_run(nullptr);
  panel.augmentation.reset();
}

void start_analysis(AppState& state, TqaPanel& panel) {
  panel.request_analysis = false;
  panel.error.clear();
  const Lexicon* lex = loaded_lexicon();
  if (!lex) return;
  auto run = start_linker_run(state, effective_set(state, panel), *lex);
  if (!run.ok()) {
    panel.error = run.error();
    return;
  }
  stop_augmentation(panel);
  panel.linker = *run;
  panel.selected = -1;
}

void start_variant(AppState& state, TqaPanel& panel) {
  panel.request_variant = false;
  panel.denat_error.clear();
  const Lexicon* lex = loaded_lexicon();
  if (!lex) return;
  auto run = start_denat_run(state, panel.denat_db, effective_set(state, panel), *lex,
                             static_cast<tqa::DenatSetting>(panel.denat_setting));
  if (!run.ok()) {
    panel.denat_error = run.error();
    notify(state, "de-naturalisation: " + run.error(), true);
    return;
  }
  panel.denat = std::move(run).value();
}

// ---- drawing helpers ----

void draw_lexicon_line() {
  const auto& s = lexicon_loader();
  if (s.status == LexiconLoad::fetching || s.status == LexiconLoad::fetched) {
    // Without a usable Content-Length the bar cannot show a fraction: it shows the bytes received instead.
    const bool known = s.status == LexiconLoad::fetched || (s.bytes_total > 0 && s.bytes_received <= s.bytes_total);
    char overlay[32];
    std::snprintf(overlay, sizeof overlay, "%.1f MB", s.bytes_received / 1e6);
    ImGui::ProgressBar(lexicon_progress_fraction(), ImVec2(220, 0), known ? nullptr : overlay);
    ImGui::SameLine();
  }
  if (s.status == LexiconLoad::failed) {
    draw_error(lexicon_progress_text());
    ImGui::SameLine();
    if (ImGui::SmallButton("Retry")) request_lexicon();
  } else {
    ImGui::TextDisabled("%s", lexicon_progress_text().c_str());
  }
}

bool set_combo(const AppState& state, TqaPanel& panel) {
  const auto& sets = state.eval_sets.sets;
  const int current = effective_set(state, panel);
  bool changed = false;
  ImGui::SetNextItemWidth(220);
  if (ImGui::BeginCombo("evaluation set", current >= 0 ? sets[static_cast<size_t>(current)].name.c_str() : "(none)")) {
    for (size_t i = 0; i < sets.size(); ++i)
      if (ImGui::Selectable(sets[i].name.c_str(), static_cast<int>(i) == current)) {
        panel.set_index = static_cast<int>(i);
        changed = true;
      }
    ImGui::EndCombo();
  }
  return changed;
}

std::vector<TextHighlight> highlights(const tqa::ReferenceDetection& refs, tqa::TextSide side) {
  std::vector<TextHighlight> out;
  for (size_t c = 0; c < refs.components.size(); ++c) {
    const auto& tokens = side == tqa::TextSide::question ? refs.components[c].question : refs.components[c].evidence;
    for (const auto& t : tokens) out.push_back({t.position, t.position + t.length, component_color(c)});
  }
  return out;
}

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

void draw_statistics(const LinkerRun& run) {
  const tqa::LinkerStatistics s = tqa::linker_statistics(run.analyses);
  ImGui::Text("Set statistics over %zu analysed queries (like thesis Tables 4.1, 4.2 and 4.7; no LLM involved)",
              s.queries);
  if (ImGui::BeginTable("tqa-stats", 2, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
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
    for (const auto& [n, count] : s.node_counts) nodes += (nodes.empty() ? "" : ", ") + std::to_string(n) + " nodes: " + std::to_string(count);
    table_row("linker queries by JQG size", nodes.empty() ? "-" : nodes);
    if (s.errors) table_row("not analysed (SQL error or database not loaded)", std::to_string(s.errors));
    char ms[32];
    std::snprintf(ms, sizeof ms, "%.0f ms", run.analysis_ms);
    table_row("analysis time in the browser", ms);
    ImGui::EndTable();
  }
}

void draw_item_detail(const tqa::ItemLinkerAnalysis& a) {
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
    ImGui::TextDisabled("Words match at Wu-Palmer >= %.2f (or equal lemmas); abbreviations at vowel-stripped partial ratio 100.",
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

void draw_linker_view(AppState& state, TqaPanel& panel) {
  if (set_combo(state, panel)) panel.request_analysis = true;
  ImGui::SameLine();
  const bool running = panel.linker && panel.linker->running();
  if (running) {
    const auto& run = *panel.linker;
    ImGui::ProgressBar(static_cast<float>(run.analyses.size()) / static_cast<float>(std::max<size_t>(1, run.items.size())),
                       ImVec2(220, 0));
    ImGui::SameLine();
    ImGui::Text("%zu / %zu", run.analyses.size(), run.items.size());
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) panel.linker->cancelled = true;
  } else if (ImGui::Button(panel.request_analysis && lexicon_loader().status != LexiconLoad::failed
                                ? "Waiting for the lexicon..."
                                : "Analyse linker tables")) {
    request_lexicon();
    panel.request_analysis = true;
  }
  if (!panel.error.empty()) draw_error(panel.error);
  if (!panel.linker) {
    ImGui::TextDisabled("The analysis finds, for each query whose join query graph has at least 3 nodes, the table of "
                        "highest betweenness and the question/evidence words that name it (thesis Algorithm 2).");
    return;
  }
  const LinkerRun& run = *panel.linker;
  const int shown = effective_set(state, panel);
  if (shown >= 0 && state.eval_sets.sets[static_cast<size_t>(shown)].name != run.set_name && !panel.request_analysis)
    ImGui::TextColored(ImVec4(1, 0.8f, 0.4f, 1), "Showing the analysis of %s; press Analyse for %s.",
                       run.set_name.c_str(), state.eval_sets.sets[static_cast<size_t>(shown)].name.c_str());
  if (run.cancelled) ImGui::TextDisabled("cancelled after %zu of %zu items", run.analyses.size(), run.items.size());
  if (ImGui::CollapsingHeader("Set statistics", ImGuiTreeNodeFlags_DefaultOpen)) draw_statistics(run);

  const float list_width = std::max(260.0f, ImGui::GetContentRegionAvail().x * 0.3f);
  ImGui::BeginChild("tqa-items", ImVec2(list_width, 0), true);
  ImGui::Checkbox("only items with a linker table", &panel.only_linker_items);
  for (size_t i = 0; i < run.analyses.size(); ++i) {
    const auto& a = run.analyses[i];
    if (panel.only_linker_items && !a.linker) continue;
    std::string label = a.item.key + " [" + a.item.db_id + "] ";
    if (!a.error.empty()) label += "error";
    else if (a.linker) label += a.linker->table + " (" + std::to_string(a.references.question_tokens()) + "q/" +
                                std::to_string(a.references.evidence_tokens()) + "e)";
    else label += "-";
    label += "##tqa" + std::to_string(i);
    if (ImGui::Selectable(label.c_str(), panel.selected == static_cast<int>(i))) panel.selected = static_cast<int>(i);
  }
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("tqa-item", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
  if (const auto* a = selected_analysis(panel)) draw_item_detail(*a);
  else ImGui::TextDisabled("Select an item to see its linker table and the words that refer to it.");
  ImGui::EndChild();
}

// ---- strategies ----

void draw_wrapped_box(const char* id, const std::string& text, float height) {
  ImGui::BeginChild(id, ImVec2(0, height), true);
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndChild();
}

const tqa::AugmentedItem* augmented(const TqaPanel& panel, const std::string& key, tqa::Strategy s) {
  if (!panel.augmentation || !panel.augmentation->job) return nullptr;
  for (const auto& r : panel.augmentation->job->results())
    if (r.source && r.source->item.key == key && r.strategy == s) return &r;
  return nullptr;
}

std::string hiding_text(const std::optional<int>& score) { return score ? std::to_string(*score) : "-"; }

void draw_augmented(const tqa::AugmentedItem& r) {
  ImGui::TextDisabled("new question%s", r.question_rewritten ? "" : " (unchanged)");
  draw_highlighted_text(r.new_question, {});
  if (!r.new_evidence.empty()) {
    ImGui::TextDisabled("new evidence%s", r.evidence_rewritten ? "" : " (unchanged)");
    draw_highlighted_text(r.new_evidence, {});
  }
  const auto& comps = r.source->references.components;
  std::string scores;
  for (size_t c = 0; c < comps.size(); ++c) {
    scores += (c ? "; " : "") + comps[c].component.segment + ": question " +
              hiding_text(c < r.hiding.question.size() ? r.hiding.question[c] : std::nullopt) + ", evidence " +
              hiding_text(c < r.hiding.evidence.size() ? r.hiding.evidence[c] : std::nullopt);
  }
  ImGui::Text("hiding score (1 hidden, 0 still referred to, - nothing to hide): %s", scores.c_str());
  for (const auto& e : r.errors) draw_error(e);
}

void draw_llm_controls(TqaPanel& panel, const tqa::ItemLinkerAnalysis& a) {
  const std::string reason = llm_unavailable_reason();
  if (!reason.empty()) {
    ImGui::TextColored(ImVec4(1, 0.8f, 0.4f, 1), "No LLM configured (%s).", reason.c_str());
    ImGui::TextDisabled("The LLM tab configures the endpoint; the prompts below are what would be sent.");
    return;
  }
  const bool busy = panel.augmentation && !panel.augmentation->finished();
  if (busy) {
    const auto& job = *panel.augmentation->job;
    ImGui::ProgressBar(static_cast<float>(job.progress()), ImVec2(220, 0));
    ImGui::SameLine();
    ImGui::Text("%s: %zu calls", panel.augmentation->label.c_str(), panel.augmentation->scheduler->calls().size());
    ImGui::SameLine();
    if (ImGui::Button("Cancel##aug")) panel.augmentation->scheduler->cancel();
    return;
  }
  auto start = [&](std::optional<size_t> item) {
    stop_augmentation(panel);
    auto run = start_augmentation_run(panel.linker, item);
    if (!run.ok()) {
      panel.augmentation_error = run.error();
      return;
    }
    panel.augmentation_error.clear();
    panel.augmentation = std::move(run).value();
    set_call_log_run(panel.augmentation.get());
  };
  const bool has_refs = a.references.question_tokens() + a.references.evidence_tokens() > 0;
  if (!has_refs) ImGui::BeginDisabled();
  if (ImGui::Button("Run the three strategies on this item")) start(static_cast<size_t>(panel.selected));
  if (!has_refs) ImGui::EndDisabled();
  ImGui::SameLine();
  if (!panel.linker->done()) ImGui::BeginDisabled();
  if (ImGui::Button("Run on every linker item of the set")) start(std::nullopt);
  if (!panel.linker->done()) ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::TextDisabled("answers are kept in the replay store: a rerun costs no call");
  if (!panel.augmentation_error.empty()) draw_error(panel.augmentation_error);
  if (panel.augmentation && panel.augmentation->finished()) {
    const auto table = panel.augmentation->job->hiding_table();
    ImGui::Text("%s: hiding rate per strategy (thesis Table 4.3)", panel.augmentation->label.c_str());
    if (ImGui::BeginTable("tqa-hiding", 3, ImGuiTableFlags_Borders)) {
      ImGui::TableSetupColumn("strategy");
      ImGui::TableSetupColumn("questions hidden %");
      ImGui::TableSetupColumn("evidence hidden %");
      ImGui::TableHeadersRow();
      for (const auto& [code, v] : table.items()) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(code.c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%.1f", v.value("question_percent", 0.0));
        ImGui::TableNextColumn();
        ImGui::Text("%.1f", v.value("evidence_percent", 0.0));
      }
      ImGui::EndTable();
    }
  }
}

void draw_strategies_view(TqaPanel& panel) {
  const tqa::ItemLinkerAnalysis* a = selected_analysis(panel);
  if (!a || !a->linker) {
    ImGui::TextDisabled("Select an item with a linker table in the Linker tables view.");
    return;
  }
  ImGui::Text("item %s: hide the references to", a->item.key.c_str());
  ImGui::SameLine();
  ImGui::TextColored(ImVec4(1.0f, 0.78f, 0.25f, 1), "%s", a->linker->table.c_str());
  draw_highlighted_text(a->item.question, highlights(a->references, tqa::TextSide::question));
  if (!a->item.evidence.empty()) draw_highlighted_text(a->item.evidence, highlights(a->references, tqa::TextSide::evidence));
  if (a->references.question_tokens() + a->references.evidence_tokens() == 0)
    ImGui::TextColored(ImVec4(1, 0.8f, 0.4f, 1), "Neither text refers to the linker table: the job skips this item.");
  draw_llm_controls(panel, *a);
  const PromptLibrary* prompts = session_prompts();
  if (!prompts) {
    draw_error("prompts: " + session_prompts_error());
    return;
  }
  ImGui::BeginChild("tqa-strategies", ImVec2(0, 0), false);
  for (tqa::Strategy s : tqa::kAllStrategies) {
    const std::string title = std::string(tqa::strategy_code(s)) + ": " + tqa::strategy_name(s);
    if (!ImGui::CollapsingHeader(title.c_str(), ImGuiTreeNodeFlags_DefaultOpen)) continue;
    ImGui::PushID(static_cast<int>(s));
    const tqa::AugmentedItem* r = augmented(panel, a->item.key, s);
    if (r) draw_augmented(*r);
    const std::string new_question = r ? r->new_question : a->item.question;
    for (tqa::TextSide side : {tqa::TextSide::question, tqa::TextSide::evidence}) {
      const bool has = side == tqa::TextSide::question ? a->references.question_tokens() > 0 : a->references.evidence_tokens() > 0;
      if (!has) continue;
      auto prompt = tqa::render_augmentation_prompt(*prompts, s, side, a->item, a->linker->table, a->references, new_question);
      const char* side_name = side == tqa::TextSide::question ? "question" : "evidence";
      ImGui::TextDisabled("%s prompt (%s)%s", side_name, tqa::strategy_template(s, side).c_str(),
                          side == tqa::TextSide::evidence && s != tqa::Strategy::synonym_replacement && !r
                              ? ", shown with the original question until the new one exists"
                              : "");
      if (prompt.ok()) draw_wrapped_box(side_name, *prompt, 150);
      else draw_error(prompt.error());
    }
    ImGui::PopID();
  }
  ImGui::EndChild();
}

// ---- de-naturalisation ----

void refresh_plan(const AppState& state, TqaPanel& panel) {
  const auto& dbs = state.databases.databases;
  if (panel.denat_db < 0 || panel.denat_db >= static_cast<int>(dbs.size())) return;
  const LoadedDatabase& db = dbs[static_cast<size_t>(panel.denat_db)];
  const Lexicon* lex = loaded_lexicon();
  if (!lex || panel.plan_for == db.path) return;
  panel.plan = heuristic_rename_plan(*lex, db.schema);
  panel.plan_for = db.path;
}

void naturalness_row(const char* kind, const std::string& table, const tqa::IdentifierRename& r) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(kind);
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(table.c_str());
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(r.old_name.c_str());
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(tqa::naturalness_name(r.naturalness));
  ImGui::TableNextColumn();
  if (r.renamed()) ImGui::TextColored(ImVec4(1.0f, 0.78f, 0.25f, 1), "%s", r.new_name.c_str());
  else ImGui::TextDisabled("(kept)");
}

void draw_denat_view(AppState& state, TqaPanel& panel) {
  const auto& dbs = state.databases.databases;
  if (panel.denat_db < 0 || panel.denat_db >= static_cast<int>(dbs.size())) {
    panel.denat_db = -1;
    for (size_t i = 0; i < dbs.size() && panel.denat_db < 0; ++i)
      if (!dbs[i].schema_only && dbs[i].origin != "denaturalised") panel.denat_db = static_cast<int>(i);
  }
  ImGui::SetNextItemWidth(200);
  const char* current = panel.denat_db >= 0 ? dbs[static_cast<size_t>(panel.denat_db)].schema.db_id.c_str() : "(none)";
  if (ImGui::BeginCombo("database", current)) {
    for (size_t i = 0; i < dbs.size(); ++i) {
      const std::string label = dbs[i].schema.db_id + " (" + dbs[i].origin + ")##db" + std::to_string(i);
      if (ImGui::Selectable(label.c_str(), static_cast<int>(i) == panel.denat_db)) panel.denat_db = static_cast<int>(i);
    }
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  set_combo(state, panel);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(150);
  int setting = panel.denat_setting == 2 ? 0 : 1;
  if (ImGui::Combo("variant set", &setting, "O/L (original text)\0L/L (text rewritten)\0"))
    panel.denat_setting = setting == 0 ? 2 : 3;
  if (!loaded_lexicon()) {
    ImGui::TextDisabled("Naturalness needs the WordNet lexicon.");
    return;
  }
  refresh_plan(state, panel);
  if (panel.denat_db < 0 || panel.plan_for.empty()) {
    ImGui::TextDisabled("Load a database to de-naturalise.");
    return;
  }
  const bool running = panel.denat && panel.denat->running();
  if (running) {
    const auto& run = *panel.denat;
    ImGui::ProgressBar(static_cast<float>(run.results.size()) / static_cast<float>(std::max<size_t>(1, run.items.size())),
                       ImVec2(220, 0));
    ImGui::SameLine();
    ImGui::Text("checking gold results %zu / %zu", run.results.size(), run.items.size());
    ImGui::SameLine();
    if (ImGui::Button("Cancel##denat")) panel.denat->cancelled = true;
  } else if (ImGui::Button("Create variant")) {
    panel.request_variant = true;
  }
  ImGui::SameLine();
  ImGui::TextDisabled("clones into the workspace, renames through ALTER TABLE, rewrites the gold SQL through the AST, "
                      "keeps items whose result is unchanged");
  if (!panel.denat_error.empty()) draw_error(panel.denat_error);
  if (panel.denat && !panel.denat->running()) {
    const auto& run = *panel.denat;
    if (!run.error.empty()) draw_error(run.error);
    else if (run.cancelled) ImGui::TextDisabled("cancelled: nothing was added");
    else
      ImGui::Text("%s: %zu of %zu items kept, database %s and set %s added", run.variant_id.c_str(), run.kept(),
                  run.results.size(), run.db_path.c_str(), run.set_path.c_str());
  }

  const tqa::RenamePlan& plan = panel.plan;
  size_t counts[4] = {0, 0, 0, 0};
  for (const auto& t : plan.tables) {
    ++counts[static_cast<int>(t.table.naturalness)];
    for (const auto& c : t.columns) ++counts[static_cast<int>(c.naturalness)];
  }
  ImGui::Text("naturalness by the %s (no LLM; an LLM classifier is available from the CLI): N1 %zu, N2 %zu, N3 %zu; "
              "%zu identifiers renamed by the %s",
              tqa::naturalness_source_name(plan.naturalness_source), counts[1], counts[2], counts[3],
              plan.renamed_count(), plan.naming.c_str());
  const float half = ImGui::GetContentRegionAvail().x * 0.45f;
  ImGui::BeginChild("tqa-identifiers", ImVec2(half, 0), true);
  if (ImGui::BeginTable("tqa-naturalness", 5, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg)) {
    for (const char* h : {"kind", "table", "identifier", "N", "less natural"}) ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    for (const auto& t : plan.tables) {
      naturalness_row("table", t.table.old_name, t.table);
      for (const auto& c : t.columns) naturalness_row("column", t.table.old_name, c);
    }
    ImGui::EndTable();
  }
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("tqa-variant-items", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
  if (!panel.denat || panel.denat->results.empty()) {
    ImGui::TextDisabled("The checked items of the variant appear here.");
  } else {
    for (const auto& r : panel.denat->results) {
      ImGui::TextColored(r.kept ? ImVec4(0.6f, 0.9f, 0.6f, 1) : ImVec4(1, 0.45f, 0.45f, 1), "%s %s",
                         r.kept ? "kept" : "dropped", r.original.key.c_str());
      ImGui::SameLine();
      ImGui::TextUnformatted(r.kept ? r.less_natural_sql.c_str() : r.reason.c_str());
      if (r.less_natural_question != r.original.question) {
        ImGui::TextDisabled("   text (%s): %s", r.text_method.c_str(), r.less_natural_question.c_str());
      }
    }
  }
  ImGui::EndChild();
}

}  // namespace

TqaPanel& tqa_panel() {
  static TqaPanel panel;
  return panel;
}

void draw_tqa_panel(AppState& state, TqaPanel& panel) {
  if (lexicon_loader().status == LexiconLoad::idle) request_lexicon();  // on demand: when this panel is first shown
  if (!panel.auto_analysed) {
    panel.auto_analysed = true;
    if (!panel.linker) panel.request_analysis = true;
  }
  draw_lexicon_line();
  const int view = panel.view;
  panel.view = 0;
  if (ImGui::BeginTabBar("tqa-views")) {
    auto flags = [&](int v) { return view == v ? ImGuiTabItemFlags_SetSelected : 0; };
    if (ImGui::BeginTabItem("Linker tables", nullptr, flags(1))) {
      draw_linker_view(state, panel);
      ImGui::EndTabItem();
    }
    if (ImGui::BeginTabItem("Strategies", nullptr, flags(2))) {
      draw_strategies_view(panel);
      ImGui::EndTabItem();
    }
    if (ImGui::BeginTabItem("De-naturalisation", nullptr, flags(3))) {
      draw_denat_view(state, panel);
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
  }
}

void step_tqa_panel(AppState& state, TqaPanel& panel, double budget_ms) {
  // The lexicon is decoded once per page: it gets a fixed 6 ms a frame rather than this panel's share of the jobs' budget
  // (which would stretch ~120 ms of decoding over some 50 frames).
  step_lexicon_loader(6.0);
  if (!loaded_lexicon()) return;
  if (panel.request_analysis && !(panel.linker && panel.linker->running())) start_analysis(state, panel);
  if (panel.linker && panel.linker->running()) {
    step_linker_run(*panel.linker, budget_ms);
    if (panel.linker->done()) {
      if (panel.selected < 0)
        for (size_t i = 0; i < panel.linker->analyses.size() && panel.selected < 0; ++i)
          if (panel.linker->analyses[i].linker) panel.selected = static_cast<int>(i);
      const auto s = tqa::linker_statistics(panel.linker->analyses);
      notify(state, panel.linker->set_name + ": " + std::to_string(s.with_linker_table) + " of " +
                        std::to_string(s.queries) + " queries have a linker table");
    }
  }
  if (panel.augmentation) step_augmentation_run(*panel.augmentation);
  if (panel.request_variant && !(panel.denat && panel.denat->running())) start_variant(state, panel);
  if (panel.denat && panel.denat->running()) step_denat_run(state, *panel.denat, budget_ms);
}

nlohmann::json tqa_state_json(const TqaPanel& panel) {
  nlohmann::json j = {{"lexicon", lexicon_state_json()}, {"error", panel.error}, {"selected", panel.selected}};
  j["llm_available"] = llm_unavailable_reason().empty();
  if (panel.linker) {
    const auto& run = *panel.linker;
    j["analysis"] = {{"set", run.set_name},
                     {"running", run.running()},
                     {"done", run.done()},
                     {"cancelled", run.cancelled},
                     {"analysed", run.analyses.size()},
                     {"total", run.items.size()},
                     {"analysis_ms", run.analysis_ms},
                     {"statistics", tqa::linker_statistics_json(tqa::linker_statistics(run.analyses))},
                     {"items", tqa::linker_items_json(run.analyses)}};
  }
  if (const auto* a = selected_analysis(panel)) {
    j["selected_item"] = {{"key", a->item.key}, {"linker_table", a->linker ? a->linker->table : ""}};
    if (a->linker) {
      const PromptLibrary* prompts = session_prompts();
      nlohmann::json rendered = nlohmann::json::object();
      for (tqa::Strategy s : tqa::kAllStrategies) {
        if (!prompts || a->references.question_tokens() == 0) break;
        auto p = tqa::render_augmentation_prompt(*prompts, s, tqa::TextSide::question, a->item, a->linker->table,
                                                 a->references, a->item.question);
        rendered[tqa::strategy_code(s)] = p.ok() ? *p : "error: " + p.error();
      }
      j["selected_item"]["question_prompts"] = rendered;
    }
  }
  if (panel.augmentation && panel.augmentation->job) {
    const auto& job = *panel.augmentation->job;
    nlohmann::json results = nlohmann::json::array();
    for (const auto& r : job.results()) {
      nlohmann::json q = nlohmann::json::array(), e = nlohmann::json::array();
      for (const auto& s : r.hiding.question) q.push_back(s ? nlohmann::json(*s) : nlohmann::json());
      for (const auto& s : r.hiding.evidence) e.push_back(s ? nlohmann::json(*s) : nlohmann::json());
      results.push_back({{"key", r.source->item.key}, {"strategy", tqa::strategy_code(r.strategy)},
                         {"new_question", r.new_question}, {"new_evidence", r.new_evidence},
                         {"hiding_question", q}, {"hiding_evidence", e}, {"errors", r.errors}});
    }
    j["augmentation"] = {{"label", panel.augmentation->label}, {"finished", job.finished()},
                         {"progress", job.progress()}, {"results", results}, {"hiding", job.hiding_table()}};
  }
  if (!panel.augmentation_error.empty()) j["augmentation_error"] = panel.augmentation_error;
  if (!panel.plan_for.empty()) j["plan"] = tqa::rename_plan_json(panel.plan);
  if (panel.denat) {
    const auto& run = *panel.denat;
    nlohmann::json items = nlohmann::json::array();
    for (const auto& r : run.results)
      items.push_back({{"key", r.original.key}, {"kept", r.kept}, {"reason", r.reason}, {"sql", r.original.sql},
                       {"less_natural_sql", r.less_natural_sql}, {"less_natural_question", r.less_natural_question}});
    j["variant"] = {{"source", run.source_db_id}, {"variant_id", run.variant_id}, {"db_path", run.db_path},
                    {"set_path", run.set_path}, {"setting", tqa::denat_setting_name(run.setting)},
                    {"running", run.running()}, {"finished", run.finished}, {"cancelled", run.cancelled},
                    {"error", run.error}, {"checked", run.results.size()}, {"total", run.items.size()},
                    {"kept", run.kept()}, {"items", items}};
  }
  if (!panel.denat_error.empty()) j["variant_error"] = panel.denat_error;
  return j;
}

namespace {

int set_named(const AppState& state, const std::string& name) {
  for (size_t i = 0; i < state.eval_sets.sets.size(); ++i)
    if (state.eval_sets.sets[i].name == name) return static_cast<int>(i);
  return -1;
}

// {"do": "tqa_analyze", "set": NAME}: analyse a set's linker tables (the lexicon is fetched first if needed).
void analyze_command(AppState& state, const nlohmann::json& cmd) {
  auto& panel = tqa_panel();
  if (cmd.contains("set")) {
    const int s = set_named(state, cmd.value("set", ""));
    if (s < 0) {
      notify(state, "tqa_analyze: no loaded set named " + cmd.value("set", ""), true);
      return;
    }
    panel.set_index = s;
  }
  panel.auto_analysed = true;
  request_lexicon();
  panel.request_analysis = true;
  panel.view = 1;
}

// {"do": "tqa_select", "key": KEY, "view": "linker" | "strategies" | "denat"}
void select_command(AppState& state, const nlohmann::json& cmd) {
  auto& panel = tqa_panel();
  if (cmd.contains("key") && panel.linker) {
    const std::string key = cmd["key"].is_string() ? cmd["key"].get<std::string>() : cmd["key"].dump();
    panel.selected = -1;
    for (size_t i = 0; i < panel.linker->analyses.size(); ++i)
      if (panel.linker->analyses[i].item.key == key) panel.selected = static_cast<int>(i);
    if (panel.selected < 0) notify(state, "tqa_select: item " + key + " is not analysed", true);
  }
  const std::string view = cmd.value("view", "");
  panel.view = view == "linker" ? 1 : view == "strategies" ? 2 : view == "denat" ? 3 : 0;
}

// {"do": "tqa_variant", "db": DB_ID, "set": NAME, "setting": "O/L" | "L/L"}: create a de-naturalised variant.
void variant_command(AppState& state, const nlohmann::json& cmd) {
  auto& panel = tqa_panel();
  const std::string db = cmd.value("db", "");
  panel.denat_db = -1;
  for (size_t i = 0; i < state.databases.databases.size() && panel.denat_db < 0; ++i)
    if (state.databases.databases[i].schema.db_id == db) panel.denat_db = static_cast<int>(i);
  if (panel.denat_db < 0) {
    notify(state, "tqa_variant: no loaded database " + db, true);
    return;
  }
  if (cmd.contains("set")) panel.set_index = set_named(state, cmd.value("set", ""));
  panel.denat_setting = cmd.value("setting", "L/L") == "O/L" ? 2 : 3;
  request_lexicon();
  panel.request_variant = true;
  panel.view = 3;
}

// {"do": "tqa_augment", "key": KEY | absent for the whole set}: run the strategies through the LLM session.
void augment_command(AppState& state, const nlohmann::json& cmd) {
  auto& panel = tqa_panel();
  std::optional<size_t> item;
  if (cmd.contains("key")) {
    select_command(state, {{"key", cmd["key"]}});
    if (panel.selected < 0) return;
    item = static_cast<size_t>(panel.selected);
  }
  stop_augmentation(panel);
  auto run = start_augmentation_run(panel.linker, item);
  if (!run.ok()) {
    panel.augmentation_error = run.error();
    notify(state, "tqa_augment: " + run.error(), true);
    return;
  }
  panel.augmentation_error.clear();
  panel.augmentation = std::move(run).value();
  set_call_log_run(panel.augmentation.get());
  panel.view = 2;
}

const PanelRegistrar registrar{{kPanelName, 50, [](AppState& s) { draw_tqa_panel(s, tqa_panel()); },
                                [](AppState& s, double budget) { step_tqa_panel(s, tqa_panel(), budget); },
                                [] { return tqa_state_json(tqa_panel()); }}};
const PageCommandRegistrar analyze_registrar{"tqa_analyze", analyze_command};
const PageCommandRegistrar select_registrar{"tqa_select", select_command};
const PageCommandRegistrar variant_registrar{"tqa_variant", variant_command};
const PageCommandRegistrar augment_registrar{"tqa_augment", augment_command};
const PageCommandRegistrar lexicon_registrar{"tqa_load_lexicon", [](AppState&, const nlohmann::json&) { request_lexicon(); }};

}  // namespace

}  // namespace chokepoint::web
