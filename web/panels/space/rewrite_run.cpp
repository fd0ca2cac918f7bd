// Question rewriting in the Estimator view: plan -> preview -> the rewrites -> text-to-SQL on each rewrite -> EX a
// slice a frame -> Acc@1, Acc@3 and Table 4 (see rewrite_run.h).
#include "web/panels/space/rewrite_run.h"
#include "web/panels/space/rewrite_memory.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <set>

#include "core/base/clock.h"
#include "core/metrics/execution_accuracy.h"
#include "core/runner/prediction_run.h"
#include "core/sqlspace/feature_matrix.h"
#include "web/llm/session_batch_run.h"
#include "web/panel_registry.h"
#include "web/panels/space/feature_space_panel.h"
#include "web/widgets/flow_layout.h"
#include "web/widgets/item_places.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {

namespace {

constexpr const char* kFormat = "SimpleDDL-MD-Chat";  // as `chokepoint space rewrite` without --format

const FeatureSpacePanel::KeptEstimate* newest_estimate(const FeatureSpacePanel& panel) {
  return panel.kept_estimates.empty() ? nullptr : &panel.kept_estimates.back();
}

void finish_rewrite(AppState& state, RewriteRun& run) {
  if (run.scheduler) {
    (run.phase == 2 ? run.t2s_usage : run.rewrite_usage) = run.scheduler->usage();
    run.scheduler.reset();
  }
  run.scoring.reset();
  run.summary = sqlspace::summarize_rewrites(
      sqlspace::rewrite_outcomes(run.items->items, run.population, run.original_ex, run.chosen, run.attempts));
  run.phase = 4;
  run.life.finish(run.cancelled);
  persist_replay();
  remember_rewrite_run(run);
  char buf[160];
  std::snprintf(buf, sizeof buf, "rewriting: Acc@1 %.3f, Acc@3 %.3f (%.3f without rewriting) over %zu items",
                run.summary->acc_at_1, run.summary->acc_at_3, run.summary->no_rewriting, run.summary->n);
  notify(state, buf);
}

// The rewriter's answers: the attempts, then the text-to-SQL prompts on the rewritten questions (or the end).
void rewritten(AppState& state, RewriteRun& run) {
  run.attempts = sqlspace::read_rewrite_answers(run.asks, call_answers(*run.scheduler, "not asked: cancelled"));
  run.rewrite_usage = run.scheduler->usage();
  run.scheduler.reset();
  run.rewrites = sqlspace::rewritten_questions(*run.items, run.attempts, &run.attempt_of);
  const PromptLibrary* prompts = session_prompts();
  auto format = runner::prompt_format_from_name(kFormat);
  if (run.cancelled || run.rewrites.items.empty() || !prompts || !format.ok()) {
    if (!prompts) run.error = session_prompts_error();
    finish_rewrite(state, run);
    return;
  }
  auto tasks =
      runner::plan_predictions(run.rewrites, loaded_schemas(state, run.rewrites.items), {*format}, {}, *prompts, {});
  if (!tasks.ok()) {
    run.error = tasks.error();
    finish_rewrite(state, run);
    return;
  }
  std::vector<std::pair<std::string, std::string>> calls;
  for (const auto& t : *tasks) calls.emplace_back(run.rewrites.items[t.item].key + " / text-to-SQL", t.prompt);
  auto scheduler = start_session_batch(calls, run.sent);
  if (!scheduler.ok()) {
    run.error = scheduler.error();
    finish_rewrite(state, run);
    return;
  }
  run.scheduler = std::move(*scheduler);
  run.phase = 2;
}

// The model's SQL on each rewrite, to be scored against the item's gold.
void answered(AppState& state, FeatureSpacePanel& panel, RewriteRun& run) {
  const auto answers = call_answers(*run.scheduler, "not asked: cancelled");
  run.t2s_usage = run.scheduler->usage();
  run.scheduler.reset();
  const auto format = runner::prompt_format_from_name(kFormat);
  const ModelScores* m = finished_model(panel, run.set, run.model);
  if (!m) {
    run.error = "the model's scores are gone: estimate again";
    finish_rewrite(state, run);
    return;
  }
  std::vector<EvalPair> pairs;
  run.scored_attempt.clear();
  for (size_t n = 0; n < run.rewrites.items.size() && n < answers.size(); ++n) {
    auto& attempt = run.attempts[run.attempt_of[n]];
    auto sql = sqlspace::read_rewrite_sql(attempt, run.rewrites.items[n], *format, answers[n]);
    if (!sql || attempt.item >= m->pairs.size()) continue;
    EvalPair pair = m->pairs[attempt.item];
    pair.id = run.rewrites.items[n].key;
    pair.pred_sql = *sql;
    pairs.push_back(std::move(pair));
    run.scored_attempt.push_back(run.attempt_of[n]);
  }
  const EvaluationOptions options = m->options;  // EX only, on the semantics the original EX was scored on
  run.scoring = std::make_unique<EvaluationJob>(std::move(pairs), options, page_database_lookup(state));
  run.phase = 3;
}

void draw_rewrite_results(const RewriteRun& run) {
  const auto& s = *run.summary;
  const auto counts = sqlspace::rewrite_attempt_counts_json(run.attempts);
  ImGui::Text(
      "%s on %s%s: %zu held-out items, %zu expected to fail, %zu of them rewritten (%zu rewrites: %d invalid, "
      "%d unreadable, %d failed calls)",
      run.model.c_str(), run.set.c_str(), run.online ? " (online)" : "", s.n, s.chosen, s.rewritten,
      run.attempts.size(), counts["invalid"].get<int>(), counts["unreadable"].get<int>(), counts["failed"].get<int>());
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit;
  if (ImGui::BeginTable("rewrite-accuracy", 3, flags)) {  // 003 Table 3
    for (const char* h : {"no rewriting", "Acc@1", "Acc@3"}) ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    ImGui::TableNextRow();
    for (double v : {s.no_rewriting, s.acc_at_1, s.acc_at_3}) {
      ImGui::TableNextColumn();
      ImGui::Text("%.1f%%", 100 * v);
    }
    ImGui::EndTable();
  }
  ImGui::TextDisabled("over the %zu held-out items; an item not chosen, or without a rewrite, keeps its EX", s.n);
  ImGui::TextUnformatted("estimator x rewriting (003 Table 4), items:");
  if (ImGui::BeginTable("rewrite-table4", 3, flags)) {
    for (const char* h : {"", "right at Acc@3", "wrong at Acc@3"}) ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    const std::pair<const char*, std::pair<size_t, size_t>> rows[] = {
        {"estimator right", {s.estimator_right_success, s.estimator_right_failure}},
        {"estimator wrong", {s.estimator_wrong_success, s.estimator_wrong_failure}}};
    for (const auto& [label, cells] : rows) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(label);
      ImGui::TableNextColumn();
      ImGui::Text("%zu", cells.first);
      ImGui::TableNextColumn();
      ImGui::Text("%zu", cells.second);
    }
    ImGui::EndTable();
  }
  ImGui::TextDisabled("calls: %lld sent, %lld from the replay store",
                      run.rewrite_usage.network_calls + run.t2s_usage.network_calls,
                      run.rewrite_usage.replayed + run.t2s_usage.replayed);
  if (run.attempts.empty() || !ImGui::TreeNode("rewrites", "the %zu rewrites", run.attempts.size())) return;
  for (const auto& at : run.attempts) {
    const std::string& key = run.items->items[at.item].key;
    ImGui::BulletText("%s #%zu %s %s: %s%s%s", key.c_str(), at.rank, at.feature.remove ? "remove" : "add",
                      sqlspace::feature_column_name(at.feature.id).c_str(), at.state.c_str(),
                      at.question.empty() ? "" : (": " + at.question).c_str(),
                      at.ex ? (*at.ex ? " (EX 1)" : " (EX 0)") : "");
  }
  ImGui::TreePop();
}

}  // namespace

