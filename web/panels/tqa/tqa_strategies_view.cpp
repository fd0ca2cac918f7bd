// The Text augmentation panel's "Strategies" view: the three augmentation strategies' rendered prompts for the
// selected item and, with an LLM configured, their rewrites and hiding scores.
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

// The sets a whole-set run added to the Sets tab, for Run a model and the Studies tab's tqa-augment, and its report.
void draw_published_augmentation(const AugmentationRun& run) {
  if (run.published.empty()) {
    if (run.whole_set && run.scheduler->stopped() == SchedulerStop::Cancelled)
      ImGui::TextDisabled("cancelled: no set was added to the Sets tab");
    return;
  }
  std::string names;
  for (const auto& n : run.published) names += (names.empty() ? "" : ", ") + n;
  ImGui::TextWrapped(
      "Added to the Sets tab, the same items in the same order with the gold SQL unchanged: %s. Run a "
      "model on each of them, then Studies > tqa-augment lays out EX and ΔEX per strategy.",
      names.c_str());
  if (ImGui::Button("Download augment_report.json")) download_augment_report(run);
  note_item_place("download augment report");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("The hiding scores, the attribute mentions and every rewrite, as chokepoint tqa augment writes.");
}

void draw_llm_controls(TqaPanel& panel, const tqa::ItemLinkerAnalysis& a) {
  const std::string reason = llm_unavailable_reason();
  if (!reason.empty()) {
    ImGui::TextColored(ImVec4(1, 0.8f, 0.4f, 1), "No LLM configured (%s).", reason.c_str());
    wrapped_disabled("The LLM tab configures the endpoint; the prompts below are what would be sent.");
    return;
  }
  if (panel.augmentation && panel.augmentation->preview.open()) {
    AugmentationRun& run = *panel.augmentation;
    ImGui::Text("%s: what the three strategies would send", run.label.c_str());
    switch (draw_held_preview("tqa augment", run.preview, *run.scheduler)) {
      case PreviewChoice::Confirm:
        if (auto st = confirm_augmentation_run(run); !st.ok()) {
          panel.augmentation_error = st.error();
          panel.augmentation.reset();
        }
        break;
      case PreviewChoice::Discard:
        panel.augmentation.reset();
        break;
      case PreviewChoice::None:
        break;
    }
    return;
  }
  const bool busy = panel.augmentation && !panel.augmentation->finished();
  if (busy) {
    const auto& job = *panel.augmentation->job;
    ImGui::ProgressBar(static_cast<float>(job.progress()), ui_px(220, 0));
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
  flow_same_line(button_width("Run on every linker item of the set"));
  if (!panel.linker->done()) ImGui::BeginDisabled();
  if (ImGui::Button("Run on every linker item of the set")) start(std::nullopt);
  if (!panel.linker->done()) ImGui::EndDisabled();
  flow_disabled("answers are kept in the replay store: a rerun costs no call");
  if (!panel.augmentation_error.empty()) draw_error(panel.augmentation_error);
  if (panel.augmentation && panel.augmentation->finished()) {
    const auto table = panel.augmentation->job->hiding_table();
    ImGui::Text("%s: hiding rate per strategy (thesis Table 4.3)", panel.augmentation->label.c_str());
    if (ImGui::BeginTable("tqa-hiding", 3, ImGuiTableFlags_Borders)) {
      ImGui::TableSetupColumn("strategy");
      ImGui::TableSetupColumn("questions hidden %");
      ImGui::TableSetupColumn("evidence hidden %");
      ImGui::TableHeadersRow();
      for (tqa::Strategy strategy : tqa::kAllStrategies) {  // the thesis' order, not the JSON object's
        const std::string code = tqa::strategy_code(strategy);
        if (!table.contains(code)) continue;
        const auto& v = table[code];
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
    draw_published_augmentation(*panel.augmentation);
  }
}

}  // namespace

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
  if (!a->item.evidence.empty())
    draw_highlighted_text(a->item.evidence, highlights(a->references, tqa::TextSide::evidence));
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
      const bool has =
          side == tqa::TextSide::question ? a->references.question_tokens() > 0 : a->references.evidence_tokens() > 0;
      if (!has) continue;
      auto prompt =
          tqa::render_augmentation_prompt(*prompts, s, side, a->item, a->linker->table, a->references, new_question);
      const char* side_name = side == tqa::TextSide::question ? "question" : "evidence";
      ImGui::TextDisabled("%s prompt (%s)%s", side_name, tqa::strategy_template(s, side).c_str(),
                          side == tqa::TextSide::evidence && s != tqa::Strategy::synonym_replacement && !r
                              ? ", shown with the original question until the new one exists"
                              : "");
      if (prompt.ok())
        draw_wrapped_box(side_name, *prompt, 150);
      else
        draw_error(prompt.error());
    }
    ImGui::PopID();
  }
  ImGui::EndChild();
}

}  // namespace chokepoint::web
