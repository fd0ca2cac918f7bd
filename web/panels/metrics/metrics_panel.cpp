// Predictions & Metrics panel. Evaluation runs in time slices (a few pairs per frame) so the page stays responsive;
// every number shown comes from core/metrics.
#include "web/panels/metrics/metrics_panel.h"
#include "core/base/clock.h"
#include "web/panels/metrics/metrics_dashboard.h"

#include <imgui.h>

#include "web/panel_registry.h"
#include "web/sub_tab_registry.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>

#include "core/dataset/eval_set_loader.h"
#include "core/evaluation/tie_queries.h"
#include "core/metrics/eval_pairs.h"
#include "core/metrics/evaluation_job.h"
#include "core/metrics/ex_headline.h"
#include "core/metrics/explanation.h"
#include "core/metrics/regime.h"
#include "core/metrics/report_csv.h"
#include "core/metrics/transitions.h"
#include "core/sql/query_shape.h"
#include "web/bridge/canvas_capture.h"
#include "web/bridge/file_bridge.h"
#include "web/llm/llm_session.h"
#include "web/panels/metrics/explanation_view.h"
#include "web/panels/metrics/items_view.h"
#include "web/panels/metrics/metric_glossary.h"
#include "web/panels/metrics/metrics_memory.h"
#include "web/panels/metrics/run_staleness.h"
#include "web/panels/metrics/scenario_view.h"
#include "web/widgets/charts.h"
#include "web/widgets/enum_combo.h"
#include "web/widgets/flow_layout.h"
#include "web/widgets/item_places.h"
#include "web/widgets/regime_picker.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {
namespace {

void start_run(AppState& state, MetricsPanel& panel) {
  panel.error.clear();
  const auto& sets = state.eval_sets.sets;
  const int n = static_cast<int>(sets.size());
  if (state.runs.gold_set < 0 || state.runs.gold_set >= n || state.runs.pred_set < 0 || state.runs.pred_set >= n) {
    panel.error = "choose a gold set and a prediction set";
    return;
  }
  const auto& gold = sets[static_cast<size_t>(state.runs.gold_set)];
  const auto& pred = sets[static_cast<size_t>(state.runs.pred_set)];
  auto pairs = pair_gold_with_predictions(gold.set, pred.set);
  if (!pairs.ok()) {
    panel.error = pairs.error();
    return;
  }
  auto run = std::make_shared<MetricsRun>();
  run->label = gold.name + " vs " + pred.name;
  if (panel.tie_aware) evaluation::fill_tie_queries(*pairs);
  remember_metrics_choices(state, panel, true);
  EvaluationOptions options;
  options.regimes = panel.regimes.empty() ? table_xi_regimes() : panel.regimes;
  options.semantics = state.runs.semantics;
  options.limits.timeout_ms = state.runs.timeout_ms;
  options.limits.max_rows = 100000;
  options.tie_aware = panel.tie_aware;
  options.abs_tolerance = panel.abs_tolerance;
  options.rel_tolerance = panel.rel_tolerance;
  options.keep_details = true;
  // A tab has a few GB at most and keeps every item's details: 2 MiB of each result is plenty to look at.
  options.kept_result_bytes = 2u << 20;
  panel.prefetch.reset();
  const bool semantic = std::any_of(options.regimes.begin(), options.regimes.end(),
                                    [](const Regime& r) { return r.columns == ColumnRegime::Semantic; });
  if (panel.endpoint_embeddings && semantic) {
    auto endpoint = usable_session_endpoint();
    if (!endpoint.ok()) {
      panel.error = "SC with endpoint embeddings: " + endpoint.error();
      return;
    }
    const std::string model = panel.embedding_model.empty() ? llm_session().settings.model : panel.embedding_model;
    if (model.empty()) {
      panel.error = "SC with endpoint embeddings: name an embeddings model";
      return;
    }
    options.columns.embed = cached_embedding_function(sc_embedding_cache(), model);
    options.columns.embedding_label = "endpoint embeddings: " + model + " at " + endpoint_url(*endpoint, "");
    panel.prefetch = std::make_shared<ScEmbeddingPrefetch>(*endpoint, model, llm_session().settings.timeout_ms);
  }
  for (const auto& g : gold.set.items) {
    run->difficulty.push_back(g.difficulty);
    run->question.push_back(g.question);
    run->evidence.push_back(g.evidence);
  }
  run->joins.assign(gold.set.items.size(), -1);  // counted by count_joins, a slice per frame
  auto made = make_metrics_run(state, std::move(*pairs), std::move(options), panel.worker_stall_ms);
  made->label = run->label;
  made->gold_name = gold.name;
  made->pred_name = pred.name;
  made->gold_revision = gold.revision;
  made->pred_revision = pred.revision;
  made->difficulty = std::move(run->difficulty);
  made->question = std::move(run->question);
  made->evidence = std::move(run->evidence);
  made->joins = std::move(run->joins);
  size_gold_facts(made->facts, made->joins.size());
  run = made;
  panel.run = run;
  state.runs.evaluation = run;  // the tabs built on the run read it there
  panel.running = true;
  panel.selected_item = -1;
  panel.chart_regime = 0;
}

// Tie-aware ordering and numeric tolerance, as `chokepoint eval --tie-aware --abs-tol --rel-tol`:
// a button on the SC line opening a popup, so the panel's layout does not move; the label says when one is on.
void draw_scoring_options(MetricsPanel& panel) {
  const bool active = panel.tie_aware || panel.abs_tolerance > 0 || panel.rel_tolerance > 0;
  flow_same_line(button_width(active ? "Scoring options (on)...###scoring" : "Scoring options...###scoring"));
  if (ImGui::SmallButton(active ? "Scoring options (on)...###scoring" : "Scoring options...###scoring"))
    ImGui::OpenPopup("scoring-options");
  note_item_place("Scoring options");
  if (!ImGui::BeginPopup("scoring-options")) return;
  ImGui::Checkbox("tie-aware ordering", &panel.tie_aware);
  note_item_place("tie-aware ordering");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "When the gold's ORDER BY ... LIMIT n cuts through rows with equal ordering keys, a prediction that\n"
        "returns another member of the tie is right too. Such items are flagged tie_dependent, and\n"
        "tie_accepted when that made EX 1. Off: scored as BIRD and Spider score (the gold's rows only).");
  ImGui::SetNextItemWidth(ui_px(110));
  ImGui::InputDouble("absolute tolerance", &panel.abs_tolerance, 0, 0, "%g");
  ImGui::SetNextItemWidth(ui_px(110));
  ImGui::InputDouble("relative tolerance", &panel.rel_tolerance, 0, 0, "%g");
  panel.abs_tolerance = std::clamp(panel.abs_tolerance, 0.0, 1e12);
  panel.rel_tolerance = std::clamp(panel.rel_tolerance, 0.0, 1.0);
  ImGui::TextDisabled(
      "Numbers (never text) compare equal when |a - b| <= max(absolute, relative * max(|a|, |b|)),\n"
      "in every semantics. Both 0 (the default): exact, as BIRD and Spider compare.");
  ImGui::EndPopup();
}

