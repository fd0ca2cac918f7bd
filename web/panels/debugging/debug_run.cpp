// Debugging runs of the Errors tab: preview -> confirm -> per round: calls (PredictionJob) -> evaluation (worker)
// -> core/diagnosis/debug_rounds closes the round -> the next round's calls, until the rounds are used or nothing is
// wrong; then the debugged predictions become a prediction set.
#include "web/panels/debugging/debug_run.h"
#include "web/panel_registry.h"
#include "web/widgets/flow_layout.h"
#include "web/widgets/prompt_pager.h"

#include <imgui.h>

#include <algorithm>
#include <fstream>

#include "core/dataset/eval_set_loader.h"
#include "core/runner/prompt_formats.h"
#include "web/bridge/file_bridge.h"
#include "web/llm/llm_session.h"
#include "web/llm/session_batch_run.h"
#include "web/panels/metrics/llm_task_memory.h"
#include "web/panels/metrics/metrics_run.h"
#include "web/panels/metrics/restored_llm_task_views.h"
#include "web/widgets/enum_combo.h"
#include "web/widgets/item_places.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"
#include "web/workspace/made_set.h"

namespace chokepoint::web {
namespace {

const runner::PromptFormat& md_chat() {
  static const runner::PromptFormat f = *runner::prompt_format_from_name("SimpleDDL-MD-Chat");
  return f;
}

// 004's five strategies in its order (Fig. 4), as `chokepoint debug --strategy all` runs them.
const diagnosis::DebugStrategy kStrategies[] = {
    diagnosis::DebugStrategy::Regenerate, diagnosis::DebugStrategy::WrongSql, diagnosis::DebugStrategy::SystemError,
    diagnosis::DebugStrategy::AllErrors, diagnosis::DebugStrategy::Comment};

ChatRequest debug_request(const DebugRun& run) {
  ChatRequest request = session_request({});
  if (!run.model.empty()) request.model = run.model;
  return request;
}

// The calls of the round `rounds` just opened: one item per prompt, answered in Chat.
Result<std::unique_ptr<runner::PredictionJob>> round_calls(const DebugRun& run, diagnosis::DebugRounds& rounds) {
  const PromptLibrary* prompts = session_prompts();
  if (!prompts) return Error{"prompt templates: " + session_prompts_error()};
  auto endpoint = usable_session_endpoint();
  if (!endpoint.ok()) return Error{endpoint.error()};
  auto round = rounds.next_prompts(*prompts);
  if (!round.ok()) return Error{round.error()};
  EvalSet set;
  std::vector<runner::PredictionTask> tasks;
  for (const auto& p : *round) {
    EvalItem item;
    item.key = p.id;
    item.db_id = rounds.pairs()[p.pair].db_id;
    set.items.push_back(std::move(item));
    tasks.push_back({set.items.size() - 1, md_chat(), p.prompt});
  }
  return std::make_unique<runner::PredictionJob>(std::move(set), std::move(tasks), debug_request(run),
                                                 endpoint->provider);
}

void start_calls(DebugRun& run) {
  auto endpoint = confirmed_session_endpoint(run.previewed);
  if (!endpoint.ok()) {
    run.error = endpoint.error();
    return;
  }
  run.persisted_calls = 0;
  run.calls->start(*endpoint, session_transport(), &session_replay(), session_limits());
}

void add_usage_debug(UsageTotals& to, const UsageTotals& from) {
  to.network_calls += from.network_calls;
  to.replayed += from.replayed;
  to.retries += from.retries;
  to.prompt_tokens += from.prompt_tokens;
  to.completion_tokens += from.completion_tokens;
  to.cost += from.cost;
}

// The debugged predictions as a loaded prediction set in BIRD's format, named after the set debugged.
void publish_debug(AppState& state, DebugRun& run) {
  std::vector<runner::PredictedItem> items;
  for (const auto& p : run.state->pairs())
    items.push_back({p.id, p.db_id, p.pred_sql, runner::PredictionStatus::Ok, ""});
  const std::string name = made_set_stem(made_set_stem(run.source->pred_name)) + ".debug-" +
                           diagnosis::debug_strategy_name(run.strategy) + ".pred.json";
  auto path = put_made_set(state, name, runner::write_bird_predictions(items), true, MadeSetKept::Page);
  if (!path.ok()) {
    run.error = path.error();
    return;
  }
  run.published = name;
}

// 004 Fig. 5's subcategories of a round's Result Errors: "table_query 2, join_columns 1".
std::string result_error_kinds_text(const diagnosis::DebugRoundRow& row) {
  std::string text;
  for (const auto& [kind, n] : row.result_error_kinds)
    text += (text.empty() ? "" : ", ") + kind + " " + std::to_string(n);
  return text;
}

}  // namespace

void prepare_debug_run(AppState& state) {
  DebugRun& run = state.panels.get<DebugRun>();
  run.error.clear();
  run.preview.reset();
  if (run.calls && run.calls->running()) {
    run.error = "a debugging run is going on; cancel it first";
    return;
  }
  if (!current_evaluation(state) || !current_evaluation(state)->done) {
    run.error = "evaluate a prediction set first";
    return;
  }
  const int gold = find_set(state, current_evaluation(state)->gold_name);
  std::map<std::string, std::string> questions;
  if (gold >= 0)
    for (const auto& it : state.eval_sets.sets[static_cast<size_t>(gold)].set.items)
      questions[it.key] = runner::question_with_evidence(it.question, it.evidence);
  run.source = current_evaluation(state);
  run.rounds = std::clamp(run.rounds, 1, 10);
  const auto rounds_of = [&](diagnosis::DebugStrategy strategy) {
    return std::make_unique<diagnosis::DebugRounds>(run.source->pairs(), run.source->items(), questions, strategy,
                                                    run.rounds, [&state](const std::string& db_id) -> const Schema* {
                                                      const LoadedDatabase* db = find_database(state, db_id);
                                                      return db ? &db->schema : nullptr;
                                                    });
  };
  run.queued.clear();
  run.finished.clear();
  if (run.all_strategies) run.strategy = kStrategies[0];
  run.state = rounds_of(run.strategy);
  run.calls.reset();
  run.evaluation.reset();
  run.published.clear();
  run.cancelled = false;
  run.usage = {};
  if (run.state->done()) {
    run.error = "no wrong prediction on a loaded database to debug";
    run.state.reset();
    return;
  }
  auto calls = round_calls(run, *run.state);
  if (!calls.ok()) {
    run.error = calls.error();
    run.state.reset();
    return;
  }
  run.calls = std::move(*calls);
  run.preview = run.calls->plan(&session_replay());
  // An "all" run: every other strategy's first round planned now, so the preview shows every prompt of round 1.
  for (size_t k = 1; run.all_strategies && k < std::size(kStrategies); ++k) {
    DebugRun::Queued next{kStrategies[k], rounds_of(kStrategies[k]), nullptr};
    auto next_calls = round_calls(run, *next.state);
    if (!next_calls.ok()) {
      run.error = next_calls.error();
      run.state.reset();
      run.calls.reset();
      run.preview.reset();
      run.queued.clear();
      return;
    }
    next.calls = std::move(*next_calls);
    const auto plan = next.calls->plan(&session_replay());
    run.preview->calls.insert(run.preview->calls.end(), plan.calls.begin(), plan.calls.end());
    run.preview->network_calls += plan.network_calls;
    run.preview->estimated_tokens += plan.estimated_tokens;
    run.preview->estimated_cost += plan.estimated_cost;
    run.queued.push_back(std::move(next));
  }
  run.scroll_to_preview = true;
  auto endpoint = session_endpoint();
  run.model_used = debug_request(run).model;
  run.previewed = endpoint.ok() ? session_destination(*endpoint) : std::string("?");
  run.destination = run.previewed + (run.model.empty() ? "" : ", debugging with model " + run.model);
  BatchPreviewFacts facts;
  facts.destination = run.previewed;
  facts.model = run.model_used;
  facts.calls = run.preview->calls.size();
  facts.replayed = run.preview->calls.size() - run.preview->network_calls;
  facts.tokens = run.preview->estimated_tokens;
  for (const auto& c : run.preview->calls) facts.prompts.emplace_back(c.id, c.prompt);
  if (run.rounds > 1)
    facts.later_rounds.push_back("rounds 2 to " + std::to_string(run.rounds) +
                                 (run.all_strategies ? " of each strategy" : "") +
                                 ": at most as many calls each, for what is still wrong, with the new SQL and error");
  (void)run.life.open_preview(std::move(facts));
}

void confirm_debug_run(AppState& state) {
  DebugRun& run = state.panels.get<DebugRun>();
  if (!run.preview || !run.calls) return;
  run.preview.reset();
  if (auto confirmed = confirm_batch(run.life); !confirmed.ok()) {
    run.error = confirmed.error();
    run.state.reset();
    run.calls.reset();
    return;
  }
  start_calls(run);
  notify(state, "debugging " + std::to_string(run.state->initially_wrong()) + " wrong predictions, up to " +
                    std::to_string(run.rounds) + " rounds");
}

void cancel_debug_run(AppState& state) {
  DebugRun& run = state.panels.get<DebugRun>();
  if (!run.state || run.state->done() || run.cancelled) return;
  if (run.calls) run.calls->cancel();
  if (run.evaluation) run.evaluation->worker.reset();
  run.queued.clear();  // the strategies not started are not run
  run.cancelled = true;
  run.life.finish(true);
  notify(state, "debugging cancelled after " + std::to_string(run.state->round()) + " rounds");
}

void step_debug_run(AppState& state, double budget_ms) {
  DebugRun& run = state.panels.get<DebugRun>();
  if (!run.state || run.preview || run.cancelled || !run.error.empty() || run.state->done()) return;
  if (run.evaluation) {
    if (!advance_metrics_run(state, *run.evaluation, budget_ms)) return;
    auto row = run.state->evaluated(run.evaluation->items());
    run.evaluation.reset();
    if (!row.ok()) {
      run.error = row.error();
      run.life.finish(true);
      return;
    }
    if (run.state->done()) {
      publish_debug(state, run);
      const auto& last = run.state->rows().back();
      notify(state, std::string("debugging (") + diagnosis::debug_strategy_name(run.strategy) +
                        ") done: " + std::to_string(last.still_wrong) + " of " +
                        std::to_string(run.state->initially_wrong()) + " still wrong; predictions in " + run.published);
      if (run.queued.empty()) {
        run.life.finish(false);
        // Kept for a reload (llm_task_memory.h): the table, and what the llm-tasks study reads.
        remember_llm_task(LlmTask::Debug, *run.source,
                          {{"model", run.model_used},
                           {"rounds", run.rounds},
                           {"wrong", run.state->initially_wrong()},
                           {"report", debug_run_json(run)}});
        return;
      }
      // An "all" run: the next strategy, its first round planned at the preview.
      run.finished.push_back({run.strategy, run.state->initially_wrong(), run.state->rows(), run.published});
      DebugRun::Queued next = std::move(run.queued.front());
      run.queued.erase(run.queued.begin());
      run.strategy = next.strategy;
      run.state = std::move(next.state);
      run.calls = std::move(next.calls);
      run.published.clear();
      start_calls(run);
      if (!run.error.empty()) run.life.finish(true);
      return;
    }
    auto calls = round_calls(run, *run.state);
    if (!calls.ok()) {
      run.error = calls.error();
      run.life.finish(true);
      return;
    }
    run.calls = std::move(*calls);
    start_calls(run);
    if (!run.error.empty()) run.life.finish(true);
    return;
  }
  if (!run.calls) return;
  run.calls->step(session_now_ms());
  const UsageTotals usage = run.calls->usage();
  const bool finished = !run.calls->running();
  if (usage.network_calls != run.persisted_calls || finished) {
    run.persisted_calls = usage.network_calls;
    persist_replay();
  }
  if (!finished) return;
  add_usage_debug(run.usage, usage);
  std::vector<std::optional<std::string>> sql;
  for (const auto& r : run.calls->results())
    sql.push_back(r && r->status == runner::PredictionStatus::Ok ? std::optional<std::string>(r->sql) : std::nullopt);
  run.calls.reset();
  auto again = run.state->answer(sql);
  if (!again.ok()) {
    run.error = again.error();
    run.life.finish(true);
    return;
  }
  EvaluationOptions options = run.source->options();
  options.keep_details = false;
  run.evaluation = make_metrics_run(state, std::move(*again), std::move(options));
}

void draw_debug_run(AppState& state) {
  DebugRun& run = state.panels.get<DebugRun>();
  const bool busy = run.state && !run.state->done() && !run.cancelled && run.error.empty() && !run.preview;
  ImGui::BeginDisabled(busy || run.preview.has_value());
  enum_combo("strategy", run.strategy,
             {{diagnosis::DebugStrategy::Regenerate, "regenerate"},
              {diagnosis::DebugStrategy::WrongSql, "+ wrong SQL"},
              {diagnosis::DebugStrategy::SystemError, "+ system error"},
              {diagnosis::DebugStrategy::AllErrors, "+ all error information"},
              {diagnosis::DebugStrategy::Comment, "+ category comment"}},
             200);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "004's five strategies, each adding information: the question again; the wrong SQL; SQLite's message (or\n"
        "\"it runs but the result is wrong\"); the taxonomy's subcategory and evidence; a comment on where to look.");
  flow_same_line(checkbox_width("all five"));
  ImGui::Checkbox("all five", &run.all_strategies);
  note_item_place("debug all strategies");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "The five strategies one after another on the same wrong predictions, side by side (004 Fig. 4).");
  flow_next_item(ui_px(90), "rounds");
  ImGui::InputInt("rounds", &run.rounds);
  run.rounds = std::clamp(run.rounds, 1, 10);
  static char model[128];
  std::snprintf(model, sizeof model, "%s", run.model.c_str());
  flow_next_item(ui_px(200), "model");
  if (ImGui::InputTextWithHint("model", "the LLM tab's model", model, sizeof model)) run.model = model;
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Another model on the same endpoint debugs the predictions (cross-model debugging).");
  flow_same_line(button_width("Debug the wrong predictions..."));
  const bool preview = ImGui::Button("Debug the wrong predictions...");
  note_item_place("Debug the wrong predictions");
  if (preview) prepare_debug_run(state);
  ImGui::EndDisabled();
  if (!run.error.empty()) draw_error(run.error);
  if (run.preview) {
    const auto& plan = *run.preview;
    ImGui::Text("Destination: %s", run.destination.c_str());
    const std::string later =
        run.rounds < 2 ? std::string(" No later round.")
                       : " Rounds 2 to " + std::to_string(run.rounds) +
                             " each send at most as many, for what is still wrong: the same prompt with the new SQL "
                             "and its new error, written once the round before is evaluated.";
    ImGui::TextWrapped("Round 1: %zu prompts, %zu to send (about %lld prompt tokens), %zu from the replay store.%s",
                       plan.calls.size(), plan.network_calls, plan.estimated_tokens,
                       plan.calls.size() - plan.network_calls, later.c_str());
    wrapped_disabled("Each prompt holds the schema, the question, the wrong SQL and the strategy's information.");
    const bool confirm = ImGui::Button("Confirm and debug");
    if (run.scroll_to_preview) {
      ImGui::SetScrollHereY(0.3f);
      run.scroll_to_preview = false;
    }
    note_item_place("Confirm and debug");
    if (confirm) confirm_debug_run(state);
    ImGui::SameLine();
    if (ImGui::Button("Discard##debug")) {
      run.life.discard();
      run.preview.reset();
      run.state.reset();
      run.calls.reset();
    }
    if (run.preview)
      draw_prompt_pager("debug", plan.calls.size(),
                        [&](size_t i) { return std::make_pair(plan.calls[i].id, plan.calls[i].prompt); });
    return;
  }
  if (!run.state) {
    draw_restored_debug(state);  // the last run on this evaluation, from before a reload
    return;
  }
  if (busy) {
    const char* phase = run.evaluation ? "evaluating the answers" : "asking the model";
    ImGui::Text("Round %d of %d: %s", run.state->round() + 1, run.state->rounds(), phase);
    ImGui::SameLine();
    if (ImGui::Button("Cancel##debug")) cancel_debug_run(state);
  }
  ImGui::Text("%s, strategy %s, model %s: %zu wrong predictions at the start%s",
              run.source ? run.source->label.c_str() : "",
              run.all_strategies && !run.finished.empty() ? "all five" : diagnosis::debug_strategy_name(run.strategy),
              run.model_used.c_str(), run.state->initially_wrong(), run.cancelled ? " (cancelled)" : "");
  // Each strategy's rounds, the finished strategies of an "all" run first (004 Fig. 4 reads down the last rounds).
  std::vector<std::pair<diagnosis::DebugStrategy, const std::vector<diagnosis::DebugRoundRow>*>> shown;
  for (const auto& f : run.finished) shown.emplace_back(f.strategy, &f.rows);
  shown.emplace_back(run.strategy, &run.state->rows());
  if (ImGui::BeginTable("debug-rounds", 9, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg)) {
    for (const char* h : {"strategy", "round", "asked", "with a query", "fixed", "still wrong",
                          "System / Result Errors", "Result Errors by subcategory", "EX over the wrong SQLs %"})
      ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    for (const auto& [strategy, rows] : shown)
      for (const auto& row : *rows) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(diagnosis::debug_strategy_name(strategy));
        ImGui::TableNextColumn();
        ImGui::Text("%d", row.round);
        ImGui::TableNextColumn();
        ImGui::Text("%zu", row.attempted);
        ImGui::TableNextColumn();
        ImGui::Text("%zu", row.answered);
        ImGui::TableNextColumn();
        ImGui::Text("%zu", row.fixed);
        ImGui::TableNextColumn();
        ImGui::Text("%zu", row.still_wrong);
        ImGui::TableNextColumn();
        ImGui::Text("%zu / %zu", row.system_errors, row.result_errors);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(result_error_kinds_text(row).c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%.2f", row.ex_over_wrong);
      }
    ImGui::EndTable();
  }
  ImGui::TextDisabled("%lld network calls, %lld replayed. Round 0 is before debugging (004 Figure 5).",
                      run.usage.network_calls, run.usage.replayed);
  if (!run.published.empty()) {
    ImGui::Text("Debugged predictions: %s", run.published.c_str());
    ImGui::SameLine();
    if (ImGui::SmallButton("Evaluate##debugged")) {
      follow_new_sets(state);
      state.runs.gold_set = find_set(state, run.source->gold_name);
      state.runs.pred_set = find_set(state, run.published);
      state.runs.request_run = true;
    }
    ImGui::SameLine();
    if (ImGui::SmallButton("Download##debugged"))
      offer_download("/tmp/" + run.published, run.published, "application/json");
  }
}

