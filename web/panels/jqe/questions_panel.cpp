// Questions panel: prepare (JQE + prompts, nothing sent) -> privacy preview -> confirm -> the job steps each frame
// -> finished pairs are published to the Evaluation set panel and labelled by the user. Answers are recorded in the
// workspace replay store as they arrive, so a reload, a retry or a failure loses no finished call.
#include "web/panels/jqe/questions_panel.h"
#include "core/base/json_dump.h"

#include <imgui.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>

#include "core/graph/schema_graph.h"
#include "core/jqe/question_alignment.h"
#include "core/schema/schema_ddl.h"
#include "web/bridge/file_bridge.h"
#include "web/llm/llm_session.h"
#include "web/llm/session_batch_run.h"
#include "web/llm/session_question_job.h"
#include "web/panel_registry.h"
#include "web/widgets/flow_layout.h"
#include "web/widgets/text_colors.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {
namespace {

std::string expanded_name(const std::string& source) {
  std::string stem = source;
  if (stem.size() > 5 && stem.compare(stem.size() - 5, 5, ".json") == 0) stem.resize(stem.size() - 5);
  return stem + ".expanded.json";
}

// JQE with the default preferences (one expansion per isomorphism class, one round) on the set's databases, with
// the execution check where a database has data.
std::shared_ptr<jqe::JqeRun> expand_set(const AppState& state, const LoadedSet& source, std::string& error) {
  std::vector<EvalItem> seeds;
  std::set<std::string> db_ids;
  for (const auto& item : source.set.items) {
    seeds.push_back(item);
    db_ids.insert(item.db_id);
  }
  std::map<std::string, SchemaGraph> graphs;
  std::map<std::string, jqe::JqeDatabase> databases;
  std::vector<std::string> missing;
  for (const auto& db : db_ids) {
    const LoadedDatabase* loaded = find_database(state, db);
    if (!loaded) {
      missing.push_back(db);
      continue;
    }
    graphs[db] = build_schema_graph(loaded->schema);
    databases[db] =
        jqe::JqeDatabase{&loaded->schema, &graphs[db], loaded->schema_only ? nullptr : loaded->connection.get()};
  }
  if (databases.empty()) {
    error = "none of the set's databases is loaded";
    return nullptr;
  }
  if (!missing.empty()) error = "not loaded, their queries are skipped: " + missing.front();
  return std::make_shared<jqe::JqeRun>(jqe::run_jqe(seeds, databases, jqe::JqeOptions{}));
}

void publish_questions(AppState& state, QuestionsPanel& panel) {
  if (!panel.job) return;
  EvalSet set = panel.job->to_eval_set();
  panel.published = set.items.size();
  const std::string path = "/tmp/" + panel.output_name;
  std::ofstream(path, std::ios::binary) << dump_json(panel.job->to_json(), 2);
  for (auto& loaded : state.eval_sets.sets) {
    if (loaded.name == panel.output_name) {
      loaded.set = std::move(set);
      loaded.revision = next_set_revision();
      return;
    }
  }
  state.eval_sets.sets.push_back(LoadedSet{panel.output_name, path, std::move(set)});
}

}  // namespace

void export_questions(AppState& state, QuestionsPanel& panel) {
  if (!panel.job) return;
  publish_questions(state, panel);
  offer_download("/tmp/" + panel.output_name, panel.output_name, "application/json");
}

void open_preview(QuestionsPanel& panel) {
  auto endpoint = session_endpoint();
  if (!endpoint.ok()) {
    panel.error = endpoint.error();
    return;
  }
  panel.preview = panel.job->plan(&session_replay());
  panel.preview_endpoint = session_destination(*endpoint);
  (void)panel.life.open_preview(plan_facts(
      *panel.preview, panel.preview_endpoint, session_request({}).model,
      {"each evidence prompt shows {{question}} until its question is answered; it is sent with that answer"}));
  panel.selected_preview = 0;
  panel.open_popup = true;
}

QuestionsPanel& questions_panel(AppState& state) { return state.panels.get<QuestionsPanel>(); }

