// The Judge tab: plan (core/llm_tasks/judge.h) -> preview -> one CallScheduler over the asks -> verdicts and summary.
#include "web/panels/judge/judge_run.h"
#include "web/panel_registry.h"
#include "web/sub_tab_registry.h"

#include <imgui.h>

#include <algorithm>

#include "web/llm/llm_session.h"
#include "web/panels/metrics/metrics_run.h"
#include "web/widgets/item_places.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {
namespace {

std::string ask_id_judge(const JudgeRun& run, const llm_tasks::JudgeAsk& a) {
  return run.source->pairs()[a.item].id + " / judge " + llm_tasks::judge_mode_name(a.mode);
}

void finish_judge(AppState& state, JudgeRun& run) {
  run.verdicts.clear();
  const auto all = llm_tasks::judge_verdicts(run.source->items(), run.asks,
                                             call_answers(*run.batch.scheduler, "not asked: the judge was cancelled"),
                                             &run.verdicts);
  run.summary = llm_tasks::summarize_judgements(all);
  char buf[160];
  std::snprintf(buf, sizeof buf, "judge: EX %.2f%%, judged %.2f%% (%zu false positives, %zu false negatives)",
                run.summary.ex, run.summary.judged_accuracy, run.summary.false_positives, run.summary.false_negatives);
  notify(state, buf);
}

void draw_judge_preview(AppState& state) {
  JudgeRun& run = state.panels.get<JudgeRun>();
  const size_t strict = static_cast<size_t>(std::count_if(
      run.asks.begin(), run.asks.end(), [](const auto& a) { return a.mode == llm_tasks::JudgeMode::Strict; }));
  ImGui::TextWrapped(
      "The judge will ask %s about %zu predictions (%zu strict on EX = 1, %zu lenient on EX = 0): "
      "%zu calls, %zu answered by the replay store, ~%lld prompt tokens. Each prompt holds the question and "
      "evidence, the database's schema, both queries and up to %d rows of each result.",
      run.batch.sent.destination.c_str(), run.asks.size(), strict, run.asks.size() - strict,
      run.asks.size() - run.batch.sent.in_replay, run.batch.sent.in_replay, run.batch.sent.estimated_tokens,
      run.max_rows);
  const auto confirm = [&] { confirm_judge_run(state); };
  const auto discard = [&] {
    run.batch.discard();
    run.asks.clear();
  };
  draw_preview_actions("judge", confirm, discard, run.asks.size(), [&](size_t i) {
    const auto& a = run.asks[i];
    return std::make_pair(std::string(a.mode == llm_tasks::JudgeMode::Strict ? "strict" : "lenient") + " prompt",
                          a.prompt);
  });
}

void draw_judge_results(const JudgeRun& run) {
  const auto& s = run.summary;
  ImGui::Text("EX %.2f%%  ->  judged accuracy %.2f%%  over %zu scored items", s.ex, s.judged_accuracy, s.items);
  if (s.kappa)
    ImGui::Text("Cohen's kappa between EX and the judge: %.3f (%zu readable verdicts)", *s.kappa, s.kappa_items);
  else
    ImGui::TextDisabled("Cohen's kappa: undefined (one side gives a single verdict)");
  ImGui::Text("asked %zu: %zu agreed, %zu false positives, %zu false negatives, %zu unreadable, %zu without answer",
              s.asked, s.agreed, s.false_positives, s.false_negatives, s.unreadable, s.no_answer);
  ImGui::TextDisabled("calls: %lld sent, %lld from the replay store", run.batch.usage.network_calls,
                      run.batch.usage.replayed);
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_Resizable | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("judged", 5, flags, ImVec2(0, ImGui::GetContentRegionAvail().y))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  for (const char* c : {"item", "mode", "EX", "outcome"}) ImGui::TableSetupColumn(c);
  ImGui::TableSetupColumn("the judge's reason", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableHeadersRow();
  // Flipped items first: they are what the judge adds to EX.
  std::vector<size_t> order(run.verdicts.size());
  for (size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return (run.verdicts[a].outcome == llm_tasks::JudgeOutcome::Flipped) >
           (run.verdicts[b].outcome == llm_tasks::JudgeOutcome::Flipped);
  });
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(order.size()));
  while (clipper.Step()) {
    for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
      const size_t k = order[static_cast<size_t>(row)];
      const auto& v = run.verdicts[k];
      const auto& pair = run.source->pairs()[run.asks[k].item];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(pair.id.c_str());
      if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ui_px(640));
        ImGui::Text("gold: %s", pair.gold_sql.c_str());
        ImGui::Text("prediction: %s", pair.pred_sql.c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
      }
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(llm_tasks::judge_mode_name(v.mode));
      ImGui::TableNextColumn();
      ImGui::Text("%d -> %d", v.ex ? 1 : 0, v.judged ? 1 : 0);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(llm_tasks::judge_outcome_name(v.outcome));
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(v.reason.c_str());
    }
  }
  ImGui::EndTable();
}

}  // namespace

