// The SQL-to-Text tab: subjects -> preview -> describe batch -> judge batch (both orders) -> summary. Its state as
// JSON and its page commands are describe_json.cpp.
#include "web/panels/sql_to_text/describe_run.h"
#include "web/panel_registry.h"
#include "web/sub_tab_registry.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <map>

#include "core/llm/embedding_replay.h"
#include "web/llm/llm_session.h"
#include "web/panels/metrics/llm_task_memory.h"
#include "web/panels/metrics/metrics_run.h"
#include "web/panels/metrics/restored_llm_task_views.h"
#include "web/panels/metrics/sc_embeddings.h"
#include "web/widgets/item_places.h"
#include "web/widgets/prompt_pager.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {
namespace {

// Adds the running batch's calls (the judge's, after the describe batch's were counted) and sums up.
void finish_describe(AppState& state, DescribeRun& run) {
  run.usage.network_calls += run.scheduler ? run.scheduler->usage().network_calls : 0;
  run.usage.replayed += run.scheduler ? run.scheduler->usage().replayed : 0;
  run.scheduler.reset();
  if (run.embedding_fetch) {  // the vectors fetched, kept in the replay store as the CLI keeps them
    run.embedding_calls = run.embedding_fetch->network_calls();
    if (run.embedding_fetch->error()) run.embedding_error = run.embedding_fetch->error()->message;
    auto kept = record_embeddings(session_replay(), llm_session().settings.provider, run.used_embedding_model,
                                  run.embedding_texts, sc_embedding_cache());
    if (!kept.ok() && run.embedding_error.empty()) run.embedding_error = kept.error();
    run.embedding_fetch.reset();
  }
  if (!run.used_embedding_model.empty())
    for (auto& it : run.items) {
      if (!it.generated) continue;
      const auto* a = sc_embedding_cache().find(run.used_embedding_model, *it.generated);
      const auto* b = sc_embedding_cache().find(run.used_embedding_model, it.reference);
      if (a && b) it.cosine = llm_tasks::embedding_cosine(*a, *b);
    }
  run.summary = llm_tasks::summarize_descriptions(run.items);
  run.phase = 3;
  run.life.finish(run.cancelled);
  persist_replay();
  // Kept for a reload (llm_task_memory.h), without the per-item questions: the scores and what the study reads.
  if (!run.cancelled) {
    nlohmann::json report = describe_run_json(run);
    report.erase("items");
    remember_llm_task(LlmTask::Describe, *run.source,
                      {{"model", run.sent.model}, {"judge", run.judge}, {"report", std::move(report)}});
  }
  char buf[160];
  std::snprintf(buf, sizeof buf, "SQL-to-Text: %zu described, ROUGE-1 F1 %.3f", run.summary.described,
                run.summary.rouge.r1.f1);
  notify(state, buf);
}

// The embeddings of both questions of every described item: those in the replay store or this session's cache are
// not sent again; the rest go to the endpoint in batches, one step a frame (phase 4). Then the end.
void embed_or_finish(AppState& state, DescribeRun& run) {
  run.scheduler.reset();
  if (!run.embeddings || run.cancelled) {
    finish_describe(state, run);
    return;
  }
  run.used_embedding_model = run.embedding_model.empty() ? llm_session().settings.model : run.embedding_model;
  run.embedding_texts.clear();
  for (const auto& it : run.items)
    if (it.generated) run.embedding_texts.insert(run.embedding_texts.end(), {*it.generated, it.reference});
  run.embedding_replayed = static_cast<long long>(
      load_replayed_embeddings(session_replay(), run.used_embedding_model, run.embedding_texts, sc_embedding_cache()));
  const auto missing = sc_embedding_cache().missing(run.used_embedding_model, run.embedding_texts);
  auto endpoint = session_endpoint();
  if (missing.empty() || !endpoint.ok()) {
    if (!missing.empty()) run.embedding_error = endpoint.error();
    finish_describe(state, run);
    return;
  }
  run.embedding_fetch =
      std::make_unique<EmbeddingFetch>(*endpoint, run.used_embedding_model, missing, session_transport(),
                                       sc_embedding_cache(), 64, llm_session().settings.timeout_ms);
  run.phase = 4;
}

// The describe answers into the items; then the judge's calls, or the end.
void described(AppState& state, DescribeRun& run) {
  const auto answers = call_answers(*run.scheduler, "not asked: cancelled");
  run.usage = run.scheduler->usage();
  run.items.clear();
  for (size_t i = 0; i < run.subjects.size(); ++i)
    run.items.push_back(llm_tasks::described_item(run.subjects[i], answers[i]));
  run.scheduler.reset();
  if (!run.judge || run.cancelled) {
    embed_or_finish(state, run);
    return;
  }
  const PromptLibrary* prompts = session_prompts();
  std::vector<std::pair<std::string, std::string>> calls;
  run.judged.clear();
  for (size_t i = 0; prompts && i < run.items.size(); ++i) {
    if (!run.items[i].generated) continue;
    for (bool forward : {true, false}) {
      const auto& a = forward ? *run.items[i].generated : run.items[i].reference;
      const auto& b = forward ? run.items[i].reference : *run.items[i].generated;
      auto p = llm_tasks::render_equivalence_prompt(*prompts, a, b);
      if (!p.ok()) {
        run.error = p.error();
        finish_describe(state, run);
        return;
      }
      calls.emplace_back(run.items[i].id + (forward ? " / same forward" : " / same backward"), *p);
      run.judged.emplace_back(i, forward);
    }
  }
  if (calls.empty()) {
    embed_or_finish(state, run);
    return;
  }
  auto scheduler = start_session_batch(calls, run.sent);
  if (!scheduler.ok()) {
    run.error = scheduler.error();
    finish_describe(state, run);
    return;
  }
  run.scheduler = std::move(*scheduler);
  run.phase = 2;
}

void judged(AppState& state, DescribeRun& run) {
  const auto answers = call_answers(*run.scheduler, "not asked: cancelled");
  for (size_t k = 0; k < answers.size() && k < run.judged.size(); ++k) {
    if (!answers[k].ok()) continue;
    auto v = llm_tasks::parse_equivalence_answer(*answers[k]);
    if (!v.ok()) continue;
    auto& it = run.items[run.judged[k].first];
    (run.judged[k].second ? it.same_forward : it.same_backward) = *v;
  }
  run.usage.network_calls += run.scheduler->usage().network_calls;
  run.usage.replayed += run.scheduler->usage().replayed;
  embed_or_finish(state, run);
}

const char* pct(const std::optional<double>& v, char* buf, size_t n) {
  if (!v) return "-";
  std::snprintf(buf, n, "%.1f%%", *v);
  return buf;
}

void draw_describe_results(const DescribeRun& run) {
  const auto& s = run.summary;
  ImGui::Text("%zu items: %zu described, %zu without a readable question", s.n, s.described, s.unreadable);
  if (ImGui::BeginTable("rouge", 4, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit)) {
    for (const char* c : {"", "recall", "precision", "F1"}) ImGui::TableSetupColumn(c);
    ImGui::TableHeadersRow();
    const std::pair<const char*, const RougeScore*> rows[] = {
        {"ROUGE-1", &s.rouge.r1}, {"ROUGE-2", &s.rouge.r2}, {"ROUGE-L", &s.rouge.rl}};
    for (const auto& [name, r] : rows) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(name);
      for (double v : {r->recall, r->precision, r->f1}) {
        ImGui::TableNextColumn();
        ImGui::Text("%.3f", v);
      }
    }
    ImGui::EndTable();
  }
  ImGui::SameLine();
  ImGui::TextDisabled("(?)");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "004's tables call these F1 and its appendix recall: both are shown. Words are lower-case runs "
        "of letters and digits; no stemming.");
  char a[32], b[32], c[32];
  if (run.judge)
    ImGui::Text("judged the same question: %s in one order, %s in the other, %s on average (%zu unreadable)",
                pct(s.judge_forward, a, sizeof a), pct(s.judge_backward, b, sizeof b),
                pct(s.judge_average, c, sizeof c), s.judge_unreadable);
  if (run.subject == 0 && run.judge) {
    for (const auto& [label, p] :
         {std::pair<const char*, const llm_tasks::ExPrediction*>{"both orders", &s.different_both},
          {"either order", &s.different_either}})
      ImGui::Text("\"judged different\" (%s) as a sign of EX = 0: precision %s, recall %s over %zu items", label,
                  pct(p->precision, a, sizeof a), pct(p->recall, b, sizeof b), p->items);
  }
  if (!run.used_embedding_model.empty()) {
    if (s.cosine)
      ImGui::Text("embedding cosine %.3f over %zu items (endpoint embeddings: %s, not BERTScore)", *s.cosine,
                  s.cosine_items, run.used_embedding_model.c_str());
    ImGui::TextDisabled("embeddings: requests sent %lld, vectors from the replay store %lld", run.embedding_calls,
                        run.embedding_replayed);
    if (!run.embedding_error.empty()) draw_error("embeddings: " + run.embedding_error);
  }
  ImGui::TextDisabled("calls: %lld sent, %lld from the replay store", run.usage.network_calls, run.usage.replayed);
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_Resizable | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("described", 8, flags, ImVec2(0, ImGui::GetContentRegionAvail().y))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  for (const char* col : {"item", "EX", "R-1 F1", "R-L F1", "same", "cosine"}) ImGui::TableSetupColumn(col);
  ImGui::TableSetupColumn("the item's question", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableSetupColumn("the model's question", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableHeadersRow();
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(run.items.size()));
  while (clipper.Step()) {
    for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
      const auto& it = run.items[static_cast<size_t>(row)];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(it.id.c_str());
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", run.subjects[static_cast<size_t>(row)].sql.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(!it.ex ? "-" : *it.ex ? "1" : "0");
      ImGui::TableNextColumn();
      ImGui::Text("%.2f", it.rouge.r1.f1);
      ImGui::TableNextColumn();
      ImGui::Text("%.2f", it.rouge.rl.f1);
      ImGui::TableNextColumn();
      auto mark = [](const std::optional<bool>& v) { return !v ? "?" : *v ? "yes" : "no"; };
      ImGui::Text("%s/%s", mark(it.same_forward), mark(it.same_backward));
      ImGui::TableNextColumn();
      if (it.cosine)
        ImGui::Text("%.2f", *it.cosine);
      else
        ImGui::TextDisabled("-");
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(it.reference.c_str());
      ImGui::TableNextColumn();
      if (it.generated)
        ImGui::TextUnformatted(it.generated->c_str());
      else
        ImGui::TextDisabled("%s", it.error.c_str());
    }
  }
  ImGui::EndTable();
}

}  // namespace