void prepare_questions(AppState& state, QuestionsPanel& panel) {
  panel.error.clear();
  panel.preview.reset();
  if (panel.job && panel.job->running()) {
    panel.error = "a questions job is running; cancel it first";
    return;
  }
  const auto& sets = state.eval_sets.sets;
  if (panel.source_set < 0 || panel.source_set >= static_cast<int>(sets.size())) {
    panel.error = "choose an evaluation set to expand";
    return;
  }
  const LoadedSet& source = sets[static_cast<size_t>(panel.source_set)];
  const PromptLibrary* prompts = session_prompts();
  if (!prompts) {
    panel.error = "prompt templates: " + session_prompts_error();
    return;
  }
  if (!panel.run || panel.source_name != source.name) {
    std::string warning;
    panel.run = expand_set(state, source, warning);
    if (!warning.empty()) notify(state, "JQE: " + warning, !panel.run);
    if (!panel.run) {
      panel.error = warning;
      return;
    }
    panel.source_name = source.name;
  }
  std::map<std::string, std::string> schemas;
  for (const auto& seed : panel.run->seeds) {
    if (schemas.count(seed.item.db_id)) continue;
    if (const LoadedDatabase* db = find_database(state, seed.item.db_id))
      schemas[seed.item.db_id] = schema_to_ddl(db->schema);
  }
  auto job = session_question_job(*panel.run, schemas, static_cast<size_t>(std::max(0, panel.limit)));
  if (!job.ok()) {
    panel.error = job.error();
    return;
  }
  if (panel.job) {
    auto old = panel.job->log();
    panel.past_log.insert(panel.past_log.end(), old.begin(), old.end());
  }
  panel.job = std::move(*job);
  panel.output_name = expanded_name(source.name);
  panel.published = 0;
  panel.selected_item = -1;
  open_preview(panel);
}

void confirm_questions(AppState& state, QuestionsPanel& panel) {
  if (!panel.job || !panel.preview) return;
  panel.preview.reset();
  auto endpoint = confirm_batch_endpoint(panel.life);
  if (!endpoint.ok()) {
    panel.error = endpoint.error();
    return;
  }
  panel.error.clear();
  panel.persisted_calls = panel.job->usage().network_calls;
  start_session_question_job(*panel.job, *endpoint);
  notify(state, "questions: job started for " + std::to_string(panel.job->items().size()) + " expansions");
}

void step_questions(AppState& state, QuestionsPanel& panel, double) {
  if (!panel.job || !panel.job->running()) return;
  const bool finished = step_session_question_job(*panel.job, panel.persisted_calls);
  const UsageTotals usage = panel.job->usage();
  if (panel.job->count(jqe::ItemStatus::Done) != panel.published || finished) publish_questions(state, panel);
  if (finished) {
    panel.life.finish(false);
    const size_t done = panel.job->count(jqe::ItemStatus::Done), failed = panel.job->count(jqe::ItemStatus::Failed);
    notify(state,
           "questions: " + std::to_string(done) + " generated, " + std::to_string(failed) + " failed (" +
               std::to_string(usage.network_calls) + " calls, " + std::to_string(usage.replayed) + " replayed)",
           failed > 0);
  }
}