void prepare_judge_run(AppState& state) {
  JudgeRun& run = state.panels.get<JudgeRun>();
  run.error.clear();
  if (run.batch.busy()) {
    run.error = "the judge is still asking; cancel it first";
    return;
  }
  if (!current_evaluation(state) || !current_evaluation(state)->done) {
    run.error = "evaluate a prediction set first";
    return;
  }
  auto prompts = batch_prerequisites();
  if (!prompts.ok()) {
    run.error = prompts.error();
    return;
  }
  std::map<std::string, std::pair<std::string, std::string>> texts;
  if (const int gold = find_set(state, current_evaluation(state)->gold_name); gold >= 0)
    for (const auto& it : state.eval_sets.sets[static_cast<size_t>(gold)].set.items)
      texts[it.key] = {it.question, it.evidence};
  llm_tasks::ExcerptLimits limits;
  run.max_rows = std::clamp(run.max_rows, 0, 50);
  limits.rows = static_cast<size_t>(run.max_rows);
  std::optional<llm_tasks::JudgeMode> only;
  if (run.only == 1) only = llm_tasks::JudgeMode::Strict;
  if (run.only == 2) only = llm_tasks::JudgeMode::Lenient;
  auto asks = llm_tasks::plan_judge(
      current_evaluation(state)->pairs(), current_evaluation(state)->items(), texts,
      [&state](const std::string& db_id) -> const Schema* {
        const LoadedDatabase* db = find_database(state, db_id);
        return db ? &db->schema : nullptr;
      },
      **prompts, only, limits);
  if (!asks.ok()) {
    run.error = asks.error();
    return;
  }
  if (asks->empty()) {
    run.error = "nothing to judge: no scored prediction that ran on a loaded database";
    return;
  }
  run.source = current_evaluation(state);
  run.asks = std::move(*asks);
  run.verdicts.clear();
  std::vector<std::string> to_send;
  for (const auto& a : run.asks) to_send.push_back(a.prompt);
  run.error = run.batch.open(to_send);
}

void confirm_judge_run(AppState& state) {
  JudgeRun& run = state.panels.get<JudgeRun>();
  if (!run.batch.previewing()) return;
  std::vector<std::pair<std::string, std::string>> calls;
  for (const auto& a : run.asks) calls.emplace_back(ask_id_judge(run, a), a.prompt);
  run.error = run.batch.start(calls);
  if (run.error.empty()) notify(state, "judge: asking about " + std::to_string(run.asks.size()) + " predictions");
}

void cancel_judge_run(AppState& state) {
  // What was answered counts; the rest keeps its EX.
  if (state.panels.get<JudgeRun>().batch.cancel()) finish_judge(state, state.panels.get<JudgeRun>());
}

void step_judge_run(AppState& state) {
  if (state.panels.get<JudgeRun>().batch.step()) finish_judge(state, state.panels.get<JudgeRun>());
}