void prepare_rewrite_run(AppState& state, FeatureSpacePanel& panel) {
  RewriteRun& run = panel.rewrite;
  run.error.clear();
  if (run.phase >= 1 && run.phase <= 3) {
    run.error = "still rewriting; cancel it first";
    return;
  }
  const auto* e = newest_estimate(panel);
  if (!e || panel.estimation) {
    run.error = "estimate first: the rewrites are of the items the estimator expects the model to fail";
    return;
  }
  const SetFeatures* f = finished_features(panel, e->set);
  const ModelScores* m = finished_model(panel, e->set, e->model);
  if (!f || !m) {
    run.error = "the estimate's features or scores are gone: estimate again";
    return;
  }
  auto prompts = batch_prerequisites();
  if (!prompts.ok()) {
    run.error = prompts.error();
    return;
  }
  auto items = std::make_shared<EvalSet>(*f->set);
  for (size_t i = 0; i < items->items.size(); ++i)
    if (items->items[i].key.empty()) items->items[i].key = std::to_string(i);  // as the features' rows
  // The population: the estimate's held-out items the model was scored on; chosen: expected to fail.
  std::vector<bool> original(items->items.size(), false);
  for (size_t i = 0; i < items->items.size() && i < m->correct.size(); ++i) original[i] = m->correct[i].value_or(false);
  std::vector<std::optional<bool>> scored_ex(items->items.size());
  for (size_t i = 0; i < scored_ex.size() && i < m->correct.size(); ++i) scored_ex[i] = m->correct[i];
  std::vector<std::optional<double>> p_right(items->items.size());
  for (size_t k = 0; k < e->report.test_items.size() && k < e->report.test_scores.size(); ++k)
    if (e->report.test_items[k] < p_right.size()) p_right[e->report.test_items[k]] = e->report.test_scores[k];
  auto [population, chosen] = sqlspace::rewrite_population(sqlspace::RewriteChoice::Predicted, scored_ex, p_right);
  if (population.empty()) {
    run.error = "the estimate held out no scored item";
    return;
  }
  auto asks = sqlspace::plan_rewrites(catalogue(), f->matrix, items->items, loaded_schemas(state, items->items), chosen,
                                      sqlspace::rewrite_features(e->report.negative_features),
                                      static_cast<size_t>(run.top), **prompts);
  if (!asks.ok()) {
    run.error = asks.error();
    return;
  }
  std::vector<std::pair<std::string, std::string>> calls;
  std::vector<std::string> to_send;
  for (const auto& a : *asks) {
    calls.emplace_back(items->items[a.item].key + " / rewrite " + std::to_string(a.rank) + " " +
                           sqlspace::feature_column_name(a.feature.id),
                       a.prompt);
    to_send.push_back(a.prompt);
  }
  auto preview = preview_session_batch(to_send);
  if (!preview.ok()) {
    run.error = preview.error();
    return;
  }
  const int top = run.top;
  run = RewriteRun{};
  run.top = top;
  run.set = e->set;
  run.model = e->model;
  run.online = e->online;
  run.items = std::move(items);
  run.population = std::move(population);
  run.chosen = std::move(chosen);
  run.original_ex = std::move(original);
  run.asks = std::move(*asks);
  run.calls = std::move(calls);
  run.sent = *preview;
  if (run.asks.empty()) {  // nothing to ask: every item keeps its EX
    finish_rewrite(state, run);
    return;
  }
  const std::vector<std::string> later = {"then up to " + std::to_string(run.asks.size()) + " " + kFormat +
                                          " text-to-SQL prompts, one per rewritten question with the item's evidence "
                                          "and schema, to the same model"};
  if (auto opened = run.life.open_preview(batch_facts(run.sent, run.calls, later)); !opened.ok())
    run.error = opened.error();
}