namespace {

void draw_preview_modal(AppState& state, QuestionsPanel& panel) {
  if (panel.open_popup) {
    ImGui::OpenPopup("Privacy preview");
    panel.open_popup = false;
  }
  ImGui::SetNextWindowSize(ImVec2(ImGui::GetIO().DisplaySize.x * 0.8f, ImGui::GetIO().DisplaySize.y * 0.75f));
  if (!ImGui::BeginPopupModal("Privacy preview", nullptr, ImGuiWindowFlags_NoResize)) return;
  if (!panel.preview) {
    ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
    return;
  }
  const jqe::QuestionPlan& plan = *panel.preview;
  ImGui::Text("Destination: %s", panel.preview_endpoint.c_str());
  ImGui::Text(
      "%zu calls will be sent, about %lld prompt tokens (each answer up to %d tokens); %zu more are answered "
      "by the replay store.",
      plan.network_calls, plan.estimated_tokens, plan.max_answer_tokens, plan.calls.size() - plan.network_calls);
  wrapped_disabled("Only these prompts leave the page. The API key is sent to the destination only, in a header.");
  if (ImGui::Button("Confirm and send")) {
    confirm_questions(state, panel);
    ImGui::CloseCurrentPopup();
  }
  ImGui::SameLine();
  if (ImGui::Button("Cancel")) {
    panel.preview.reset();
    panel.life.discard();
    ImGui::CloseCurrentPopup();
  }
  ImGui::Separator();
  ImGui::BeginChild("preview-calls", ui_px(260, 0), true);
  for (size_t i = 0; i < plan.calls.size(); ++i) {
    const auto& c = plan.calls[i];
    std::string label = (c.in_replay ? "[replay] " : "") + c.id + "##pc" + std::to_string(i);
    if (ImGui::Selectable(label.c_str(), panel.selected_preview == static_cast<int>(i)))
      panel.selected_preview = static_cast<int>(i);
  }
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("preview-prompt", ImVec2(0, 0), true);
  if (panel.selected_preview >= 0 && panel.selected_preview < static_cast<int>(plan.calls.size())) {
    const auto& c = plan.calls[static_cast<size_t>(panel.selected_preview)];
    ImGui::Text("%s: about %lld tokens%s", c.id.c_str(), c.estimated_tokens,
                c.in_replay ? " (from the replay store)" : "");
    ImGui::Separator();
    ImGui::TextWrapped("%s", c.prompt.c_str());
  }
  ImGui::EndChild();
  ImGui::EndPopup();
}

void draw_questions_job(AppState& state, QuestionsPanel& panel) {
  jqe::QuestionJob& job = *panel.job;
  const size_t total = job.items().size(), done = job.count(jqe::ItemStatus::Done),
               failed = job.count(jqe::ItemStatus::Failed);
  const UsageTotals usage = job.usage();
  ImGui::ProgressBar(total ? static_cast<float>(done + failed) / static_cast<float>(total) : 0.0f, ui_px(300, 0));
  ImGui::SameLine();
  const char* phase = job.phase() == jqe::JobPhase::Questions  ? "questions"
                      : job.phase() == jqe::JobPhase::Evidence ? "evidence"
                      : job.phase() == jqe::JobPhase::Finished ? "finished"
                                                               : "not started";
  ImGui::Text("%zu / %zu generated, %zu failed; phase: %s%s", done, total, failed, phase,
              job.stopped() == SchedulerStop::Cancelled ? " (cancelled)" : "");
  ImGui::Text("%lld network calls (%lld retries), %lld replayed, %lld + %lld tokens", usage.network_calls,
              usage.retries, usage.replayed, usage.prompt_tokens, usage.completion_tokens);
  if (job.running() && job.stopped() == SchedulerStop::None) {
    if (ImGui::Button("Cancel")) job.cancel();
  } else if (job.running()) {
    if (ImGui::Button("Resume")) job.resume();
  } else if (failed > 0 || done < total) {
    if (ImGui::Button("Retry failed...")) open_preview(panel);
  }
  flow_same_line(button_width("Export JSON"));
  if (ImGui::Button("Export JSON")) export_questions(state, panel);
  flow_disabled("-> Evaluation set \"" + panel.output_name + "\" (" + std::to_string(panel.published) + " pairs)");
  if (auto e = job.last_error()) ImGui::TextColored(kRed, "%s", e->c_str());
  // The human check (SQLMorph §IV-F): shares of the marked pairs, the unmarked ones counted apart.
  const auto tally = jqe::tally_alignment(jqe::item_ids_of(job.items()), jqe::marks_of(job.items()));
  if (tally.marked() == 0) {
    ImGui::TextDisabled("Human check: mark each generated question in the label column (0 of %zu marked).",
                        tally.items);
  } else {
    ImGui::Text("Human check, %zu of %zu marked: aligned %.1f %%, adds context %.1f %%, loses intent %.1f %%",
                tally.marked(), tally.items, tally.percent(jqe::Alignment::Aligned),
                tally.percent(jqe::Alignment::AddsContext), tally.percent(jqe::Alignment::LosesIntent));
    ImGui::SameLine();
    ImGui::TextDisabled("(SQLMorph §IV-F: 74.1 / 13.8 / 12.1 %% of 58)");
  }

  ImGui::BeginChild("question-items", ImVec2(0, 0), true);
  if (ImGui::BeginTable("questions", 5,
                        ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchProp)) {
    ImGui::TableSetupColumn("expansion", ImGuiTableColumnFlags_WidthFixed, 90);
    ImGui::TableSetupColumn("status", ImGuiTableColumnFlags_WidthFixed, 60);
    ImGui::TableSetupColumn("question / evidence", ImGuiTableColumnFlags_WidthStretch, 4);
    ImGui::TableSetupColumn("SQL", ImGuiTableColumnFlags_WidthStretch, 3);
    ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthFixed, 130);
    ImGui::TableHeadersRow();
    const char* labels[] = {"(unlabelled)", "aligned", "adds context", "loses intent"};
    for (size_t i = 0; i < job.items().size(); ++i) {
      const auto& it = job.items()[i];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(it.task.id.c_str());
      ImGui::TableNextColumn();
      if (it.status == jqe::ItemStatus::Done)
        ImGui::TextColored(kGreen, "done");
      else if (it.status == jqe::ItemStatus::Failed)
        ImGui::TextColored(kRed, "failed");
      else
        ImGui::TextDisabled("pending");
      ImGui::TableNextColumn();
      if (!it.question.empty())
        ImGui::TextWrapped("%s", it.question.c_str());
      else
        ImGui::TextDisabled("%s", it.task.seed_question.c_str());
      if (!it.evidence.empty()) ImGui::TextDisabled("%s", it.evidence.c_str());
      if (!it.error.empty()) ImGui::TextColored(kRed, "%s", it.error.c_str());
      ImGui::TableNextColumn();
      ImGui::TextWrapped("%s", it.task.sql.c_str());
      ImGui::TableNextColumn();
      int label = static_cast<int>(it.label);
      ImGui::SetNextItemWidth(-1);
      ImGui::BeginDisabled(it.status != jqe::ItemStatus::Done);
      if (ImGui::Combo(("##label" + std::to_string(i)).c_str(), &label, labels, 4))
        (void)job.set_label(it.task.id, static_cast<jqe::Alignment>(label));
      ImGui::EndDisabled();
    }
    ImGui::EndTable();
  }
  ImGui::EndChild();
}

}  // namespace