void draw_judge_view(AppState& state) {
  JudgeRun& run = state.panels.get<JudgeRun>();
  ImGui::TextWrapped(
      "A model's second opinion on EX (FLEX): asked strictly when EX = 1 (is it right on every database, or only by "
      "luck on this one?) and leniently when EX = 0 (would a careful analyst accept it?). Uses the LLM tab's "
      "endpoint; nothing is sent before you confirm.");
  const bool busy = run.batch.busy();
  ImGui::BeginDisabled(busy || run.batch.previewing());
  ImGui::SetNextItemWidth(ui_px(200));
  ImGui::Combo("ask about", &run.only, "every prediction\0matches only (strict)\0misses only (lenient)\0");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ui_px(100));
  ImGui::InputInt("rows shown", &run.max_rows);
  run.max_rows = std::clamp(run.max_rows, 0, 50);
  if (ImGui::Button("Ask the judge...")) prepare_judge_run(state);
  note_item_place("ask the judge");
  ImGui::EndDisabled();
  if (!run.error.empty()) draw_error(run.error);
  if (run.batch.previewing()) {
    draw_judge_preview(state);
    return;
  }
  if (busy) {
    if (draw_progress_cancel(run.batch.ended(), run.asks.size())) cancel_judge_run(state);
    return;
  }
  if (run.batch.done()) {
    if (run.source != current_evaluation(state))
      ImGui::TextDisabled("(judged an earlier run: %s)", run.source->label.c_str());
    if (run.batch.cancelled()) ImGui::TextDisabled("cancelled: unanswered predictions keep their EX");
    if (draw_retry_failed("judge", run.batch.life)) prepare_judge_run(state);
    draw_judge_results(run);
  }
}

nlohmann::json judge_run_json(const JudgeRun& run) {
  nlohmann::json j = {{"running", run.batch.busy()},
                      {"done", run.batch.done()},
                      {"cancelled", run.batch.cancelled()},
                      {"error", run.error},
                      {"batch", run.batch.life.json()}};
  if (run.batch.previewing()) {
    const size_t strict = static_cast<size_t>(std::count_if(
        run.asks.begin(), run.asks.end(), [](const auto& a) { return a.mode == llm_tasks::JudgeMode::Strict; }));
    j["preview"] = run.batch.preview_json(run.asks.size());
    j["preview"]["strict"] = strict;
    j["preview"]["lenient"] = run.asks.size() - strict;
  }
  if (!run.batch.done()) return j;
  const auto& s = run.summary;
  j["summary"] = {{"ex", s.ex},
                  {"judged_accuracy", s.judged_accuracy},
                  {"kappa", s.kappa ? nlohmann::json(*s.kappa) : nlohmann::json(nullptr)},
                  {"kappa_items", s.kappa_items},
                  {"asked", s.asked},
                  {"agreed", s.agreed},
                  {"false_positives", s.false_positives},
                  {"false_negatives", s.false_negatives},
                  {"unreadable", s.unreadable},
                  {"no_answer", s.no_answer}};
  j["usage"] = {{"network_calls", run.batch.usage.network_calls}, {"replayed", run.batch.usage.replayed}};
  nlohmann::json items = nlohmann::json::array();
  for (size_t k = 0; k < run.verdicts.size(); ++k) {
    const auto& v = run.verdicts[k];
    items.push_back({{"id", run.source->pairs()[run.asks[k].item].id},
                     {"mode", llm_tasks::judge_mode_name(v.mode)},
                     {"ex", v.ex},
                     {"judged", v.judged},
                     {"outcome", llm_tasks::judge_outcome_name(v.outcome)},
                     {"reason", v.reason}});
  }
  j["items"] = items;
  return j;
}

namespace {

// {"do": "judge_run", "only": "" | "strict" | "lenient", "max_rows": N}: the Judge tab's choices and its "Ask the
// judge..." button (plans and opens the preview); {"do": "judge_confirm"} / {"do": "judge_cancel"}.
const PageCommandRegistrar judge_registrar{"judge_run", [](AppState& state, const nlohmann::json& cmd) {
                                             JudgeRun& run = state.panels.get<JudgeRun>();
                                             const std::string only = cmd.value("only", "");
                                             run.only = only == "strict" ? 1 : only == "lenient" ? 2 : 0;
                                             run.max_rows = cmd.value("max_rows", 10);
                                             prepare_judge_run(state);
                                           }};
const PageCommandRegistrar judge_confirm_registrar{
    "judge_confirm", [](AppState& state, const nlohmann::json&) { confirm_judge_run(state); }};
const PageCommandRegistrar judge_cancel_registrar{
    "judge_cancel", [](AppState& state, const nlohmann::json&) { cancel_judge_run(state); }};

const SubTabRegistrar judge_run_tab{{kMetricsPanelName, "Judge", 20, "judge", draw_judge_view,
                                     [](AppState& s, double) { step_judge_run(s); },
                                     [](AppState& s) { return judge_run_json(s.panels.get<JudgeRun>()); }}};

}  // namespace

}  // namespace chokepoint::web
