// The Optimise tab: plan -> preview -> one batch of every variant's prompts -> per frame, the baseline's timings and
// each variant's decisions and timings -> the table.
#include "web/panels/optimise/optimize_run.h"
#include "web/panel_registry.h"
#include "web/sub_tab_registry.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <map>

#include "core/base/clock.h"
#include "core/llm_tasks/sql_optimization_json.h"
#include "core/runner/prompt_formats.h"
#include "web/llm/llm_session.h"
#include "web/panels/metrics/llm_task_memory.h"
#include "web/panels/metrics/metrics_run.h"
#include "web/panels/metrics/restored_llm_task_views.h"
#include "web/widgets/item_places.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {
namespace {

EfficiencyOptions timing_of(const OptimizeRun& run) {
  EfficiencyOptions o;
  o.timing.iterations = std::clamp(run.iterations, 1, 1000);
  // As the Efficiency tab: spans of 20 clock ticks and at least 1 ms, each pair's timing bounded.
  o.timing.min_span_ns = std::max<int64_t>(1000000, 20 * clock_resolution_ns(steady_clock_ns));
  o.timing.timeout_ms = 2000;
  o.self_check = false;
  return o;
}

PairEfficiency no_database(const EvalPair& pair) {
  PairEfficiency none;
  none.ex.id = pair.id;
  none.ex.db_id = pair.db_id;
  none.ex.status = ItemStatus::NoDatabase;
  return none;
}

void finish_optimize(AppState& state, OptimizeRun& run) {
  run.phase = 3;
  run.baseline_summary = summarize_efficiency(run.baseline);
  run.summaries.clear();
  for (const auto& t : run.timed) run.summaries.push_back(summarize_efficiency(t));
  run.published_summaries.clear();
  for (const auto& t : run.published) run.published_summaries.push_back(summarize_efficiency(t));
  // Kept for a reload (llm_task_memory.h), without the per-item rows: the table and what the llm-tasks study reads.
  if (!run.cancelled) {
    nlohmann::json report = optimize_run_json(run);
    report.erase("items");
    remember_llm_task(LlmTask::Optimize, *run.source, {{"model", run.batch.sent.model}, {"report", std::move(report)}});
  }
  char buf[160];
  std::snprintf(buf, sizeof buf, "optimisation: %zu variants timed (baseline VES %.2f)", run.variants.size(),
                run.baseline_summary.scores.ves);
  notify(state, buf);
}

// One unit of phase 2: the baseline's pair k, or variant v's pair k (its decision, then its timing).
void work_one(AppState& state, OptimizeRun& run) {
  const auto& pairs = run.source->pairs();
  const size_t n = pairs.size();
  const size_t v = run.next / n, k = run.next % n;
  ++run.next;
  const EvalPair& pair = pairs[k];
  const LoadedDatabase* db = find_database(state, pair.db_id);
  EvaluationOptions ex = run.source->options();
  ex.regimes.clear();
  if (v == 0) {
    run.baseline.push_back(db && db->connection ? evaluate_efficiency(*db->connection, pair, ex, timing_of(run))
                                                : no_database(pair));
    return;
  }
  const size_t vi = v - 1;
  const auto variant = run.variants[vi];
  llm_tasks::RewriteDecision d;
  if (!db || !db->connection) {
    d = {pair.pred_sql, llm_tasks::RewriteOutcome::NotAsked, "database " + pair.db_id + " is not loaded", ""};
  } else if (!llm_tasks::is_two_stage(variant)) {
    d = run.answers[vi][k] ? llm_tasks::direct_query(*run.answers[vi][k])
                           : llm_tasks::RewriteDecision{"", llm_tasks::RewriteOutcome::NoAnswer, "not asked", ""};
  } else {
    d = llm_tasks::decide_rewrite(pair.pred_sql, run.answers[vi][k],
                                  llm_tasks::same_result_as_prediction(*db->connection, pair, ex));
  }
  EvalPair final_pair = pair;
  final_pair.pred_sql = d.final_sql;
  const std::string as_published = llm_tasks::published_final_sql(d);
  run.decisions[vi].push_back(std::move(d));
  run.timed[vi].push_back(db && db->connection ? evaluate_efficiency(*db->connection, final_pair, ex, timing_of(run))
                                               : no_database(pair));
  // As `chokepoint optimize` scores it as published: only a rewrite that was not kept is timed again.
  if (as_published == final_pair.pred_sql || !db || !db->connection) {
    run.published[vi].push_back(run.timed[vi].back());
    return;
  }
  final_pair.pred_sql = as_published;
  ++run.rewrites_not_kept[vi];
  run.published[vi].push_back(evaluate_efficiency(*db->connection, final_pair, ex, timing_of(run)));
}

void draw_optimize_table(const OptimizeRun& run) {
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("optimised", 14, flags)) return;
  for (const char* c : {"variant", "EX %", "VES", "C-VES", "accepted", "changed result", "failed", "no SQL",
                        "no answer", "generated", "EX % (004)", "VES (004)", "C-VES (004)", "not kept"})
    ImGui::TableSetupColumn(c);
  ImGui::TableHeadersRow();
  auto scores = [](const EfficiencySummary& s) {
    const size_t scored = s.scores.n;
    ImGui::TableNextColumn();
    ImGui::Text("%.1f", scored ? 100.0 * static_cast<double>(s.scores.correct) / static_cast<double>(scored) : 0.0);
    ImGui::TableNextColumn();
    ImGui::Text("%.2f", s.scores.ves);
    ImGui::TableNextColumn();
    ImGui::Text("%.2f", s.scores.c_ves);
  };
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted("baseline (Y)");
  scores(run.baseline_summary);
  for (size_t v = 0; v < run.variants.size() && v < run.summaries.size(); ++v) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(llm_tasks::optimize_variant_name(run.variants[v]));
    scores(run.summaries[v]);
    const auto c = llm_tasks::count_rewrites(run.decisions[v]);
    for (size_t x : {c.accepted, c.changed_result, c.failed, c.no_sql, c.no_answer, c.generated}) {
      ImGui::TableNextColumn();
      ImGui::Text("%zu", x);
    }
    if (v < run.published_summaries.size()) {
      scores(run.published_summaries[v]);
      ImGui::TableNextColumn();
      ImGui::Text("%zu", run.rewrites_not_kept[v]);
    }
  }
  ImGui::EndTable();
}

}  // namespace