nlohmann::json debug_run_json(const DebugRun& run) {
  nlohmann::json j = {{"error", run.error},
                      {"batch", run.life.json()},
                      {"strategy", diagnosis::debug_strategy_name(run.strategy)},
                      {"model", run.model_used},
                      {"cancelled", run.cancelled},
                      {"published", run.published},
                      {"network_calls", run.usage.network_calls},
                      {"replayed", run.usage.replayed}};
  if (run.preview)
    j["preview"] = {{"destination", run.destination},
                    {"calls", run.preview->calls.size()},
                    {"network_calls", run.preview->network_calls},
                    {"estimated_tokens", run.preview->estimated_tokens},
                    {"first_prompt", run.preview->calls.empty() ? "" : run.preview->calls.front().prompt}};
  if (!run.state) return j;
  j["wrong"] = run.state->initially_wrong();
  j["done"] = run.state->done() && run.queued.empty();
  j["rounds"] = diagnosis::debug_rows_json(run.state->rows());
  if (!run.all_strategies) return j;
  nlohmann::json strategies = nlohmann::json::array();
  for (const auto& f : run.finished)
    strategies.push_back({{"strategy", diagnosis::debug_strategy_name(f.strategy)},
                          {"wrong", f.wrong},
                          {"rounds", diagnosis::debug_rows_json(f.rows)},
                          {"published", f.published}});
  strategies.push_back({{"strategy", diagnosis::debug_strategy_name(run.strategy)},
                        {"wrong", run.state->initially_wrong()},
                        {"rounds", diagnosis::debug_rows_json(run.state->rows())},
                        {"published", run.published}});
  j["strategies"] = std::move(strategies);
  return j;
}

