// The Errors tab's model classifier: plan -> preview -> one CallScheduler -> merge_llm_category into the run's
// classifications (the charts and the list follow them).
#include "web/panels/debugging/error_category_run.h"
#include "web/panel_registry.h"

#include <imgui.h>

#include "core/runner/prompt_formats.h"
#include "web/llm/llm_session.h"
#include "web/panels/debugging/errors_view.h"
#include "web/panels/metrics/metrics_run.h"
#include "web/widgets/item_places.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {
namespace {

void finish_error_category(AppState& state, ErrorCategoryRun& run) {
  const auto answers = call_answers(*run.batch.scheduler, "not asked: the classifier was cancelled");
  RunErrors* errors = run_errors(state, run.source.get());
  if (!errors) return;  // a newer evaluation replaced the classified run: its answers have nothing to merge into
  auto& classes = errors->classes;
  run.outcomes.clear();
  for (auto o : {diagnosis::LlmCategoryOutcome::Agreed, diagnosis::LlmCategoryOutcome::Changed,
                 diagnosis::LlmCategoryOutcome::Unreadable, diagnosis::LlmCategoryOutcome::NoAnswer})
    run.outcomes[diagnosis::llm_category_outcome_name(o)] = 0;  // every outcome shown, as the CLI's summary has them
  for (size_t k = 0; k < run.asked.size() && k < answers.size(); ++k) {
    if (run.asked[k] >= classes.size()) continue;
    auto decision = diagnosis::merge_llm_category(classes[run.asked[k]], run.batch.sent.model, answers[k]);
    classes[run.asked[k]] = std::move(decision.classification);
    ++run.outcomes[diagnosis::llm_category_outcome_name(decision.outcome)];
  }
  notify(state, "the model classified " + std::to_string(run.asked.size()) +
                    " Result Errors: " + std::to_string(run.outcomes["changed"]) + " changed, " +
                    std::to_string(run.outcomes["agreed"]) + " agreed with the rules");
}

}  // namespace

void prepare_error_category_run(AppState& state) {
  ErrorCategoryRun& run = state.panels.get<ErrorCategoryRun>();
  run.error.clear();
  if (run.batch.busy()) {
    run.error = "the model is still classifying; cancel it first";
    return;
  }
  const auto current = current_evaluation(state);
  RunErrors* errors = run_errors(state, current.get());
  if (!current || !current->done || !errors || !errors->complete) {
    run.error = "wait until the failed predictions are classified";
    return;
  }
  auto prompts = batch_prerequisites();
  if (!prompts.ok()) {
    run.error = prompts.error();
    return;
  }
  std::map<std::string, std::string> questions;
  if (const int gold = find_set(state, current->gold_name); gold >= 0)
    for (const auto& it : state.eval_sets.sets[static_cast<size_t>(gold)].set.items)
      questions[it.key] = runner::question_with_evidence(it.question, it.evidence);
  run.asked.clear();
  run.prompts.clear();
  const auto& e = *errors;
  for (size_t k = 0; k < e.classes.size(); ++k) {
    // Items a model already decided keep that decision (asking again would stack its evidence).
    if (!diagnosis::asks_llm_category(e.classes[k]) || e.classes[k].decided_by != diagnosis::ErrorDecider::Rule)
      continue;
    const EvalPair& p = current->pairs()[e.items[k]];
    auto prompt = diagnosis::render_error_category_prompt(**prompts, questions[p.id], p.gold_sql, p.pred_sql);
    if (!prompt.ok()) {
      run.error = prompt.error();
      return;
    }
    run.asked.push_back(k);
    run.prompts.push_back(std::move(*prompt));
  }
  if (run.asked.empty()) {
    run.error = "no Result Error left to condition_filter or data_processing by the rules";
    return;
  }
  run.source = current;
  run.outcomes.clear();
  run.error = run.batch.open(run.prompts);
}

