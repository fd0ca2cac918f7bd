// The Text augmentation panel's "De-naturalisation" view: naturalness and proposed names per identifier, and
// "Create variant" (web/panels/tqa/tqa_denat_run.h).
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
#include "web/widgets/item_places.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {
namespace {

// The four settings of a finished variant as sets, for Run a model and the Studies tab's denat-delta.
void draw_denat_settings(AppState& state, DenatRun& run) {
  if (!run.settings_published.empty()) {
    ImGui::TextWrapped(
        "In the Sets tab: %s.O_O.json, .L_O.json (on %s), .O_L.json and .L_L.json (on %s). Run a "
        "model on each, then Studies > denat-delta lays out SQLMorph Table VII.",
        run.variant_id.c_str(), run.source_db_id.c_str(), run.variant_id.c_str());
    return;
  }
  if (ImGui::Button("Add the four settings' sets (O/O, L/O, O/L, L/L)")) {
    if (auto st = publish_denat_settings(state, run); !st.ok()) run.error = st.error();
  }
  note_item_place("add denat settings");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "The kept items with the original or rewritten text, on the original or the renamed database: "
        "what the denat-delta study compares.");
}

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
  if (r.renamed())
    ImGui::TextColored(ImVec4(1.0f, 0.78f, 0.25f, 1), "%s", r.new_name.c_str());
  else
    ImGui::TextDisabled("(kept)");
}

}  // namespace

void draw_denat_view(AppState& state, TqaPanel& panel) {
  const auto& dbs = state.databases.databases;
  if (panel.denat_db < 0 || panel.denat_db >= static_cast<int>(dbs.size())) {
    panel.denat_db = -1;
    for (size_t i = 0; i < dbs.size() && panel.denat_db < 0; ++i)
      if (!dbs[i].schema_only && dbs[i].origin != "denaturalised") panel.denat_db = static_cast<int>(i);
  }
  ImGui::SetNextItemWidth(ui_px(200));
  const char* current = panel.denat_db >= 0 ? dbs[static_cast<size_t>(panel.denat_db)].schema.db_id.c_str() : "(none)";
  if (ImGui::BeginCombo("database", current)) {
    for (size_t i = 0; i < dbs.size(); ++i) {
      const std::string label = dbs[i].schema.db_id + " (" + dbs[i].origin + ")##db" + std::to_string(i);
      if (ImGui::Selectable(label.c_str(), static_cast<int>(i) == panel.denat_db)) panel.denat_db = static_cast<int>(i);
    }
    ImGui::EndCombo();
  }
  set_combo(state, panel, true);
  const std::initializer_list<std::pair<tqa::DenatSetting, const char*>> settings = {
      {tqa::DenatSetting::OL, "O/L (original text)"}, {tqa::DenatSetting::LL, "L/L (text rewritten)"}};
  flow_same_line(labelled_width(enum_combo_item_width(settings, 150), "variant set"));
  enum_combo("variant set", panel.denat_setting, settings, 150);
  enum_combo("keep items by", panel.denat_keep,
             {{tqa::DenatKeepRule::gold_result, "the renamed gold's rows"},
              {tqa::DenatKeepRule::system_ex, "the system's EX (Predictions & metrics)"},
              {tqa::DenatKeepRule::both, "both"}},
             260);
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
  if (running && panel.denat->preview.open()) {
    DenatRun& run = *panel.denat;
    ImGui::Text("Variant of %s with the LLM: what would be sent first", run.source_db_id.c_str());
    switch (draw_held_preview("tqa denat", run.preview, *run.scheduler)) {
      case PreviewChoice::Confirm:
        if (auto st = confirm_denat_run(run); !st.ok()) {
          cancel_denat_run(run);
          panel.denat_error = st.error();
        }
        break;
      case PreviewChoice::Discard:
        cancel_denat_run(run);
        break;
      case PreviewChoice::None:
        break;
    }
  } else if (running) {
    const auto& run = *panel.denat;
    ImGui::ProgressBar(static_cast<float>(run.job->progress()), ui_px(220, 0));
    ImGui::SameLine();
    ImGui::Text("%s: gold results %zu / %zu", tqa::denat_phase_name(run.job->phase()), run.checked(), run.total);
    ImGui::SameLine();
    if (ImGui::Button("Cancel##denat")) cancel_denat_run(*panel.denat);
  } else {
    if (ImGui::Button("Create variant")) panel.request_variant = true;
    flow_same_line(checkbox_width("use the LLM"));
    const std::string no_llm = llm_unavailable_reason();
    if (!no_llm.empty()) panel.denat_llm = false;
    ImGui::BeginDisabled(!no_llm.empty());
    ImGui::Checkbox("use the LLM", &panel.denat_llm);
    ImGui::EndDisabled();
    if (!no_llm.empty() && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip("Configure an endpoint in the LLM tab to classify naturalness and rewrite the texts by LLM.");
  }
  wrapped_disabled(
      "clones into the workspace, renames through ALTER TABLE, rewrites the gold SQL through the AST, "
      "keeps items whose result is unchanged");
  if (!panel.denat_error.empty()) draw_error(panel.denat_error);
  if (panel.denat && !panel.denat->running()) {
    const auto& run = *panel.denat;
    if (!run.error.empty())
      draw_error(run.error);
    else if (run.cancelled)
      ImGui::TextDisabled("cancelled: nothing was added");
    else if (!run.ex_from.empty())
      ImGui::TextDisabled("kept by %s; the system's EX from %s", tqa::denat_keep_rule_name(run.keep),
                          run.ex_from.c_str());
    ImGui::Text("%s: %zu of %zu items kept, database %s and set %s added", run.variant_id.c_str(), run.kept(),
                run.checked(), run.db_path.c_str(), run.set_path.c_str());
    if (run.finished && run.error.empty()) draw_denat_settings(state, *panel.denat);
  }

  // The finished variant's own plan (the LLM's labels when it was used), else the heuristic preview.
  const bool variant_plan = panel.denat && panel.denat->job && panel.denat->job->phase() >= tqa::DenatPhase::sql &&
                            panel.denat->job->phase() != tqa::DenatPhase::failed;
  const tqa::RenamePlan& plan = variant_plan ? panel.denat->job->plan() : panel.plan;
  size_t counts[4] = {0, 0, 0, 0};
  for (const auto& t : plan.tables) {
    ++counts[static_cast<int>(t.table.naturalness)];
    for (const auto& c : t.columns) ++counts[static_cast<int>(c.naturalness)];
  }
  ImGui::TextWrapped(
      "naturalness by the %s: N1 %zu, N2 %zu, N3 %zu; "
      "%zu identifiers renamed by the %s",
      tqa::naturalness_source_name(plan.naturalness_source), counts[1], counts[2], counts[3], plan.renamed_count(),
      plan.naming.c_str());
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
  if (!panel.denat || panel.denat->checked() == 0) {
    ImGui::TextDisabled("The checked items of the variant appear here.");
  } else {
    for (const auto& r : panel.denat->job->results()) {
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

}  // namespace chokepoint::web