void prepare_optimize_run(AppState& state) {
  OptimizeRun& run = state.panels.get<OptimizeRun>();
  run.error.clear();
  if (run.phase == 1 || run.phase == 2) {
    run.error = "still optimising; cancel it first";
    return;
  }
  if (!current_evaluation(state) || !current_evaluation(state)->done) {
    run.error = "evaluate a prediction set first: its predictions are the queries to optimise";
    return;
  }
  auto prompts = batch_prerequisites();
  if (!prompts.ok()) {
    run.error = prompts.error();
    return;
  }
  run.variants.clear();
  const auto all = llm_tasks::all_optimize_variants();
  for (size_t v = 0; v < all.size() && v < run.chosen.size(); ++v)
    if (run.chosen[v]) run.variants.push_back(all[v]);
  if (run.variants.empty()) {
    run.error = "choose at least one variant";
    return;
  }
  std::map<std::string, const EvalItem*> gold;
  if (const int g = find_set(state, current_evaluation(state)->gold_name); g >= 0)
    for (const auto& it : state.eval_sets.sets[static_cast<size_t>(g)].set.items) gold[it.key] = &it;
  const auto format = runner::prompt_format_from_name("SimpleDDL-MD-Chat");
  std::map<std::string, std::string> schema_text;
  run.asks.clear();
  for (size_t v = 0; v < run.variants.size(); ++v) {
    for (size_t i = 0; i < current_evaluation(state)->pairs().size(); ++i) {
      const auto& pair = current_evaluation(state)->pairs()[i];
      const auto& item = current_evaluation(state)->items()[i];
      if (llm_tasks::is_two_stage(run.variants[v]) && !(item.status == ItemStatus::Scored && item.ex)) continue;
      const LoadedDatabase* db = find_database(state, pair.db_id);
      if (!db) continue;
      if (!schema_text.count(pair.db_id)) schema_text[pair.db_id] = runner::render_schema(db->schema, *format, {});
      const EvalItem* g = gold.count(pair.id) ? gold[pair.id] : nullptr;
      llm_tasks::OptimizeInput input{schema_text[pair.db_id], g ? g->question : "", g ? g->evidence : "",
                                     pair.pred_sql};
      auto p = llm_tasks::render_optimize_prompt(**prompts, run.variants[v], input);
      if (!p.ok()) {
        run.error = p.error();
        return;
      }
      run.asks.push_back({v, i, *p});
    }
  }
  if (run.asks.empty()) {
    run.error = "nothing to ask: no correct prediction on a loaded database";
    return;
  }
  std::vector<std::string> to_send;
  for (const auto& a : run.asks) to_send.push_back(a.prompt);
  run.source = current_evaluation(state);
  run.phase = 0;
  run.cancelled = false;
  run.error = run.batch.open(to_send);
}