void draw_metrics_setup(AppState& state, MetricsPanel& panel) {
  const auto& sets = state.eval_sets.sets;
  // The gold picker offers gold sets only; the prediction picker offers every file (a gold set evaluated against
  // itself is a sanity check), prediction files marked.
  auto set_combo = [&](const char* label, int& index, bool gold) {
    const bool valid = index >= 0 && index < static_cast<int>(sets.size());
    const char* current = valid ? sets[static_cast<size_t>(index)].name.c_str() : "(none)";
    if (gold)  // the first of the row
      ImGui::SetNextItemWidth(ui_px(220));
    else
      flow_next_item(ui_px(220), label);
    if (ImGui::BeginCombo(label, current)) {
      for (size_t i = 0; i < sets.size(); ++i) {
        if (gold && sets[i].predictions) continue;
        const std::string name =
            sets[i].name + (sets[i].predictions ? "  (predictions)" : "") + "##" + std::to_string(i);
        if (ImGui::Selectable(name.c_str(), static_cast<int>(i) == index)) index = static_cast<int>(i);
      }
      ImGui::EndCombo();
    }
  };
  set_combo("gold", state.runs.gold_set, true);
  set_combo("predictions", state.runs.pred_set, false);
  if (draw_semantics_combo(state.runs.semantics, true, true)) state.runs.semantics_chosen = true;
  flow_same_line(text_width("(files?)"));
  ImGui::TextDisabled("(files?)");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Gold: BIRD or Spider dev.json, SQL<TAB>db_id lines, or a CSV with sql and question columns.\n"
        "Predictions: BIRD's {\"0\": \"SQL\\t----- bird -----\\tdb_id\"} dict (matched by key), one SQL per line\n"
        "(matched by line), or a CSV with a sql column. Open them in Databases > Open files, or drop them here.");
  flow_next_item(ui_px(90), "timeout ms");
  ImGui::InputInt("timeout ms", &state.runs.timeout_ms, 500);
  state.runs.timeout_ms = std::clamp(state.runs.timeout_ms, 100, 600000);
  draw_regime_picker(panel.regimes, [](const Regime& r) { tooltip_definition(r.name()); });
  ImGui::Checkbox("SC with the endpoint's embeddings", &panel.endpoint_embeddings);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Semantic column matching embeds each column's name and top values with the model of the LLM\n"
        "panel (OpenAI-compatible /v1/embeddings) instead of the local character-trigram cosine.\n"
        "Column descriptors (names and values of your results) are sent to that endpoint.");
  if (panel.endpoint_embeddings) {
    static char model[128];
    std::snprintf(model, sizeof model, "%s", panel.embedding_model.c_str());
    flow_next_item(ui_px(200), "embeddings model");
    if (ImGui::InputTextWithHint("embeddings model", "the LLM panel's model", model, sizeof model))
      panel.embedding_model = model;
  }
  draw_scoring_options(panel);
  if (panel.running && panel.prefetch && panel.prefetch->awaiting_confirmation()) {
    // Privacy preview (decisions.md §8): exactly what would leave the page, and nothing before the user says send.
    const auto& texts = panel.prefetch->to_send();
    ImGui::Text(
        "SC with the endpoint's embeddings will send %zu column descriptors (column names and their most "
        "frequent values) to %s:",
        texts.size(), panel.prefetch->destination().c_str());
    ImGui::BeginChild("sc-preview", ImVec2(0, 120), true);
    for (const auto& t : texts) ImGui::TextUnformatted(t.c_str());
    ImGui::EndChild();
    if (ImGui::Button("Send and evaluate")) panel.prefetch->send();
    ImGui::SameLine();
    if (ImGui::Button("Do not send")) panel.prefetch->decline();
  } else if (panel.running && panel.prefetch && !panel.prefetch->done()) {
    ImGui::TextDisabled("%s", panel.prefetch->progress_text().c_str());
  }
  if (panel.running) {
    const auto& run = *panel.run;
    ImGui::ProgressBar(
        static_cast<float>(run.items().size()) / static_cast<float>(std::max<size_t>(1, run.pairs().size())),
        ui_px(300, 0));
    ImGui::SameLine();
    ImGui::Text("%zu / %zu", run.items().size(), run.pairs().size());
    if (run.worker) {
      ImGui::SameLine();
      ImGui::TextDisabled("in a background worker");
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Queries run in a Web Worker, so a slow one never freezes the page; Cancel stops it at once.");
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) {
      panel.running = false;
      panel.run->worker.reset();  // terminates it, mid-query if need be
      notify(state, "evaluation cancelled after " + std::to_string(run.items().size()) + " items");
    }
  } else {
    const bool evaluate = ImGui::Button("Evaluate");
    note_item_place("Evaluate");
    if (evaluate) start_run(state, panel);
    if (panel.run && panel.run->done) {
      ImGui::SameLine();
      if (ImGui::Button("Pin as baseline for delta EX")) panel.baseline = panel.run;
      note_item_place("pin baseline");
      ImGui::SameLine();
      if (ImGui::Button("Export CSV")) {
        const std::string path = "/tmp/chokepoint_metrics.csv";
        std::ofstream(path, std::ios::binary)
            << evaluation_csv(panel.run->pairs(), panel.run->items(), panel.run->options().regimes,
                              {panel.run->difficulty, panel.run->joins});
        offer_download(path, "chokepoint_metrics.csv", "text/csv");
      }
      ImGui::SameLine();
      if (ImGui::Button("Export PNG")) request_canvas_png("chokepoint_metrics.png");
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("The page as shown, as a PNG image (each chart's own PNG button saves the chart alone).");
    }
  }
  if (!panel.error.empty()) draw_error(panel.error);
}