void prepare_describe_run(AppState& state) {
  DescribeRun& run = state.panels.get<DescribeRun>();
  run.error.clear();
  if (run.phase == 1 || run.phase == 2 || run.phase == 4) {
    run.error = "still describing; cancel it first";
    return;
  }
  if (!current_evaluation(state) || !current_evaluation(state)->done) {
    run.error = "evaluate a prediction set first";
    return;
  }
  const PromptLibrary* prompts = session_prompts();
  if (!prompts) {
    run.error = "prompt templates: " + session_prompts_error();
    return;
  }
  std::map<std::string, const EvalItem*> gold;
  if (const int g = find_set(state, current_evaluation(state)->gold_name); g >= 0)
    for (const auto& it : state.eval_sets.sets[static_cast<size_t>(g)].set.items) gold[it.key] = &it;
  run.subjects.clear();
  run.describe_calls.clear();
  for (size_t i = 0; i < current_evaluation(state)->pairs().size(); ++i) {
    const auto& pair = current_evaluation(state)->pairs()[i];
    const EvalItem* g = gold.count(pair.id) ? gold[pair.id] : nullptr;
    if (!g || g->question.empty()) continue;
    DescribeRun::Subject s{pair.id, run.subject == 1 ? pair.gold_sql : pair.pred_sql, g->evidence, g->question, {}};
    if (s.sql.empty()) continue;
    if (run.subject == 0 && i < current_evaluation(state)->items().size() &&
        current_evaluation(state)->items()[i].status == ItemStatus::Scored)
      s.ex = current_evaluation(state)->items()[i].ex;
    auto p = llm_tasks::render_sql_to_text_prompt(*prompts, s.sql, s.evidence);
    if (!p.ok()) {
      run.error = p.error();
      return;
    }
    run.describe_calls.emplace_back(s.id + " / describe", *p);
    run.subjects.push_back(std::move(s));
  }
  if (run.subjects.empty()) {
    run.error = "nothing to describe: the gold set has no questions";
    return;
  }
  std::vector<std::string> to_send;
  for (const auto& [id, p] : run.describe_calls) to_send.push_back(p);
  auto preview = preview_session_batch(to_send);
  if (!preview.ok()) {
    run.error = preview.error();  // it says to set the endpoint up in the LLM tab
    return;
  }
  run.source = current_evaluation(state);
  run.scheduler.reset();
  run.items.clear();
  run.phase = 0;
  run.cancelled = false;
  run.usage = {};
  run.embedding_fetch.reset();
  run.embedding_texts.clear();
  run.used_embedding_model.clear();
  run.embedding_calls = run.embedding_replayed = 0;
  run.embedding_error.clear();
  run.sent = *preview;
  std::vector<std::string> later;
  if (run.judge) later.push_back("up to two short judge calls per described query, each with the two questions");
  if (run.embeddings) later.push_back("both questions of every described query to the endpoint's embeddings");
  if (auto opened = run.life.open_preview(batch_facts(run.sent, run.describe_calls, std::move(later))); !opened.ok())
    run.error = opened.error();
}

