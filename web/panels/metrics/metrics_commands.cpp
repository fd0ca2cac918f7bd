// The Predictions & metrics panel's state for the page (tests read it), its page commands and its registration.
#include "core/base/clock.h"
#include "web/panels/metrics/metrics_panel.h"
#include "web/panels/metrics/scenario_view.h"

#include <imgui.h>

#include "web/panel_registry.h"

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
#include "web/widgets/charts.h"
#include "web/widgets/regime_picker.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {

nlohmann::json metrics_state_json(const MetricsPanel& panel) {
  // queued: a page command asked for a run that the next frame starts (so a waiting test never reads the last run).
  nlohmann::json j = {{"debug", debug_run_json(panel.debug)},
                      {"running", panel.running},
                      {"error", panel.error},
                      {"queued", panel.request_run},
                      {"gold_set", panel.gold_set},
                      {"pred_set", panel.pred_set},
                      {"semantics", ex_semantics_name(panel.semantics)},
                      {"tie_aware", panel.tie_aware},
                      {"abs_tol", panel.abs_tolerance},
                      {"rel_tol", panel.rel_tolerance}};
  j["runs"] = runs_view_json(panel);
  j["judge"] = judge_run_json(panel.judge);
  j["efficiency"] = efficiency_run_json(panel.efficiency);
  j["describe"] = describe_run_json(panel.describe);
  j["optimize"] = optimize_run_json(panel.optimize);
  j["error_category"] = error_category_run_json(panel.error_category);
  j["gold_check"] = gold_check_json(panel.gold_check);
  if (!panel.run) return j;
  j["label"] = panel.run->label;
  // Kept means listed and compared too: 0 until the store's later frames are over (runs_view.h).
  const bool keeping = panel.runs.insert_run || panel.runs.persist_due || panel.runs.compare_due;
  j["stored_id"] = keeping ? 0 : panel.run->stored_id;
  j["done"] = panel.run->done;
  j["evaluated"] = panel.run->items().size();
  j["total"] = panel.run->pairs().size();
  j["summary"] = summary_to_json(summarize(panel.run->items(), panel.run->options().regimes));
  if (panel.run->done) j["evaluator"] = evaluator_scores_json(*panel.run, panel);
  j["facts"] = {{"counted", panel.run->joins_counted}, {"ms", panel.run->facts_ms}};
  j["sc_embedding"] = panel.run->options().columns.embedding_label;
  j["evaluated_in"] = panel.run->evaluated_in;
  j["worker_restarts"] = panel.run->worker_restarts;
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
  j["errors"] = run_errors_json(*panel.run, panel);
  j["item_filter"] = panel.item_filter;
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
//  "tie_aware": true|false, "abs_tol": X, "rel_tol": Y (the Scoring options; unchanged when absent)}
void evaluate_command(AppState& state, const nlohmann::json& cmd) {
  auto& panel = metrics_panel(state);
  const int g = find_set(state, cmd.value("gold", "")), p = find_set(state, cmd.value("pred", ""));
  if (g < 0 || p < 0) {
    notify(state, "evaluate: no loaded set named " + cmd.value(g < 0 ? "gold" : "pred", ""), true);
    return;
  }
  panel.gold_set = g;
  panel.pred_set = p;
  if (cmd.contains("semantics")) {
    auto semantics = semantics_from_json(cmd.value("semantics", "bird"));
    if (!semantics.ok()) return notify(state, "evaluate: " + semantics.error(), true);
    panel.semantics = *semantics;
    panel.semantics_chosen = true;
  }
  panel.endpoint_embeddings = cmd.value("embeddings", false);
  panel.embedding_model = cmd.value("embedding_model", "");
  if (cmd.contains("timeout_ms")) panel.timeout_ms = cmd["timeout_ms"].get<int>();
  panel.tie_aware = cmd.value("tie_aware", panel.tie_aware);
  panel.abs_tolerance = cmd.value("abs_tol", panel.abs_tolerance);
  panel.rel_tolerance = cmd.value("rel_tol", panel.rel_tolerance);
  panel.worker_stall_ms = cmd.value("worker_stall_ms", 0);
  if (cmd.contains("regimes")) {
    auto regimes = regimes_from_json(cmd["regimes"]);
    if (!regimes.ok()) return notify(state, "evaluate: " + regimes.error(), true);
    panel.regimes = *regimes;
  }
  panel.request_run = true;
}

const PanelRegistrar registrar{{"Predictions & metrics", 60,
                                [](AppState& s) { draw_metrics_panel(s, metrics_panel(s)); },
                                [](AppState& s, double budget) { step_metrics_job(s, metrics_panel(s), budget); },
                                [](AppState& s) { return metrics_state_json(metrics_panel(s)); }}};
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
// {"do": "errors_filter", "filter": "" | "system" | "result" | CATEGORY, "select": K}: the Errors list's filter and
// selection, as the combo and a click set them.
const PageCommandRegistrar errors_filter_registrar{"errors_filter", [](AppState& state, const nlohmann::json& cmd) {
                                                     auto& panel = metrics_panel(state);
                                                     panel.error_filter = cmd.value("filter", "");
                                                     panel.selected_error = cmd.value("select", -1);
                                                   }};
// {"do": "debug_run", "strategy": NAME, "rounds": R, "model": NAME}: plans the first round and opens the preview, as
// the "Debug the wrong predictions..." button does; {"do": "debug_confirm"} / {"do": "debug_cancel"}.
const PageCommandRegistrar debug_registrar{"debug_run", [](AppState& state, const nlohmann::json& cmd) {
                                             auto& panel = metrics_panel(state);
                                             auto strategy =
                                                 runner::debug_strategy_from_name(cmd.value("strategy", "comment"));
                                             if (!strategy.ok())
                                               return notify(state, "debug_run: " + strategy.error(), true);
                                             panel.debug.strategy = *strategy;
                                             panel.debug.rounds = cmd.value("rounds", 2);
                                             panel.debug.model = cmd.value("model", "");
                                             prepare_debug_run(state, panel);
                                             if (!panel.debug.error.empty())
                                               notify(state, "debug_run: " + panel.debug.error, true);
                                           }};
const PageCommandRegistrar debug_confirm_registrar{
    "debug_confirm", [](AppState& state, const nlohmann::json&) { confirm_debug_run(state, metrics_panel(state)); }};
const PageCommandRegistrar debug_cancel_registrar{
    "debug_cancel", [](AppState& state, const nlohmann::json&) { cancel_debug_run(state, metrics_panel(state)); }};
// {"do": "judge_run", "only": "" | "strict" | "lenient", "max_rows": N}: the Judge tab's choices and its "Ask the
// judge..." button (plans and opens the preview); {"do": "judge_confirm"} / {"do": "judge_cancel"}.
const PageCommandRegistrar judge_registrar{"judge_run", [](AppState& state, const nlohmann::json& cmd) {
                                             auto& panel = metrics_panel(state);
                                             const std::string only = cmd.value("only", "");
                                             panel.judge.only = only == "strict" ? 1 : only == "lenient" ? 2 : 0;
                                             panel.judge.max_rows = cmd.value("max_rows", 10);
                                             prepare_judge_run(state, panel);
                                           }};
const PageCommandRegistrar judge_confirm_registrar{
    "judge_confirm", [](AppState& state, const nlohmann::json&) { confirm_judge_run(state, metrics_panel(state)); }};
// {"do": "efficiency_run", "iterations": N, "mode": "step" | "bird-execute"}: the Efficiency tab's choices and its
// "Time the predictions" button; {"do": "efficiency_cancel"}; {"do": "efficiency_plan", "item": k}: item k's plans.
const PageCommandRegistrar efficiency_registrar{"efficiency_run", [](AppState& state, const nlohmann::json& cmd) {
                                                  auto& panel = metrics_panel(state);
                                                  panel.efficiency.iterations = cmd.value("iterations", 10);
                                                  panel.efficiency.mode =
                                                      cmd.value("mode", std::string("step")) == "bird-execute" ? 1 : 0;
                                                  start_efficiency_run(state, panel);
                                                }};
const PageCommandRegistrar efficiency_cancel_registrar{
    "efficiency_cancel", [](AppState& state, const nlohmann::json&) { cancel_efficiency_run(metrics_panel(state)); }};
const PageCommandRegistrar efficiency_plan_registrar{"efficiency_plan", [](AppState& state, const nlohmann::json& cmd) {
                                                       select_efficiency_item(state, metrics_panel(state),
                                                                              cmd.value("item", -1));
                                                     }};
// {"do": "gold_check", "gold"?: NAME, "semantics"?: "bird" | "spider" | ..., "timeout_ms"?: N}: the panel's choices
// and the gold check's "Check the golds" button; {"do": "gold_check_cancel"}.
const PageCommandRegistrar gold_check_registrar{"gold_check", [](AppState& state, const nlohmann::json& cmd) {
                                                  auto& panel = metrics_panel(state);
                                                  if (cmd.contains("gold"))
                                                    panel.gold_set = find_set(state, cmd.value("gold", ""));
                                                  if (cmd.contains("semantics")) {
                                                    auto s = ex_semantics_from_name(cmd.value("semantics", ""));
                                                    if (s) {
                                                      panel.semantics = *s;
                                                      panel.semantics_chosen = true;
                                                    }
                                                  }
                                                  if (cmd.contains("timeout_ms"))
                                                    panel.timeout_ms = cmd.value("timeout_ms", panel.timeout_ms);
                                                  start_gold_check(state, panel);
                                                }};
const PageCommandRegistrar gold_check_cancel_registrar{
    "gold_check_cancel", [](AppState& state, const nlohmann::json&) { cancel_gold_check(metrics_panel(state)); }};
// {"do": "describe_run", "subject": "predictions" | "gold", "judge": true, "embeddings"?: bool (kept when absent),
// "embedding_model"?: NAME}: the SQL-to-Text tab's choices and its "Describe..." button (plans and opens the preview);
// {"do": "describe_confirm"} / {"do": "describe_cancel"}.
const PageCommandRegistrar describe_registrar{
    "describe_run", [](AppState& state, const nlohmann::json& cmd) {
      auto& panel = metrics_panel(state);
      panel.describe.subject = cmd.value("subject", std::string("predictions")) == "gold" ? 1 : 0;
      panel.describe.judge = cmd.value("judge", true);
      panel.describe.embeddings = cmd.value("embeddings", panel.describe.embeddings);
      if (cmd.contains("embedding_model")) panel.describe.embedding_model = cmd.value("embedding_model", std::string());
      prepare_describe_run(state, panel);
    }};
const PageCommandRegistrar describe_confirm_registrar{"describe_confirm", [](AppState& state, const nlohmann::json&) {
                                                        confirm_describe_run(state, metrics_panel(state));
                                                      }};
const PageCommandRegistrar describe_cancel_registrar{"describe_cancel", [](AppState& state, const nlohmann::json&) {
                                                       cancel_describe_run(state, metrics_panel(state));
                                                     }};
// {"do": "optimize_run", "variants": ["with-y", ...], "iterations": N}: the Optimise tab's choices and its
// "Optimise..." button (plans and opens the preview); {"do": "optimize_confirm"} / {"do": "optimize_cancel"}.
const PageCommandRegistrar optimize_registrar{
    "optimize_run", [](AppState& state, const nlohmann::json& cmd) {
      auto& panel = metrics_panel(state);
      const auto all = runner::all_optimize_variants();
      if (cmd.contains("variants") && cmd["variants"].is_array()) {
        panel.optimize.chosen.assign(all.size(), false);
        for (const auto& name : cmd["variants"])
          for (size_t v = 0; v < all.size(); ++v)
            if (name.is_string() && name.get<std::string>() == runner::optimize_variant_name(all[v]))
              panel.optimize.chosen[v] = true;
      }
      panel.optimize.iterations = cmd.value("iterations", 10);
      prepare_optimize_run(state, panel);
    }};
const PageCommandRegistrar optimize_confirm_registrar{"optimize_confirm", [](AppState& state, const nlohmann::json&) {
                                                        confirm_optimize_run(state, metrics_panel(state));
                                                      }};
const PageCommandRegistrar optimize_cancel_registrar{"optimize_cancel", [](AppState& state, const nlohmann::json&) {
                                                       cancel_optimize_run(state, metrics_panel(state));
                                                     }};
const PageCommandRegistrar judge_cancel_registrar{
    "judge_cancel", [](AppState& state, const nlohmann::json&) { cancel_judge_run(state, metrics_panel(state)); }};
// {"do": "error_categories"}: the Errors tab's "Ask a model: condition or data processing?" button (opens the
// preview); {"do": "error_categories_confirm"}.
const PageCommandRegistrar categories_registrar{"error_categories", [](AppState& state, const nlohmann::json&) {
                                                  prepare_error_category_run(state, metrics_panel(state));
                                                }};
const PageCommandRegistrar categories_confirm_registrar{
    "error_categories_confirm",
    [](AppState& state, const nlohmann::json&) { confirm_error_category_run(state, metrics_panel(state)); }};
// {"do": "runs_compare", "a": ID, "b": ID}: the Runs tab's A and B choices.
const PageCommandRegistrar runs_compare_registrar{"runs_compare", [](AppState& state, const nlohmann::json& cmd) {
                                                    compare_stored_runs(metrics_panel(state), cmd.value("a", 0),
                                                                        cmd.value("b", 0));
                                                  }};
// {"do": "runs_mark", "side": "a"|"b", "item": ID, "almost_correct": true|false, "note": TEXT}: a mark box.
const PageCommandRegistrar runs_mark_registrar{
    "runs_mark", [](AppState& state, const nlohmann::json& cmd) {
      mark_compared_item(metrics_panel(state), cmd.value("side", "b") == "a" ? 'a' : 'b', cmd.value("item", ""),
                         cmd.value("almost_correct", true), cmd.value("note", ""));
    }};
const PageCommandRegistrar png_registrar{"export_png", [](AppState&, const nlohmann::json& cmd) {
                                           request_canvas_png(cmd.value("file", "chokepoint.png"));
                                         }};

}  // namespace

}  // namespace chokepoint::web