// Over the numbers, when they are of other inputs than the pickers now name (run_staleness.h): what they are of,
// and each difference, so an old result is never read as the new choices'.
void draw_stale_note(const AppState& state, const MetricsPanel& panel, const MetricsRun& run) {
  const auto reasons = stale_reasons(state, panel, run);
  if (reasons.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.65f, 0.2f, 1));
  ImGui::TextWrapped(
      "Out of date: the numbers below are of %s under %s, not of the choices above. Press Evaluate to score the "
      "choices above.",
      run.label.c_str(), semantics_label(run.options().semantics));
  for (const auto& r : reasons) ImGui::BulletText("%s", r.c_str());
  ImGui::PopStyleColor();
  note_item_place("Out of date");
}

}  // namespace

// The pickers follow uploads: a new predictions file becomes the prediction pick, a new gold set the gold pick, and
// the EX semantics follows the gold's benchmark when its format says which (else the predictions').
void step_metrics_job(AppState& state, MetricsPanel& panel, double budget_ms) {
  double part = monotonic_ms();
  // Each piece's time is named for the slow-frame report (AppState::frame_parts).
  auto mark = [&](const char* name) {
    note_frame_part(state, std::string("metrics: ") + name, part);
    part = monotonic_ms();
  };
  follow_new_sets(state);
  restore_metrics_choices(state, panel);
  if (state.runs.request_run && !panel.running) {
    state.runs.request_run = false;
    start_run(state, panel);
    mark("start");
    return;  // the evaluation and its facts begin next frame: starting is this frame's share
  }
  if (!panel.running || !panel.run) return;
  auto& run = *panel.run;
  if (panel.prefetch) {
    // The vectors first; a decline or a failed fetch (which may end the prefetch between frames) scores nothing.
    if (!panel.prefetch->done() && !panel.prefetch->step(state, run.pairs(), run.options(), budget_ms)) return;
    if (!panel.prefetch->error().empty()) {
      panel.error = panel.prefetch->error() + " — nothing was scored; vectors already fetched stay cached";
      panel.running = false;
      notify(state, panel.error, true);
      return;
    }
  }
  // The facts share the page's thread with the evaluation only when there is no worker; with one, they take it all.
  const int gold = find_set(state, run.gold_name);
  const double facts_budget = run.worker || run.job->done() ? budget_ms : budget_ms / 2;
  const bool counted =
      gold < 0 || count_joins(state, run, state.eval_sets.sets[static_cast<size_t>(gold)].set.items, facts_budget);
  mark("facts");
  const bool evaluated = advance_metrics_run(state, run, budget_ms);
  mark("evaluation");
  if (evaluated && counted) {
    run.done = true;
    panel.running = false;
    const auto s = summarize(run.items(), run.options().regimes);
    notify(state, "evaluated " + std::to_string(s.n) + " items: " + ex_headline(s, run.options().semantics));
  }
}