void confirm_optimize_run(AppState& state) {
  OptimizeRun& run = state.panels.get<OptimizeRun>();
  if (!run.batch.previewing()) return;
  std::vector<std::pair<std::string, std::string>> calls;
  for (const auto& a : run.asks)
    calls.emplace_back(
        run.source->pairs()[a.pair].id + " / optimize " + llm_tasks::optimize_variant_name(run.variants[a.variant]),
        a.prompt);
  run.error = run.batch.start(calls);
  if (!run.error.empty()) return;
  run.phase = 1;
  notify(state, "optimisation: asking for " + std::to_string(run.asks.size()) + " rewrites");
}

void cancel_optimize_run(AppState& state) {
  OptimizeRun& run = state.panels.get<OptimizeRun>();
  if (run.phase == 1) {
    run.batch.cancel();
    run.cancelled = true;  // what was answered is still checked and timed
  } else if (run.phase == 2) {
    run.cancelled = true;
    finish_optimize(state, run);
  }
}

void step_optimize_run(AppState& state, double budget_ms) {
  OptimizeRun& run = state.panels.get<OptimizeRun>();
  if (run.phase == 1) {
    if (!run.batch.done() && !run.batch.step()) return;
    const auto answers = call_answers(*run.batch.scheduler, "not asked: cancelled");
    run.answers.assign(run.variants.size(),
                       std::vector<std::optional<Result<std::string>>>(run.source->pairs().size()));
    for (size_t k = 0; k < run.asks.size(); ++k) run.answers[run.asks[k].variant][run.asks[k].pair] = answers[k];
    run.baseline.clear();
    run.decisions.assign(run.variants.size(), {});
    run.timed.assign(run.variants.size(), {});
    run.published.assign(run.variants.size(), {});
    run.rewrites_not_kept.assign(run.variants.size(), 0);
    run.next = 0;
    run.phase = 2;
    return;
  }
  if (run.phase != 2) return;
  const size_t total = run.source->pairs().size() * (run.variants.size() + 1);
  const double start = monotonic_ms();
  do {  // at least one unit per frame: a timing is never split
    if (run.next >= total) {
      finish_optimize(state, run);
      return;
    }
    work_one(state, run);
  } while (monotonic_ms() - start < budget_ms);
}

void draw_optimize_view(AppState& state) {
  OptimizeRun& run = state.panels.get<OptimizeRun>();
  ImGui::TextWrapped(
      "SQL optimisation (004): the run's predictions are the queries to speed up. Each chosen variant asks the LLM "
      "tab's model for a faster version of every correct prediction (direct: the fastest query from the question); a "
      "rewrite replaces the prediction only when it returns the same rows. Then each variant is timed against the gold "
      "as in the Efficiency tab. Nothing is sent before you confirm.");
  const bool busy = run.phase == 1 || run.phase == 2;
  ImGui::BeginDisabled(busy || run.batch.previewing());
  const auto all = llm_tasks::all_optimize_variants();
  run.chosen.resize(all.size(), true);
  for (size_t v = 0; v < all.size(); ++v) {
    if (v) ImGui::SameLine();
    bool on = run.chosen[v];
    if (ImGui::Checkbox(llm_tasks::optimize_variant_name(all[v]), &on)) run.chosen[v] = on;
    note_item_place(std::string("optimise variant ") + llm_tasks::optimize_variant_name(all[v]));
  }
  ImGui::SetNextItemWidth(ui_px(100));
  ImGui::InputInt("runs of each query", &run.iterations);
  run.iterations = std::clamp(run.iterations, 1, 1000);
  ImGui::SameLine();
  if (ImGui::Button("Optimise...")) prepare_optimize_run(state);
  note_item_place("optimise queries");
  ImGui::EndDisabled();
  if (!run.error.empty()) draw_error(run.error);
  if (run.batch.previewing()) {
    ImGui::TextWrapped(
        "%zu prompts over %zu variants will go to %s: %zu calls, %zu answered by the replay store, "
        "~%lld prompt tokens. A prompt holds a query and, as its variant needs, the table and column "
        "names and the question with its evidence (no rows).",
        run.asks.size(), run.variants.size(), run.batch.sent.destination.c_str(),
        run.asks.size() - run.batch.sent.in_replay, run.batch.sent.in_replay, run.batch.sent.estimated_tokens);
    const auto confirm = [&] { confirm_optimize_run(state); };
    const auto discard = [&] { run.batch.discard(); };
    draw_preview_actions("optimise", confirm, discard, run.asks.size(),
                         [&](size_t i) { return std::make_pair("call " + std::to_string(i + 1), run.asks[i].prompt); });
    return;
  }
  if (busy) {
    size_t done = 0, total = 0;
    if (run.phase == 1) {
      done = run.batch.ended();
      total = run.asks.size();
    } else {
      done = run.next;
      total = run.source->pairs().size() * (run.variants.size() + 1);
    }
    ImGui::Text("%s", run.phase == 1 ? "asking" : "checking and timing");
    ImGui::SameLine();
    if (draw_progress_cancel(done, total)) cancel_optimize_run(state);
    return;
  }
  if (run.phase == 3) {
    if (run.source != current_evaluation(state))
      ImGui::TextDisabled("(optimised an earlier run: %s)", run.source->label.c_str());
    if (run.cancelled) ImGui::TextDisabled("cancelled: the table covers what was answered and timed");
    ImGui::Text("model %s; %d runs of each query; calls: %lld sent, %lld from the replay store",
                run.batch.sent.model.c_str(), run.iterations, run.batch.usage.network_calls, run.batch.usage.replayed);
    ImGui::TextWrapped(
        "The columns marked (004) score the variants as 004 does: every rewrite the model wrote replaces the "
        "prediction, kept or not, so a rewrite that changes a correct query's result counts against the method; "
        "\"not kept\" counts those rewrites. The columns before them are the safe view.");
    draw_optimize_table(run);
  } else if (run.phase == 0) {
    draw_restored_optimize(state);  // the last run on this evaluation, from before a reload
  }
}