void draw_questions_panel(AppState& state, QuestionsPanel& panel) {
  const auto& sets = state.eval_sets.sets;
  const bool busy = panel.job && panel.job->running();
  ImGui::BeginDisabled(busy);
  ImGui::SetNextItemWidth(ui_px(240));
  const char* current = panel.source_set < static_cast<int>(sets.size())
                            ? sets[static_cast<size_t>(panel.source_set)].name.c_str()
                            : "(none)";
  if (ImGui::BeginCombo("set to expand", current)) {
    for (size_t i = 0; i < sets.size(); ++i)
      if (ImGui::Selectable(sets[i].name.c_str(), static_cast<int>(i) == panel.source_set))
        panel.source_set = static_cast<int>(i);
    ImGui::EndCombo();
  }
  flow_next_item(ui_px(100), "first N (0 = all)");
  ImGui::InputInt("first N (0 = all)", &panel.limit);
  panel.limit = std::max(0, panel.limit);
  flow_same_line(button_width("Prepare questions..."));
  if (ImGui::Button("Prepare questions...")) prepare_questions(state, panel);
  ImGui::EndDisabled();
  wrapped_disabled(
      (session_model_line() + " Templates: thesis appendix A (A.1 extended, A.2 new, A.3 evidence).").c_str());
  if (panel.run)
    ImGui::Text("JQE on %s: %zu seeds -> %zu expansions", panel.source_name.c_str(), panel.run->input_seeds,
                panel.run->expansions.size());
  if (!panel.error.empty()) draw_error(panel.error);
  draw_preview_modal(state, panel);
  if (panel.job) {
    ImGui::Separator();
    draw_questions_job(state, panel);
  }
}

}  // namespace chokepoint::web