void confirm_rewrite_run(AppState& state, FeatureSpacePanel& panel) {
  RewriteRun& run = panel.rewrite;
  if (!run.life.previewing()) return;
  auto scheduler = confirm_and_start_batch(run.life, run.calls, run.sent);
  if (!scheduler.ok()) {
    run.error = scheduler.error();
    return;
  }
  run.scheduler = std::move(*scheduler);
  run.persisted_calls = 0;
  run.phase = 1;
  remember_rewrite_under_way(run);
  notify(state, "rewriting: " + std::to_string(run.asks.size()) + " questions");
}

void cancel_rewrite_run(AppState& state, FeatureSpacePanel& panel) {
  RewriteRun& run = panel.rewrite;
  run.cancelled = true;
  if (run.phase == 1 && run.scheduler) {
    run.scheduler->cancel();
    rewritten(state, run);
  } else if (run.phase == 2 && run.scheduler) {
    run.scheduler->cancel();
    answered(state, panel, run);  // what was answered is still scored
  } else if (run.phase == 3) {
    finish_rewrite(state, run);  // the rewrites not scored yet keep the original EX
  }
}

void step_rewrite_run(AppState& state, FeatureSpacePanel& panel, double budget_ms) {
  RewriteRun& run = panel.rewrite;
  if ((run.phase == 1 || run.phase == 2) && run.scheduler) {
    if (!step_session_batch(*run.scheduler, run.persisted_calls)) return;
    if (run.phase == 1)
      rewritten(state, run);
    else
      answered(state, panel, run);
    return;
  }
  if (run.phase != 3 || !run.scoring) return;
  const double start = monotonic_ms();
  if (!run.scoring->advance([&] { return monotonic_ms() - start < budget_ms; })) return;
  const auto& items = run.scoring->items();
  for (size_t k = 0; k < items.size() && k < run.scored_attempt.size(); ++k)
    run.attempts[run.scored_attempt[k]].ex = items[k].status == ItemStatus::Scored && items[k].ex;
  finish_rewrite(state, run);
}