nlohmann::json optimize_run_json(const OptimizeRun& run) {
  nlohmann::json j = {{"running", run.phase == 1 || run.phase == 2},
                      {"phase", run.phase},
                      {"done", run.phase == 3},
                      {"cancelled", run.cancelled},
                      {"error", run.error},
                      {"batch", run.batch.life.json()}};
  if (run.batch.previewing()) {
    nlohmann::json per = nlohmann::json::object();
    for (const auto& a : run.asks) per[llm_tasks::optimize_variant_name(run.variants[a.variant])] = 0;
    for (const auto& a : run.asks)
      per[llm_tasks::optimize_variant_name(run.variants[a.variant])] =
          per[llm_tasks::optimize_variant_name(run.variants[a.variant])].get<size_t>() + 1;
    j["preview"] = run.batch.preview_json(run.asks.size());
    j["preview"]["per_variant"] = per;
  }
  if (run.phase != 3) return j;
  j["baseline"] = llm_tasks::optimize_scores_json(run.baseline_summary);
  j["usage"] = {{"network_calls", run.batch.usage.network_calls}, {"replayed", run.batch.usage.replayed}};
  nlohmann::json rows = nlohmann::json::array(), items = nlohmann::json::array();
  for (size_t v = 0; v < run.variants.size() && v < run.summaries.size(); ++v) {
    rows.push_back(llm_tasks::optimize_row_json(run.variants[v], run.summaries[v], run.decisions[v]));
    if (v < run.published_summaries.size()) {
      rows.back()["as_published"] = llm_tasks::optimize_scores_json(run.published_summaries[v]);
      rows.back()["as_published"]["rewrites_not_kept"] = run.rewrites_not_kept[v];
    }
    for (size_t k = 0; k < run.decisions[v].size(); ++k)
      items.push_back(llm_tasks::optimize_item_json(run.variants[v], run.source->pairs()[k].id, run.decisions[v][k]));
  }
  j["rows"] = std::move(rows);
  j["items"] = std::move(items);
  return j;
}

namespace {

// {"do": "optimize_run", "variants": ["with-y", ...], "iterations": N}: the Optimise tab's choices and its
// "Optimise..." button (plans and opens the preview); {"do": "optimize_confirm"} / {"do": "optimize_cancel"}.
const PageCommandRegistrar optimize_registrar{
    "optimize_run", [](AppState& state, const nlohmann::json& cmd) {
      OptimizeRun& run = state.panels.get<OptimizeRun>();
      const auto all = llm_tasks::all_optimize_variants();
      if (cmd.contains("variants") && cmd["variants"].is_array()) {
        run.chosen.assign(all.size(), false);
        for (const auto& name : cmd["variants"])
          for (size_t v = 0; v < all.size(); ++v)
            if (name.is_string() && name.get<std::string>() == llm_tasks::optimize_variant_name(all[v]))
              run.chosen[v] = true;
      }
      run.iterations = cmd.value("iterations", 10);
      prepare_optimize_run(state);
    }};
const PageCommandRegistrar optimize_confirm_registrar{
    "optimize_confirm", [](AppState& state, const nlohmann::json&) { confirm_optimize_run(state); }};
const PageCommandRegistrar optimize_cancel_registrar{
    "optimize_cancel", [](AppState& state, const nlohmann::json&) { cancel_optimize_run(state); }};

const SubTabRegistrar optimize_run_tab{
    {kMetricsPanelName, "Optimise", 50, "optimize", draw_optimize_view, step_optimize_run, [](AppState& s) {
       nlohmann::json j = optimize_run_json(s.panels.get<OptimizeRun>());
       add_restored_json(j, s, LlmTask::Optimize);
       return j;
     }}};

}  // namespace

}  // namespace chokepoint::web
