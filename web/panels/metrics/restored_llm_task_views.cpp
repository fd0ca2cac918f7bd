// The LLM tasks' restored runs, drawn from their records (see restored_llm_task_views.h).
#include "web/panels/metrics/restored_llm_task_views.h"

#include <imgui.h>

#include <cstdio>
#include <string>
#include <utility>

#include "web/panels/metrics/metrics_run.h"
#include "web/widgets/json_rows_table.h"

namespace chokepoint::web {
namespace {

std::string text_of(const nlohmann::json& j, const char* key) {
  return j.is_object() && j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string();
}

// A percentage as the live tab prints it; "-" when the record has none.
std::string percent_of(const nlohmann::json& j, const char* key) {
  if (!j.is_object() || !j.contains(key) || !j[key].is_number()) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", j[key].get<double>());
  return buf;
}

std::string count_of(const nlohmann::json& j, const char* key) {
  return j.is_object() && j.contains(key) && j[key].is_number_integer() ? j[key].dump() : "?";
}

void restored_line(const nlohmann::json& record, const char* task) {
  ImGui::TextWrapped(
      "Restored from this browser's workspace: the last %s of this evaluation (the same files, pairs and semantics), "
      "run before a reload with the model %s. Run it again to see its prompts and items: its calls are answered by "
      "the replay store.",
      task, text_of(record, "model").c_str());
}

}  // namespace

const nlohmann::json* restored_llm_task(const AppState& state, LlmTask task) {
  const auto run = current_evaluation(state);
  if (!run || !run->done) return nullptr;
  return remembered_llm_task(task, *run);
}

void add_restored_json(nlohmann::json& tab, const AppState& state, LlmTask task) {
  if (const nlohmann::json* record = restored_llm_task(state, task)) tab["restored"] = *record;
}

bool draw_restored_debug(const AppState& state) {
  const nlohmann::json* record = restored_llm_task(state, LlmTask::Debug);
  if (!record) return false;
  const nlohmann::json& report = (*record)["report"];
  restored_line(*record, "debugging");
  ImGui::Text("%s wrong predictions at the start", count_of(report, "wrong").c_str());
  // One row per strategy and round, as the live table: an "all" run's strategies, else the one.
  nlohmann::json rows = nlohmann::json::array();
  const nlohmann::json strategies = report.contains("strategies") && report["strategies"].is_array()
                                        ? report["strategies"]
                                        : nlohmann::json::array({report});
  for (const auto& s : strategies) {
    if (!s.is_object() || !s.contains("rounds") || !s["rounds"].is_array()) continue;
    for (auto row : s["rounds"]) {
      if (!row.is_object()) continue;
      row["strategy"] = text_of(s, "strategy");
      rows.push_back(std::move(row));
    }
  }
  draw_json_rows_table("debug-rounds-restored", rows,
                       {{"strategy", "/strategy"},
                        {"round", "/round"},
                        {"asked", "/attempted"},
                        {"with a query", "/answered"},
                        {"fixed", "/fixed"},
                        {"still wrong", "/still_wrong"},
                        {"System Errors", "/system_errors"},
                        {"Result Errors", "/result_errors"},
                        {"Result Errors by subcategory", "/result_error_kinds"},
                        {"EX over the wrong SQLs %", "/ex_over_wrong", 2}});
  return true;
}

bool draw_restored_optimize(const AppState& state) {
  const nlohmann::json* record = restored_llm_task(state, LlmTask::Optimize);
  if (!record) return false;
  const nlohmann::json& report = (*record)["report"];
  restored_line(*record, "optimisation");
  nlohmann::json rows = nlohmann::json::array();
  if (report.contains("baseline") && report["baseline"].is_object()) {
    nlohmann::json base = report["baseline"];
    base["variant"] = "baseline (Y)";
    rows.push_back(std::move(base));
  }
  if (report.contains("rows") && report["rows"].is_array())
    for (const auto& r : report["rows"]) rows.push_back(r);
  draw_json_rows_table("optimised-restored", rows,
                       {{"variant", "/variant"},
                        {"EX %", "/ex", 1},
                        {"VES", "/ves", 2},
                        {"C-VES", "/c_ves", 2},
                        {"accepted", "/accepted"},
                        {"changed result", "/changed_result"},
                        {"failed", "/failed"},
                        {"no SQL", "/no_sql"},
                        {"no answer", "/no_answer"},
                        {"generated", "/generated"},
                        {"EX % (004)", "/as_published/ex", 1},
                        {"VES (004)", "/as_published/ves", 2},
                        {"C-VES (004)", "/as_published/c_ves", 2},
                        {"not kept", "/as_published/rewrites_not_kept"}});
  return true;
}

bool draw_restored_describe(const AppState& state) {
  const nlohmann::json* record = restored_llm_task(state, LlmTask::Describe);
  if (!record) return false;
  const nlohmann::json& report = (*record)["report"];
  restored_line(*record, (text_of(report, "subject") == "gold" ? "description of the gold queries"
                                                               : "description of the predictions"));
  static const nlohmann::json kNone = nlohmann::json::object();
  const nlohmann::json& s = report.contains("summary") ? report["summary"] : kNone;
  ImGui::Text("%s items: %s described, %s without a readable question", count_of(s, "n").c_str(),
              count_of(s, "described").c_str(), count_of(s, "unreadable").c_str());
  nlohmann::json rows = nlohmann::json::array();
  if (s.contains("rouge") && s["rouge"].is_object())
    for (const auto& [key, name] :
         {std::pair<const char*, const char*>{"rouge1", "ROUGE-1"}, {"rouge2", "ROUGE-2"}, {"rougeL", "ROUGE-L"}})
      if (s["rouge"].contains(key)) {
        nlohmann::json r = s["rouge"][key];
        r["name"] = name;
        rows.push_back(std::move(r));
      }
  draw_json_rows_table("rouge-restored", rows,
                       {{"", "/name"}, {"recall", "/recall", 3}, {"precision", "/precision", 3}, {"F1", "/f1", 3}});
  if (s.contains("judge") && s["judge"].is_object())
    ImGui::Text("judged the same question: %s in one order, %s in the other, %s on average",
                percent_of(s["judge"], "forward").c_str(), percent_of(s["judge"], "backward").c_str(),
                percent_of(s["judge"], "average").c_str());
  return true;
}

}  // namespace chokepoint::web
