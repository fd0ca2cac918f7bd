// The Predictions & metrics panel's state for the page (tests read it), its page commands and its registration.
#include "core/base/clock.h"
#include "core/metrics/ex_headline.h"
#include "web/panels/metrics/metrics_panel.h"
#include "web/panels/metrics/scenario_view.h"

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
#include "core/metrics/eval_pairs.h"
#include "core/metrics/evaluation_job.h"
#include "core/metrics/explanation.h"
#include "core/metrics/regime.h"
#include "core/metrics/report_csv.h"
#include "core/metrics/transitions.h"
#include "core/sql/query_shape.h"
#include "web/bridge/canvas_capture.h"
#include "web/bridge/file_bridge.h"
#include "web/llm/llm_session.h"
#include "web/panels/metrics/explanation_view.h"
#include "web/panels/metrics/metric_glossary.h"
#include "web/panels/metrics/run_staleness.h"
#include "web/widgets/charts.h"
#include "web/widgets/regime_picker.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {

nlohmann::json metrics_state_json(const AppState& state, const MetricsPanel& panel) {
  // queued: a page command asked for a run that the next frame starts (so a waiting test never reads the last run).
  nlohmann::json j = {{"running", panel.running},         {"error", panel.error},
                      {"queued", state.runs.request_run}, {"gold_set", state.runs.gold_set},
                      {"pred_set", state.runs.pred_set},  {"semantics", ex_semantics_name(state.runs.semantics)},
                      {"tie_aware", panel.tie_aware},     {"abs_tol", panel.abs_tolerance},
                      {"rel_tol", panel.rel_tolerance}};
  if (!panel.run) return j;
  j["label"] = panel.run->label;
  j["stale"] = stale_reasons(state, panel, *panel.run);  // why the numbers are not of today's choices; [] when they are
  j["done"] = panel.run->done;
  j["evaluated"] = panel.run->items().size();
  j["total"] = panel.run->pairs().size();
  const EvaluationSummary summary = summarize(panel.run->items(), panel.run->options().regimes);
  j["summary"] = summary_to_json(summary);
  j["headline"] = ex_headline(summary, panel.run->options().semantics);
  if (panel.run->done) j["evaluator"] = evaluator_scores_json(*panel.run, panel);
  j["facts"] = {{"counted", panel.run->joins_counted}, {"ms", panel.run->facts_ms}};
  j["sc_embedding"] = panel.run->options().columns.embedding_label;
  j["evaluated_in"] = panel.run->evaluated_in;
  j["worker_restarts"] = panel.run->worker_restarts;
  if (panel.baseline && panel.baseline != panel.run && panel.baseline->done && panel.run->done) {
    RunDelta fresh;  // the panel's cache is the drawing's; this reads the same files
    j["delta"] = run_delta_json(run_delta(state, fresh, panel.run, panel.baseline));
  }
  // Items that hit a limit, failed or were cut, with the reason the Items list shows (the first 100).
  nlohmann::json flagged = nlohmann::json::array();
  for (const auto& it : panel.run->items()) {
    if (flagged.size() >= 100) break;
    if (it.status != ItemStatus::Scored ||
        (it.pred_status == QueryStatus::Ok && !it.truncated && it.ex_reasons.empty()))
      continue;
    flagged.push_back({{"id", it.id},
                       {"prediction", query_status_name(it.pred_status)},
                       {"truncation", it.truncation},
                       {"message", it.message.substr(0, 300)},
                       {"ex_reasons", it.ex_reasons},
                       {"kept_rows", it.pred_result.rows.size()},
                       {"rows", it.pred_rows}});
  }
  j["flagged"] = flagged;
  j["item_filter"] = panel.item_filter;
  // The item whose details are open, with what it asked (the Items tab's right-hand side).
  if (panel.selected_item >= 0 && static_cast<size_t>(panel.selected_item) < panel.run->items().size()) {
    const auto i = static_cast<size_t>(panel.selected_item);
    j["selected"] = {{"id", panel.run->items()[i].id},
                     {"question", i < panel.run->question.size() ? panel.run->question[i] : ""},
                     {"evidence", i < panel.run->evidence.size() ? panel.run->evidence[i] : ""}};
  }
  j["items_shown"] = filtered_items(*panel.run, panel).size();
  if (panel.prefetch)
    j["embeddings"] = {{"descriptors", panel.prefetch->texts()},
                       {"awaiting_confirmation", panel.prefetch->awaiting_confirmation()},
                       {"to_send", panel.prefetch->to_send().size()},
                       {"destination", panel.prefetch->destination()},
                       {"network_calls", panel.prefetch->network_calls()},
                       {"done", panel.prefetch->done()},
                       {"error", panel.prefetch->error()},
                       {"cached", sc_embedding_cache().size()}};
  return j;
}