bool debug_run_finished(const DebugRun& run) {
  return run.state && run.queued.empty() && (run.state->done() || run.cancelled || !run.error.empty());
}

namespace {

// {"do": "debug_run", "strategy": NAME | "all", "rounds": R, "model": NAME}: plans the first round and opens the
// preview, as the "Debug the wrong predictions..." button does; {"do": "debug_confirm"} / {"do": "debug_cancel"}.
const PageCommandRegistrar debug_registrar{"debug_run", [](AppState& state, const nlohmann::json& cmd) {
                                             DebugRun& run = state.panels.get<DebugRun>();
                                             const std::string name = cmd.value("strategy", "comment");
                                             auto strategy =
                                                 diagnosis::debug_strategy_from_name(name == "all" ? "comment" : name);
                                             if (!strategy.ok())
                                               return notify(state, "debug_run: " + strategy.error(), true);
                                             run.all_strategies = cmd.value("strategy", "") == "all";
                                             if (!run.all_strategies) run.strategy = *strategy;
                                             run.rounds = cmd.value("rounds", 2);
                                             run.model = cmd.value("model", "");
                                             prepare_debug_run(state);
                                             if (!run.error.empty()) notify(state, "debug_run: " + run.error, true);
                                           }};
const PageCommandRegistrar debug_confirm_registrar{
    "debug_confirm", [](AppState& state, const nlohmann::json&) { confirm_debug_run(state); }};
const PageCommandRegistrar debug_cancel_registrar{
    "debug_cancel", [](AppState& state, const nlohmann::json&) { cancel_debug_run(state); }};

}  // namespace

}  // namespace chokepoint::web