void draw_rewrite_run(AppState& state, FeatureSpacePanel& panel) {
  RewriteRun& run = panel.rewrite;
  ImGui::Separator();
  ImGui::TextUnformatted("Question rewriting (003 Appendix H)");
  ImGui::TextWrapped(
      "The held-out items the estimator expects the model to fail are rewritten around the negative features, one "
      "rewrite per feature that applies (up to the number below), by the LLM tab's model; the same model then writes "
      "SQL for each rewrite (%s), scored with EX here. Acc@k counts an item right when one of its first k rewrites "
      "is. Nothing is sent before you confirm.",
      kFormat);
  const bool busy = run.phase >= 1 && run.phase <= 3;
  ImGui::BeginDisabled(busy || run.life.previewing());
  ImGui::SetNextItemWidth(ui_px(90));
  ImGui::InputInt("rewrites per item", &run.top);
  run.top = std::clamp(run.top, 1, 10);
  ImGui::SameLine();
  if (ImGui::Button("Rewrite...")) prepare_rewrite_run(state, panel);
  note_item_place("rewrite questions");
  ImGui::EndDisabled();
  if (!run.error.empty()) draw_error(run.error);
  if (run.life.previewing()) {
    ImGui::TextWrapped(
        "%zu rewrite prompts for %zu of the %zu held-out items will go to %s: %zu calls, %zu answered by the replay "
        "store, ~%lld prompt tokens. A prompt holds the question, its evidence and the schema's table and column "
        "names (no rows); the text-to-SQL prompts on the rewrites follow.",
        run.asks.size(), run.chosen.size(), run.population.size(), run.sent.destination.c_str(),
        run.asks.size() - run.sent.in_replay, run.sent.in_replay, run.sent.estimated_tokens);
    const auto confirm = [&] { confirm_rewrite_run(state, panel); };
    const auto discard = [&] { run.life.discard(); };
    draw_preview_actions("rewrite", confirm, discard, run.calls.size(), [&](size_t i) { return run.calls[i]; });
    return;
  }
  if (busy) {
    const char* what = run.phase == 1 ? "rewriting" : run.phase == 2 ? "text-to-SQL on the rewrites" : "scoring";
    size_t done = 0, total = 0;
    if (run.scheduler) {
      done = run.scheduler->count(CallState::Succeeded) + run.scheduler->count(CallState::Failed);
      total = run.scheduler->calls().size();
    } else if (run.scoring) {
      done = run.scoring->progress().done;
      total = run.scoring->progress().total;
    }
    ImGui::TextUnformatted(what);
    ImGui::SameLine();
    if (draw_progress_cancel(done, total)) cancel_rewrite_run(state, panel);
    return;
  }
  if (run.phase == 4 && run.summary) {
    if (run.cancelled) wrapped_disabled("cancelled: the rewrites not answered or not scored keep the original EX");
    draw_rewrite_results(run);
  }
}

