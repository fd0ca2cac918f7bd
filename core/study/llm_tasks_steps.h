// Each task's report read into the llm-tasks study's inputs (llm_tasks_study.h). The reports have the shapes the
// commands print on stdout (errors, debug, optimize, describe, link); the CLI's study reads the commands' output,
// and the app gives its tabs' runs in the same shapes, written by the same core functions, so both lay out the same
// numbers from one reader. A missing or mistyped field reads as zero or absent, never as an error: the commands are
// ours and the study notes what was not run.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/study/llm_tasks_study.h"

namespace chokepoint::study {

// `errors`: {failed, system_errors: {kind: n}, result_errors: {subcategory: n, "subcategory/direction": n}} into
// the model's wrong count and its error counts (subcategories only).
void read_errors_report(const nlohmann::json& errors, LlmTasksModel& m);
// `debug`: {strategies: [{strategy, rounds}]} (--strategy all) or {strategy, rounds: [{round, fixed, still_wrong,
// system_errors, result_errors, ex_over_wrong, result_error_kinds}]}.
std::vector<DebugStrategyRun> read_debug_report(const nlohmann::json& debug);
// `optimize`: {baseline: {ves, c_ves}, table: [{variant, ves, c_ves, as_published: {ves, c_ves, rewrites_not_kept}}]}.
void read_optimize_report(const nlohmann::json& optimize, LlmTasksModel& m);
// `describe`'s summary: {described, rouge: {rouge1: {f1}, rouge2, rougeL}, judge?: {average, model}, cosine?}.
DescribeScores read_describe_report(const nlohmann::json& describe);
// `link`: {scored, res, subset_match, exact_match} for `method`, without or with foreign keys.
LinkCell read_link_report(const std::string& method, bool fk, const nlohmann::json& link);
// The model calls a step's report says failed or a budget cut ({model_calls: {failed, cut_by_budget}}).
size_t failed_model_calls(const nlohmann::json& report);

}  // namespace chokepoint::study