void confirm_describe_run(AppState& state) {
  DescribeRun& run = state.panels.get<DescribeRun>();
  if (!run.life.previewing()) return;
  auto scheduler = confirm_and_start_batch(run.life, run.describe_calls, run.sent);
  if (!scheduler.ok()) {
    run.error = scheduler.error();
    return;
  }
  run.scheduler = std::move(*scheduler);
  run.persisted_calls = 0;
  run.phase = 1;
  notify(state, "SQL-to-Text: describing " + std::to_string(run.subjects.size()) + " queries");
}

void cancel_describe_run(AppState& state) {
  DescribeRun& run = state.panels.get<DescribeRun>();
  if (run.phase == 4) {  // the vectors already fetched are kept; the rest are not sent
    run.cancelled = true;
    finish_describe(state, run);
    return;
  }
  if (!run.scheduler || (run.phase != 1 && run.phase != 2)) return;
  run.scheduler->cancel();
  run.cancelled = true;
  if (run.phase == 1)
    described(state, run);
  else
    judged(state, run);
}

void step_describe_run(AppState& state) {
  DescribeRun& run = state.panels.get<DescribeRun>();
  if (run.phase == 4 && run.embedding_fetch) {
    run.embedding_fetch->step();
    if (run.embedding_fetch->finished()) finish_describe(state, run);
    return;
  }
  if (!run.scheduler || (run.phase != 1 && run.phase != 2)) return;
  if (!step_session_batch(*run.scheduler, run.persisted_calls)) return;
  if (run.phase == 1)
    described(state, run);
  else
    judged(state, run);
}