void draw_metrics_panel(AppState& state, MetricsPanel& panel) {
  draw_metrics_setup(state, panel);
  if (!panel.run || panel.run->items().empty()) {
    // Runs kept before a reload can be compared without evaluating anything first.
    const bool open = ImGui::CollapsingHeader("Kept runs");
    note_item_place("Kept runs");
    if (open) draw_sub_tab_body(state, kMetricsPanelName, "Runs");
    // The golds can be checked before any prediction exists.
    const bool check_open = ImGui::CollapsingHeader("Check the gold set");
    note_item_place("Check the gold set");
    if (check_open) draw_sub_tab_body(state, kMetricsPanelName, "Gold check");
    return;
  }
  const auto& run = *panel.run;
  ImGui::Separator();
  draw_stale_note(state, panel, run);
  if (ImGui::BeginTabBar("metric-views")) {
    if (begin_noted_tab_item("Summary")) {
      const auto subset = draw_scenario_bar(run, panel);
      if (subset && subset->empty()) {
        ImGui::TextDisabled("No evaluated item fits the scenario.");
      } else {
        draw_summary(run, subset);
        ImGui::Text("per database");
        std::vector<std::string> dbs;
        for (const auto& it : run.items()) dbs.push_back(it.db_id);
        draw_breakdown("database", run, dbs, subset);
        ImGui::Text("per difficulty");
        draw_breakdown("difficulty", run,
                       std::vector<std::string>(run.difficulty.begin(),
                                                run.difficulty.begin() + static_cast<long>(run.items().size())),
                       subset);
        if (run.done) draw_evaluator_scores(run, panel, subset);
      }
      if (panel.baseline && panel.baseline != panel.run && panel.baseline->done && run.done)
        draw_run_delta(run_delta(state, panel.delta, panel.run, panel.baseline));
      ImGui::EndTabItem();
    }
    if (begin_noted_tab_item("Charts")) {
      draw_charts(run, panel);
      ImGui::EndTabItem();
    }
    if (begin_noted_tab_item("Items")) {
      draw_items(run, panel);
      ImGui::EndTabItem();
    }
    draw_sub_tabs(state, kMetricsPanelName);  // Errors, Judge, Efficiency, SQL-to-Text, Optimise, Runs, Gold check
    ImGui::EndTabBar();
  }
}

}  // namespace chokepoint::web
