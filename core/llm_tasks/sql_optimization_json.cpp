#include "core/llm_tasks/sql_optimization_json.h"

namespace chokepoint::llm_tasks {

nlohmann::json optimize_scores_json(const EfficiencySummary& s) {
  const size_t scored = s.scores.n;
  return {{"ex", scored ? 100.0 * static_cast<double>(s.scores.correct) / static_cast<double>(scored) : 0.0},
          {"ves", s.scores.ves},
          {"c_ves", s.scores.c_ves},
          {"correct", s.scores.correct},
          {"scored", scored}};
}

nlohmann::json optimize_row_json(OptimizeVariant v, const EfficiencySummary& s,
                                 const std::vector<RewriteDecision>& decisions) {
  nlohmann::json row = optimize_scores_json(s);
  row["variant"] = optimize_variant_name(v);
  const RewriteCounts c = count_rewrites(decisions);
  row["accepted"] = c.accepted;
  row["changed_result"] = c.changed_result;
  row["failed"] = c.failed;
  row["no_sql"] = c.no_sql;
  row["no_answer"] = c.no_answer;
  row["not_asked"] = c.not_asked;
  row["generated"] = c.generated;
  return row;
}

nlohmann::json optimize_item_json(OptimizeVariant v, const std::string& id, const RewriteDecision& d) {
  return {{"variant", optimize_variant_name(v)},
          {"id", id},
          {"outcome", rewrite_outcome_name(d.outcome)},
          {"final", d.final_sql},
          {"note", d.note}};
}

}  // namespace chokepoint::llm_tasks
