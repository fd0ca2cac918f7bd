// The llm-tasks study's readers of each task's report (see llm_tasks_steps.h).
#include "core/study/llm_tasks_steps.h"

#include <cstdint>
#include <map>
#include <optional>

namespace chokepoint::study {
namespace {

using json = nlohmann::json;

// A count: a whole number not below zero (a report written by the page holds signed integers).
bool is_count(const json& v) { return v.is_number_unsigned() || (v.is_number_integer() && v.get<int64_t>() >= 0); }
size_t whole(const json& o, const char* key) {
  return o.is_object() && o.contains(key) && is_count(o[key]) ? o[key].get<size_t>() : 0;
}
std::optional<double> number(const json& o, const char* key) {
  if (!o.is_object() || !o.contains(key) || !o[key].is_number()) return std::nullopt;
  return o[key].get<double>();
}
const json& member(const json& o, const char* key) {
  static const json none = json::object();
  return o.is_object() && o.contains(key) ? o[key] : none;
}
// Counts by key; subcategories_only leaves out the "subcategory/direction" keys.
std::map<std::string, size_t> counts(const json& o, bool subcategories_only) {
  std::map<std::string, size_t> m;
  if (!o.is_object()) return m;
  for (const auto& [k, v] : o.items())
    if (is_count(v) && !(subcategories_only && k.find('/') != std::string::npos)) m[k] = v.get<size_t>();
  return m;
}

std::vector<DebugRound> read_rounds(const json& rs) {
  std::vector<DebugRound> out;
  if (!rs.is_array()) return out;
  for (const auto& r : rs) {
    DebugRound x;
    x.round = r.is_object() && r.contains("round") && r["round"].is_number_integer() ? r["round"].get<int>() : 0;
    x.fixed = whole(r, "fixed");
    x.still_wrong = whole(r, "still_wrong");
    x.system_errors = whole(r, "system_errors");
    x.result_errors = whole(r, "result_errors");
    x.ex_over_wrong = number(r, "ex_over_wrong").value_or(0);
    x.result_error_kinds = counts(member(r, "result_error_kinds"), true);
    out.push_back(std::move(x));
  }
  return out;
}

std::string text(const json& o, const char* key) {
  return o.is_object() && o.contains(key) && o[key].is_string() ? o[key].get<std::string>() : "";
}

}  // namespace

void read_errors_report(const json& errors, LlmTasksModel& m) {
  m.wrong = whole(errors, "failed");
  m.system_errors = counts(member(errors, "system_errors"), false);
  m.result_errors = counts(member(errors, "result_errors"), true);
}

std::vector<DebugStrategyRun> read_debug_report(const json& debug) {
  std::vector<DebugStrategyRun> out;
  if (debug.is_object() && debug.contains("strategies") && debug["strategies"].is_array()) {
    for (const auto& s : debug["strategies"]) out.push_back({text(s, "strategy"), read_rounds(member(s, "rounds"))});
    return out;
  }
  out.push_back({text(debug, "strategy"), read_rounds(member(debug, "rounds"))});
  return out;
}

void read_optimize_report(const json& optimize, LlmTasksModel& m) {
  const json& base = member(optimize, "baseline");
  m.baseline_ves = number(base, "ves");
  m.baseline_c_ves = number(base, "c_ves");
  const json& table = member(optimize, "table");
  if (!table.is_array()) return;
  for (const auto& c : table) {
    OptimizationCell cell;
    cell.variant = text(c, "variant");
    cell.ves = number(c, "ves").value_or(0);
    cell.c_ves = number(c, "c_ves").value_or(0);
    const json& pub = member(c, "as_published");
    cell.published_ves = number(pub, "ves");
    cell.published_c_ves = number(pub, "c_ves");
    cell.rewrites_not_kept = whole(pub, "rewrites_not_kept");
    m.optimization.push_back(std::move(cell));
  }
}

DescribeScores read_describe_report(const json& d) {
  DescribeScores s;
  s.described = whole(d, "described");
  const json& rouge = member(d, "rouge");
  s.rouge1 = number(member(rouge, "rouge1"), "f1").value_or(0);
  s.rouge2 = number(member(rouge, "rouge2"), "f1").value_or(0);
  s.rouge_l = number(member(rouge, "rougeL"), "f1").value_or(0);
  const json& judge = member(d, "judge");
  if (auto a = number(judge, "average")) s.judge = 100 * *a;
  s.judge_model = text(judge, "model");
  s.cosine = number(d, "cosine");
  return s;
}

LinkCell read_link_report(const std::string& method, bool fk, const json& link) {
  LinkCell cell;
  cell.method = method;
  cell.fk = fk;
  cell.scored = whole(link, "scored");
  cell.res = number(link, "res").value_or(0);
  cell.subset = number(link, "subset_match").value_or(0);
  cell.exact = number(link, "exact_match").value_or(0);
  return cell;
}

size_t failed_model_calls(const json& report) {
  const json& c = member(report, "model_calls");
  return whole(c, "failed") + whole(c, "cut_by_budget");
}

}  // namespace chokepoint::study
