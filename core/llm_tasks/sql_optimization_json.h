// SQL optimisation's results as JSON, one shape for `chokepoint optimize`'s report and the Optimise tab's state: the
// scores of one cell (EX over the items timed, VES, C-VES), a row of 004 Table 6 (a variant's scores and what became
// of its rewrites) and one item's decision.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/llm_tasks/sql_optimization.h"
#include "core/metrics/efficiency_evaluation.h"

namespace chokepoint::llm_tasks {

// {"ex", "ves", "c_ves", "correct", "scored"}: EX in percent over the scored items (0 when none was scored).
nlohmann::json optimize_scores_json(const EfficiencySummary& s);
// The scores with "variant" and the rewrite counts (accepted, changed_result, failed, no_sql, no_answer, not_asked,
// generated) of the variant's decisions.
nlohmann::json optimize_row_json(OptimizeVariant v, const EfficiencySummary& s,
                                 const std::vector<RewriteDecision>& decisions);
// {"variant", "id", "outcome", "final", "note"}: what became of one item's rewrite.
nlohmann::json optimize_item_json(OptimizeVariant v, const std::string& id, const RewriteDecision& d);

}  // namespace chokepoint::llm_tasks