MetricsPanel& metrics_panel(AppState& state) { return state.panels.get<MetricsPanel>(); }

namespace {

// {"do": "evaluate", "gold": NAME, "pred": NAME, "semantics": "bird"|"spider", "regimes": ["EC-EC-IE", ...],
//  "embeddings": true (SC with the LLM panel's endpoint), "embedding_model": NAME, "timeout_ms": N,
//  "worker_stall_ms": N (how long a silent evaluation worker is waited for; 0 = twice the limit plus 5 s),
//  "tie_aware": true|false, "abs_tol": X, "rel_tol": Y (the Scoring options; unchanged when absent),
//  "run": false (set the pickers and options as a person would, without pressing Evaluate)}
void evaluate_command(AppState& state, const nlohmann::json& cmd) {
  auto& panel = metrics_panel(state);
  const int g = find_set(state, cmd.value("gold", "")), p = find_set(state, cmd.value("pred", ""));
  if (g < 0 || p < 0) {
    notify(state, "evaluate: no loaded set named " + cmd.value(g < 0 ? "gold" : "pred", ""), true);
    return;
  }
  state.runs.gold_set = g;
  state.runs.pred_set = p;
  if (cmd.contains("semantics")) {
    auto semantics = semantics_from_json(cmd.value("semantics", "bird"));
    if (!semantics.ok()) return notify(state, "evaluate: " + semantics.error(), true);
    state.runs.semantics = *semantics;
    state.runs.semantics_chosen = true;
  }
  panel.endpoint_embeddings = cmd.value("embeddings", false);
  panel.embedding_model = cmd.value("embedding_model", "");
  if (cmd.contains("timeout_ms")) state.runs.timeout_ms = cmd["timeout_ms"].get<int>();
  panel.tie_aware = cmd.value("tie_aware", panel.tie_aware);
  panel.abs_tolerance = cmd.value("abs_tol", panel.abs_tolerance);
  panel.rel_tolerance = cmd.value("rel_tol", panel.rel_tolerance);
  panel.worker_stall_ms = cmd.value("worker_stall_ms", 0);
  if (cmd.contains("regimes")) {
    auto regimes = regimes_from_json(cmd["regimes"]);
    if (!regimes.ok()) return notify(state, "evaluate: " + regimes.error(), true);
    panel.regimes = *regimes;
  }
  if (cmd.value("run", true)) state.runs.request_run = true;  // "run": false only sets the pickers
}

// The panel and, with it, its sub-tabs (web/sub_tab_registry.h): stepped after it within the same budget, their
// states in its JSON.
const PanelRegistrar metrics_commands_registrar{
    {kMetricsPanelName, 60, [](AppState& s) { draw_metrics_panel(s, metrics_panel(s)); },
     [](AppState& s, double budget) {
       const double start = monotonic_ms();
       step_metrics_job(s, metrics_panel(s), budget);
       step_sub_tabs(s, kMetricsPanelName, std::max(0.0, budget - (monotonic_ms() - start)));
     },
     [](AppState& s) {
       nlohmann::json j = metrics_state_json(s, metrics_panel(s));
       add_sub_tab_states(s, kMetricsPanelName, j);
       return j;
     }}};
const PageCommandRegistrar evaluate_registrar{"evaluate", evaluate_command};
// {"do": "sc_embeddings", "send": true | false}: the answer to the privacy preview, like its two buttons.
const PageCommandRegistrar sc_send_registrar{"sc_embeddings", [](AppState& state, const nlohmann::json& cmd) {
                                               auto& panel = metrics_panel(state);
                                               if (!panel.prefetch || !panel.prefetch->awaiting_confirmation()) return;
                                               if (cmd.value("send", false))
                                                 panel.prefetch->send();
                                               else
                                                 panel.prefetch->decline();
                                             }};
// {"do": "scenario", "where": FILTER, "group_by": NAME}: the Summary tab's scenario bar and group-by choice, as typing
// and the combo set them ("" clears the scenario; a filter that does not parse leaves its error in the panel).
const PageCommandRegistrar scenario_registrar{"scenario", [](AppState& state, const nlohmann::json& cmd) {
                                                auto& panel = metrics_panel(state);
                                                if (cmd.contains("where")) set_scenario(panel, cmd.value("where", ""));
                                                if (auto c = sql::characteristic_named(cmd.value("group_by", "")))
                                                  panel.group_by = static_cast<int>(*c);
                                              }};
const PageCommandRegistrar png_registrar{"export_png", [](AppState&, const nlohmann::json& cmd) {
                                           request_canvas_png(cmd.value("file", "chokepoint.png"));
                                         }};

}  // namespace

}  // namespace chokepoint::web
