// The Questions panel's state for the page (tests read it), its page commands, its call log and its registration.
#include "core/base/json_dump.h"
#include "web/panels/jqe/questions_panel.h"

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
#include "web/panel_registry.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {

nlohmann::json questions_state_json(const QuestionsPanel& panel) {
  nlohmann::json j = {{"source", panel.source_name},
                      {"error", panel.error},
                      {"output_set", panel.output_name},
                      {"published", panel.published},
                      {"batch", panel.life.json()}};
  if (panel.run) j["expansions"] = panel.run->expansions.size();
  if (panel.preview) {
    nlohmann::json calls = nlohmann::json::array();
    for (const auto& c : panel.preview->calls)
      calls.push_back({{"id", c.id}, {"prompt", c.prompt}, {"tokens", c.estimated_tokens}, {"in_replay", c.in_replay}});
    j["preview"] = {{"calls", calls},
                    {"network_calls", panel.preview->network_calls},
                    {"estimated_tokens", panel.preview->estimated_tokens},
                    {"endpoint", panel.preview_endpoint}};
  }
  if (panel.job) {
    const auto& job = *panel.job;
    const UsageTotals u = job.usage();
    nlohmann::json items = nlohmann::json::array();
    for (const auto& it : job.items())
      items.push_back({{"id", it.task.id},
                       {"status", jqe::item_status_name(it.status)},
                       {"question", it.question},
                       {"evidence", it.evidence},
                       {"prompt", jqe::question_prompt_template(it.task.prompt)},
                       {"label", jqe::alignment_name(it.label)},
                       {"error", it.error},
                       {"replayed", it.replayed}});
    const char* phase = job.phase() == jqe::JobPhase::Questions  ? "questions"
                        : job.phase() == jqe::JobPhase::Evidence ? "evidence"
                        : job.phase() == jqe::JobPhase::Finished ? "finished"
                                                                 : "idle";
    j["job"] = {{"phase", phase},
                {"running", job.running()},
                {"cancelled", job.stopped() == SchedulerStop::Cancelled},
                {"total", job.items().size()},
                {"done", job.count(jqe::ItemStatus::Done)},
                {"failed", job.count(jqe::ItemStatus::Failed)},
                {"network_calls", u.network_calls},
                {"replayed", u.replayed},
                {"retries", u.retries},
                {"last_error", job.last_error().value_or("")},
                {"items", items}};
    const auto tally = jqe::tally_alignment(jqe::item_ids_of(job.items()), jqe::marks_of(job.items()));
    j["human_check"] = {{"items", tally.items},
                        {"marked", tally.marked()},
                        {"unmarked", tally.unmarked.size()},
                        {"aligned", tally.percent(jqe::Alignment::Aligned)},
                        {"adds_context", tally.percent(jqe::Alignment::AddsContext)},
                        {"loses_intent", tally.percent(jqe::Alignment::LosesIntent)}};
  }
  return nlohmann::json::parse(dump_json(j));
}

namespace {

// {"do": "questions_prepare", "set": NAME, "limit": N}: JQE and the preview; nothing is sent.
void prepare_command(AppState& state, const nlohmann::json& cmd) {
  if (cmd.contains("set")) {
    const std::string name = cmd.value("set", "");
    questions_panel(state).source_set = -1;
    for (size_t i = 0; i < state.eval_sets.sets.size(); ++i)
      if (state.eval_sets.sets[i].name == name) questions_panel(state).source_set = static_cast<int>(i);
  }
  questions_panel(state).limit = std::max(0, cmd.value("limit", 0));
  prepare_questions(state, questions_panel(state));
}

void label_command(AppState& state, const nlohmann::json& cmd) {
  if (!questions_panel(state).job) return;
  auto label = jqe::alignment_from_name(cmd.value("label", ""));
  Status s =
      label.ok() ? questions_panel(state).job->set_label(cmd.value("id", ""), *label) : Status(Error{label.error()});
  if (!s.ok()) notify(state, "questions_label: " + s.error(), true);
}

const PageCommandRegistrar prepare_cmd{"questions_prepare", prepare_command};
const PageCommandRegistrar confirm_cmd{"questions_confirm", [](AppState& state, const nlohmann::json&) {
                                         confirm_questions(state, questions_panel(state));
                                       }};
const PageCommandRegistrar dismiss_cmd{"questions_dismiss", [](AppState& state, const nlohmann::json&) {
                                         questions_panel(state).preview.reset();
                                         questions_panel(state).life.discard();
                                       }};
const PageCommandRegistrar cancel_cmd{"questions_cancel", [](AppState& state, const nlohmann::json&) {
                                        if (questions_panel(state).job) questions_panel(state).job->cancel();
                                      }};
const PageCommandRegistrar resume_cmd{"questions_resume", [](AppState& state, const nlohmann::json&) {
                                        if (questions_panel(state).job) questions_panel(state).job->resume();
                                      }};
const PageCommandRegistrar retry_cmd{"questions_retry", [](AppState& state, const nlohmann::json&) {
                                       if (questions_panel(state).job && !questions_panel(state).job->running())
                                         open_preview(questions_panel(state));
                                     }};
const PageCommandRegistrar label_cmd{"questions_label", label_command};
const PageCommandRegistrar export_cmd{"questions_export", [](AppState& state, const nlohmann::json&) {
                                        export_questions(state, questions_panel(state));
                                      }};

// The LLM panel's call log shows every job's requests.
const struct CallLogRegistration {
  CallLogRegistration() {
    add_call_log_source([](AppState& state) {
      std::vector<CallLogEntry> out = questions_panel(state).past_log;
      if (questions_panel(state).job) {
        auto now = questions_panel(state).job->log();
        out.insert(out.end(), now.begin(), now.end());
      }
      return out;
    });
  }
} call_log_registration;

const PanelRegistrar questions_commands_registrar{
    PanelSpec{"Questions", 82, [](AppState& state) { draw_questions_panel(state, questions_panel(state)); },
              [](AppState& state, double budget_ms) { step_questions(state, questions_panel(state), budget_ms); },
              [](AppState& state) { return questions_state_json(questions_panel(state)); }}};

}  // namespace
}  // namespace chokepoint::web
