// SQL optimisation's JSON, the one shape the CLI's report and the Optimise tab share: EX over the scored items (not
// over every item given), the rewrite counts of a variant, and an item's decision with its reason.
#include <gtest/gtest.h>

#include "core/llm_tasks/sql_optimization_json.h"

namespace chokepoint::llm_tasks {
namespace {

EfficiencySummary summary(size_t n, size_t scored, size_t correct) {
  EfficiencySummary s;
  s.n = n;
  s.no_database = n - scored;
  s.scores.n = scored;
  s.scores.correct = correct;
  s.scores.ves = 91.5;
  s.scores.c_ves = 88.0;
  return s;
}

TEST(SqlOptimizationJson, ExIsOverTheScoredItems) {
  const auto j = optimize_scores_json(summary(10, 8, 6));
  EXPECT_DOUBLE_EQ(j["ex"].get<double>(), 75.0);
  EXPECT_EQ(j["scored"], 8);
  EXPECT_EQ(j["correct"], 6);
  EXPECT_DOUBLE_EQ(j["ves"].get<double>(), 91.5);
  EXPECT_DOUBLE_EQ(j["c_ves"].get<double>(), 88.0);
  EXPECT_DOUBLE_EQ(optimize_scores_json(summary(3, 0, 0))["ex"].get<double>(), 0.0);
}

TEST(SqlOptimizationJson, ARowCountsWhatBecameOfEachRewrite) {
  const std::vector<RewriteDecision> d = {{"SELECT 1", RewriteOutcome::Accepted, "", "SELECT 1"},
                                          {"SELECT 2", RewriteOutcome::ChangedResult, "other rows", "SELECT 2"},
                                          {"SELECT 3", RewriteOutcome::ChangedResult, "other rows", "SELECT 3"},
                                          {"SELECT 4", RewriteOutcome::NoAnswer, "timeout", ""}};
  const auto row = optimize_row_json(OptimizeVariant::WithYS, summary(4, 4, 2), d);
  EXPECT_EQ(row["variant"], "with-y+s");
  EXPECT_EQ(row["accepted"], 1);
  EXPECT_EQ(row["changed_result"], 2);
  EXPECT_EQ(row["no_answer"], 1);
  EXPECT_EQ(row["failed"], 0);
  EXPECT_DOUBLE_EQ(row["ex"].get<double>(), 50.0);
}

TEST(SqlOptimizationJson, AnItemSaysItsOutcomeAndWhy) {
  const auto j =
      optimize_item_json(OptimizeVariant::Direct, "q7", {"SELECT 1", RewriteOutcome::NoSql, "prose only", ""});
  EXPECT_EQ(j["variant"], "direct");
  EXPECT_EQ(j["id"], "q7");
  EXPECT_EQ(j["outcome"], rewrite_outcome_name(RewriteOutcome::NoSql));
  EXPECT_EQ(j["final"], "SELECT 1");
  EXPECT_EQ(j["note"], "prose only");
}

}  // namespace
}  // namespace chokepoint::llm_tasks
