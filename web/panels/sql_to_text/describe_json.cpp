// The SQL-to-Text tab's state as JSON (the summary and items in the shape `chokepoint describe` writes, from
// core/llm_tasks/sql_to_text_json.h) and its page commands.
#include "core/llm_tasks/sql_to_text_json.h"
#include "web/panel_registry.h"
#include "web/panels/metrics/metrics_run.h"
#include "web/panels/metrics/restored_llm_task_views.h"
#include "web/panels/sql_to_text/describe_run.h"
#include "web/sub_tab_registry.h"

namespace chokepoint::web {

nlohmann::json describe_run_json(const DescribeRun& run) {
  nlohmann::json j = {{"running", run.phase == 1 || run.phase == 2 || run.phase == 4},
                      {"phase", run.phase},
                      {"done", run.phase == 3},
                      {"cancelled", run.cancelled},
                      {"error", run.error},
                      {"batch", run.life.json()},
                      {"subject", run.subject == 1 ? "gold" : "predictions"}};
  if (run.life.previewing())
    j["preview"] = {{"calls", run.subjects.size()},
                    {"network_calls", run.subjects.size() - run.sent.in_replay},
                    {"judge_calls_at_most", run.judge ? 2 * run.subjects.size() : 0},
                    {"embedding_texts_at_most", run.embeddings ? 2 * run.subjects.size() : 0},
                    {"estimated_prompt_tokens", run.sent.estimated_tokens},
                    {"destination", run.sent.destination},
                    {"model", run.sent.model}};
  if (run.phase != 3) return j;
  j["summary"] = llm_tasks::describe_summary_json(run.summary, run.judge, run.subject == 0 && run.judge);
  j["summary"]["usage"] = {{"network_calls", run.usage.network_calls}, {"replayed", run.usage.replayed}};
  if (!run.used_embedding_model.empty()) {
    j["summary"]["cosine_label"] = "endpoint embeddings: " + run.used_embedding_model + " (not BERTScore)";
    j["summary"]["embeddings"] = {
        {"network_calls", run.embedding_calls}, {"replayed", run.embedding_replayed}, {"error", run.embedding_error}};
  }
  nlohmann::json items = nlohmann::json::array();
  for (const auto& it : run.items) items.push_back(llm_tasks::described_item_json(it));
  j["items"] = std::move(items);
  return j;
}

namespace {

// {"do": "describe_run", "subject": "predictions" | "gold", "judge": true, "embeddings"?: bool (kept when absent),
// "embedding_model"?: NAME}: the SQL-to-Text tab's choices and its "Describe..." button (plans and opens the preview);
// {"do": "describe_confirm"} / {"do": "describe_cancel"}.
const PageCommandRegistrar describe_registrar{"describe_run", [](AppState& state, const nlohmann::json& cmd) {
                                                DescribeRun& run = state.panels.get<DescribeRun>();
                                                run.subject =
                                                    cmd.value("subject", std::string("predictions")) == "gold" ? 1 : 0;
                                                run.judge = cmd.value("judge", true);
                                                run.embeddings = cmd.value("embeddings", run.embeddings);
                                                if (cmd.contains("embedding_model"))
                                                  run.embedding_model = cmd.value("embedding_model", std::string());
                                                prepare_describe_run(state);
                                              }};
const PageCommandRegistrar describe_confirm_registrar{
    "describe_confirm", [](AppState& state, const nlohmann::json&) { confirm_describe_run(state); }};
const PageCommandRegistrar describe_cancel_registrar{
    "describe_cancel", [](AppState& state, const nlohmann::json&) { cancel_describe_run(state); }};

const SubTabRegistrar describe_json_tab{{kMetricsPanelName, "SQL-to-Text", 40, "describe", draw_describe_view,
                                         [](AppState& s, double) { step_describe_run(s); },
                                         [](AppState& s) {
                                           nlohmann::json j = describe_run_json(s.panels.get<DescribeRun>());
                                           add_restored_json(j, s, LlmTask::Describe);
                                           return j;
                                         }}};

}  // namespace

}  // namespace chokepoint::web
