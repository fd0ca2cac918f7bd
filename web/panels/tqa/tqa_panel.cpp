// Text augmentation panel. Every number and name shown comes from core/tqa; this file only chooses what to run
// (through the jobs in web/panels/tqa/tqa_*_run.h, stepped a slice per frame) and arranges the views
// (tqa_*_view.cpp); tqa_commands.cpp holds the page commands and the state tests read.
#include "web/panels/tqa/tqa_panel.h"
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

const char* const kPanelName = "Text augmentation";

// One colour per linker component, so a reader sees which token refers to which part of the name.
const ImVec4 kComponentColors[] = {
    {1.0f, 0.78f, 0.25f, 1}, {0.45f, 0.85f, 1.0f, 1}, {0.6f, 1.0f, 0.5f, 1}, {1.0f, 0.55f, 0.8f, 1}};
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
  auto run = start_denat_run(state, panel.denat_db, effective_set(state, panel), *lex, panel.denat_setting,
                             panel.denat_llm, panel.denat_keep);
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
    ImGui::ProgressBar(lexicon_progress_fraction(), ui_px(220, 0), known ? nullptr : overlay);
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

}  // namespace

ImVec4 component_color(size_t i) {
  return kComponentColors[i % (sizeof kComponentColors / sizeof kComponentColors[0])];
}

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

bool set_combo(const AppState& state, TqaPanel& panel, bool same_line) {
  const auto& sets = state.eval_sets.sets;
  const int current = effective_set(state, panel);
  bool changed = false;
  if (same_line)
    flow_next_item(ui_px(220), "evaluation set");
  else
    ImGui::SetNextItemWidth(ui_px(220));
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

TqaPanel& tqa_panel(AppState& state) { return state.panels.get<TqaPanel>(); }

void draw_tqa_panel(AppState& state, TqaPanel& panel) {
  if (lexicon_loader().status == LexiconLoad::idle) request_lexicon();  // on demand: when this panel is first shown
  if (!panel.auto_analysed) {
    panel.auto_analysed = true;
    if (!panel.linker) panel.request_analysis = true;
  }
  draw_lexicon_line();
  const TqaPanel::View view = panel.view;
  panel.view = TqaPanel::View::none;
  if (ImGui::BeginTabBar("tqa-views")) {
    auto flags = [&](TqaPanel::View v) { return view == v ? ImGuiTabItemFlags_SetSelected : 0; };
    if (begin_noted_tab_item("Linker tables", flags(TqaPanel::View::linker))) {
      draw_linker_view(state, panel);
      ImGui::EndTabItem();
    }
    if (begin_noted_tab_item("Strategies", flags(TqaPanel::View::strategies))) {
      draw_strategies_view(panel);
      ImGui::EndTabItem();
    }
    if (begin_noted_tab_item("De-naturalisation", flags(TqaPanel::View::denat))) {
      draw_denat_view(state, panel);
      ImGui::EndTabItem();
    }
    if (begin_noted_tab_item("Split", flags(TqaPanel::View::split))) {
      draw_tqa_split_view(state, panel.split, effective_set(state, panel));
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
  }
}

void step_tqa_panel(AppState& state, TqaPanel& panel, double budget_ms) {
  // The lexicon is decoded once per page: it gets a fixed 6 ms a frame rather than this panel's share of the jobs'
  // budget (which would stretch ~120 ms of decoding over some 50 frames).
  step_lexicon_loader(6.0);
  step_tqa_split(state, panel.split, budget_ms);  // needs no lexicon
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
  if (panel.augmentation) {
    step_augmentation_run(*panel.augmentation);
    publish_augmentation(state, *panel.augmentation);
  }
  if (panel.request_variant && !(panel.denat && panel.denat->running())) start_variant(state, panel);
  if (panel.denat && panel.denat->running()) step_denat_run(state, *panel.denat, budget_ms);
}

namespace {
const PanelRegistrar tqa_panel_registrar{{kPanelName, 50, [](AppState& s) { draw_tqa_panel(s, tqa_panel(s)); },
                                          [](AppState& s, double budget) { step_tqa_panel(s, tqa_panel(s), budget); },
                                          [](AppState& s) { return tqa_state_json(tqa_panel(s)); }}};
}  // namespace

}  // namespace chokepoint::web