nlohmann::json rewrite_run_json(const RewriteRun& run) {
  nlohmann::json j = {{"phase", run.phase},     {"running", run.phase >= 1 && run.phase <= 3},
                      {"done", run.phase == 4}, {"cancelled", run.cancelled},
                      {"error", run.error},     {"batch", run.life.json()},
                      {"set", run.set},         {"model", run.model},
                      {"online", run.online},   {"top", run.top}};
  if (run.life.previewing()) {
    j["preview"] = {{"calls", run.asks.size()},
                    {"network_calls", run.asks.size() - run.sent.in_replay},
                    {"estimated_prompt_tokens", run.sent.estimated_tokens},
                    {"destination", run.sent.destination},
                    {"model", run.sent.model},
                    {"items", run.population.size()},
                    {"chosen", run.chosen.size()}};
  }
  if (run.phase != 4 || !run.summary) return j;
  nlohmann::json summary = sqlspace::rewrite_summary_json(*run.summary);
  summary.update(sqlspace::rewrite_attempt_counts_json(run.attempts));
  summary["usage"] = {{"network_calls", run.rewrite_usage.network_calls + run.t2s_usage.network_calls},
                      {"replayed", run.rewrite_usage.replayed + run.t2s_usage.replayed}};
  j["summary"] = std::move(summary);
  nlohmann::json items = nlohmann::json::array();
  const std::set<size_t> chosen(run.chosen.begin(), run.chosen.end());
  for (size_t i : run.population) {
    nlohmann::json tried = nlohmann::json::array();
    for (const auto& at : run.attempts) {
      if (at.item != i) continue;
      nlohmann::json a = {{"rank", at.rank},
                          {"feature", sqlspace::feature_column_name(at.feature.id)},
                          {"mode", at.feature.remove ? "remove" : "add"},
                          {"state", at.state},
                          {"ex", at.ex ? nlohmann::json(*at.ex) : nlohmann::json()}};
      if (!at.question.empty()) a["question"] = at.question;
      if (!at.sql.empty()) a["sql"] = at.sql;
      tried.push_back(std::move(a));
    }
    items.push_back({{"key", run.items->items[i].key},
                     {"chosen", chosen.count(i) > 0},
                     {"original_ex", run.original_ex[i]},
                     {"rewrites", std::move(tried)}});
  }
  j["items"] = std::move(items);
  return j;
}

namespace {

// {"do": "space_rewrite", "top"?: N}: the rewrites per item and "Rewrite..." (the preview opens; nothing is sent);
// {"do": "space_rewrite_confirm"} / {"do": "space_rewrite_cancel"}.
const PageCommandRegistrar rewrite_registrar{"space_rewrite", [](AppState& s, const nlohmann::json& cmd) {
                                               auto& p = feature_space_panel(s);
                                               p.rewrite.top = std::clamp(cmd.value("top", p.rewrite.top), 1, 10);
                                               prepare_rewrite_run(s, p);
                                             }};
const PageCommandRegistrar rewrite_confirm_registrar{"space_rewrite_confirm", [](AppState& s, const nlohmann::json&) {
                                                       confirm_rewrite_run(s, feature_space_panel(s));
                                                     }};
const PageCommandRegistrar rewrite_cancel_registrar{
    "space_rewrite_cancel", [](AppState& s, const nlohmann::json&) { cancel_rewrite_run(s, feature_space_panel(s)); }};

}  // namespace
}  // namespace chokepoint::web