void confirm_error_category_run(AppState& state) {
  ErrorCategoryRun& run = state.panels.get<ErrorCategoryRun>();
  if (!run.batch.previewing()) return;
  RunErrors* errors = run_errors(state, run.source.get());
  if (!errors) {
    run.batch.discard();
    run.error = "a newer evaluation replaced the classified run: ask again";
    return;
  }
  std::vector<std::pair<std::string, std::string>> calls;
  for (size_t k = 0; k < run.prompts.size(); ++k)
    calls.emplace_back(run.source->pairs()[errors->items[run.asked[k]]].id + " / error category", run.prompts[k]);
  run.error = run.batch.start(calls);
  if (run.error.empty()) notify(state, "asking the model about " + std::to_string(run.asked.size()) + " Result Errors");
}

void cancel_error_category_run(AppState& state) {
  // Answers received decide; the rest keep the rule's category.
  if (state.panels.get<ErrorCategoryRun>().batch.cancel())
    finish_error_category(state, state.panels.get<ErrorCategoryRun>());
}

void step_error_category_run(AppState& state) {
  if (state.panels.get<ErrorCategoryRun>().batch.step())
    finish_error_category(state, state.panels.get<ErrorCategoryRun>());
}

void draw_error_category_run(AppState& state) {
  ErrorCategoryRun& run = state.panels.get<ErrorCategoryRun>();
  const bool busy = run.batch.busy();
  ImGui::BeginDisabled(busy || run.batch.previewing());
  if (ImGui::Button("Ask a model: condition or data processing?")) prepare_error_category_run(state);
  note_item_place("ask error categories");
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "The rules tell Condition Filter from Data Processing by comparing normalised WHERE/HAVING conditions.\n"
        "004 asks a model instead: each such item's question, gold and prediction go to the LLM tab's model;\n"
        "a readable answer decides, otherwise the rule's category stands. The evidence says which decided.");
  if (!run.error.empty()) draw_error(run.error);
  if (run.batch.previewing()) {
    ImGui::TextWrapped(
        "%zu Result Errors (question, gold query and prediction each) would go to %s: %zu calls, %zu answered by the "
        "replay store, ~%lld prompt tokens.",
        run.asked.size(), run.batch.sent.destination.c_str(), run.asked.size() - run.batch.sent.in_replay,
        run.batch.sent.in_replay, run.batch.sent.estimated_tokens);
    const auto confirm = [&] { confirm_error_category_run(state); };
    const auto discard = [&] { run.batch.discard(); };
    draw_preview_actions("error categories", confirm, discard, run.prompts.size(), [&](size_t i) {
      return std::make_pair("Result Error " + std::to_string(i + 1), run.prompts[i]);
    });
    return;
  }
  if (busy) {
    ImGui::Text("asking: %zu / %zu", run.batch.ended(), run.asked.size());
    ImGui::SameLine();
    if (ImGui::Button("Cancel##categories")) cancel_error_category_run(state);
  } else if (run.batch.done()) {
    ImGui::TextDisabled("model %s: %zu agreed, %zu changed, %zu unreadable, %zu without answer%s",
                        run.batch.sent.model.c_str(), run.outcomes["agreed"], run.outcomes["changed"],
                        run.outcomes["unreadable"], run.outcomes["no_answer"],
                        run.batch.cancelled() ? " (cancelled)" : "");
  }
}

nlohmann::json error_category_run_json(const ErrorCategoryRun& run) {
  nlohmann::json j = {
      {"running", run.batch.busy()},
      {"done", run.batch.done()},
      {"cancelled", run.batch.cancelled()},
      {"error", run.error},
      {"outcomes", run.outcomes},
      {"usage", {{"network_calls", run.batch.usage.network_calls}, {"replayed", run.batch.usage.replayed}}},
      {"batch", run.batch.life.json()}};
  if (run.batch.previewing()) j["preview"] = run.batch.preview_json(run.asked.size());
  return j;
}

namespace {

// {"do": "error_categories"}: the Errors tab's "Ask a model: condition or data processing?" button (opens the
// preview); {"do": "error_categories_confirm"}.
const PageCommandRegistrar categories_registrar{
    "error_categories", [](AppState& state, const nlohmann::json&) { prepare_error_category_run(state); }};
const PageCommandRegistrar categories_confirm_registrar{
    "error_categories_confirm", [](AppState& state, const nlohmann::json&) { confirm_error_category_run(state); }};

}  // namespace

}  // namespace chokepoint::web