void draw_describe_view(AppState& state) {
  DescribeRun& run = state.panels.get<DescribeRun>();
  ImGui::TextWrapped(
      "SQL-to-Text (004): a model says which question each query answers, and its question is compared with the "
      "item's by ROUGE and by a judge asked in both orders. Describing the predictions checks them: a prediction whose "
      "question the judge calls different from the user's is likely wrong. Uses the LLM tab's endpoint; nothing is "
      "sent before you confirm.");
  const bool busy = run.phase == 1 || run.phase == 2 || run.phase == 4;
  ImGui::BeginDisabled(busy || run.life.previewing());
  ImGui::SetNextItemWidth(ui_px(300));
  ImGui::Combo("describe", &run.subject, "the predictions (a check of them)\0the gold queries (004's task)\0");
  ImGui::SameLine();
  ImGui::Checkbox("judge in both orders", &run.judge);
  ImGui::SameLine();
  if (ImGui::Button("Describe...")) prepare_describe_run(state);
  note_item_place("describe queries");
  // On a line of its own, after the widgets older tests click, so their places do not move.
  ImGui::Checkbox("embedding cosine", &run.embeddings);
  note_item_place("describe embeddings");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "The cosine of the endpoint's embeddings of the two questions (its /embeddings route). Not BERTScore: one "
        "vector per question, no token matching.");
  if (run.embeddings) {
    ImGui::SameLine();
    char model[128];
    std::snprintf(model, sizeof model, "%s", run.embedding_model.c_str());
    ImGui::SetNextItemWidth(ui_px(220));
    if (ImGui::InputTextWithHint("embedding model", "the LLM tab's model", model, sizeof model))
      run.embedding_model = model;
  }
  ImGui::EndDisabled();
  if (!run.error.empty()) draw_error(run.error);
  if (run.life.previewing()) {
    ImGui::TextWrapped(
        "%zu queries will be described by %s: %zu calls, %zu answered by the replay store, ~%lld prompt "
        "tokens. Each prompt holds one query and its evidence (no schema, no rows).%s",
        run.subjects.size(), run.sent.destination.c_str(), run.subjects.size() - run.sent.in_replay, run.sent.in_replay,
        run.sent.estimated_tokens,
        run.judge ? " Then up to two short judge calls per described query follow, each holding the "
                    "two questions."
                  : "");
    if (run.embeddings)
      ImGui::TextWrapped(
          "Then both questions of every described query go to the endpoint's embeddings (%s), except those already "
          "in the replay store.",
          run.embedding_model.empty() ? "the LLM tab's model" : run.embedding_model.c_str());
    if (ImGui::Button("Confirm and send")) confirm_describe_run(state);
    note_item_place("describe confirm");
    ImGui::SameLine();
    if (ImGui::Button("Discard")) run.life.discard();
    draw_prompt_pager("describe", run.describe_calls.size(), [&](size_t i) { return run.describe_calls[i]; });
    return;
  }
  if (run.phase == 4) {
    ImGui::Text("embedding %zu questions with %s", run.embedding_texts.size(), run.used_embedding_model.c_str());
    ImGui::SameLine();
    if (ImGui::SmallButton("Cancel")) cancel_describe_run(state);
    return;
  }
  if (busy) {
    const size_t total = run.phase == 1 ? run.subjects.size() : run.judged.size();
    const size_t answered = run.scheduler->count(CallState::Succeeded) + run.scheduler->count(CallState::Failed);
    ImGui::Text("%s", run.phase == 1 ? "describing" : "judging");
    ImGui::SameLine();
    if (draw_progress_cancel(answered, total)) cancel_describe_run(state);
    return;
  }
  if (run.phase == 3) {
    if (run.source != current_evaluation(state))
      ImGui::TextDisabled("(described an earlier run: %s)", run.source->label.c_str());
    if (run.cancelled) ImGui::TextDisabled("cancelled: the scores cover what was answered");
    draw_describe_results(run);
  } else if (run.phase == 0) {
    draw_restored_describe(state);  // the last run on this evaluation, from before a reload
  }
}

}  // namespace chokepoint::web
