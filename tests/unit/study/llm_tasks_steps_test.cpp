// The llm-tasks study's readers on reports shaped as the commands print them.
#include <gtest/gtest.h>

#include "core/study/llm_tasks_steps.h"

namespace chokepoint::study {
namespace {

using json = nlohmann::json;

TEST(LlmTasksSteps, ErrorsReportGivesTheWrongCountAndSubcategoriesWithoutDirections) {
  LlmTasksModel m;
  read_errors_report(json::parse(R"({"n": 9, "failed": 4, "system_errors": {"no such column": 1},
      "result_errors": {"table_query": 3, "table_query/missing": 2}})"),
                     m);
  EXPECT_EQ(m.wrong, 4u);
  EXPECT_EQ(m.system_errors, (std::map<std::string, size_t>{{"no such column", 1}}));
  EXPECT_EQ(m.result_errors, (std::map<std::string, size_t>{{"table_query", 3}}));
}

TEST(LlmTasksSteps, DebugReportOfOneStrategyAndOfAll) {
  const json rounds = json::parse(R"([{"round": 0, "fixed": 0, "still_wrong": 3, "system_errors": 1,
      "result_errors": 2, "ex_over_wrong": 0, "result_error_kinds": {"join_columns": 2, "join_columns/missing": 1}},
      {"round": 1, "fixed": 1, "still_wrong": 2, "system_errors": 0, "result_errors": 2, "ex_over_wrong": 33.3}])");
  const auto one = read_debug_report({{"strategy", "comment"}, {"rounds", rounds}});
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].strategy, "comment");
  ASSERT_EQ(one[0].rounds.size(), 2u);
  EXPECT_EQ(one[0].rounds[0].result_error_kinds, (std::map<std::string, size_t>{{"join_columns", 2}}));
  EXPECT_EQ(one[0].rounds[1].round, 1);
  EXPECT_EQ(one[0].rounds[1].fixed, 1u);
  EXPECT_DOUBLE_EQ(one[0].rounds[1].ex_over_wrong, 33.3);

  const auto all = read_debug_report(
      {{"strategies",
        {{{"strategy", "regenerate"}, {"rounds", rounds}}, {{"strategy", "comment"}, {"rounds", rounds}}}}});
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].strategy, "regenerate");
  EXPECT_EQ(all[1].rounds.size(), 2u);
}

TEST(LlmTasksSteps, OptimizeReportKeepsBothViews) {
  LlmTasksModel m;
  read_optimize_report(json::parse(R"({"baseline": {"ves": 100, "c_ves": 90}, "table": [
      {"variant": "with-y", "ves": 110, "c_ves": 95, "as_published": {"ves": 80, "c_ves": 70, "rewrites_not_kept": 2}},
      {"variant": "direct", "ves": 50, "c_ves": 40}]})"),
                       m);
  EXPECT_EQ(m.baseline_ves, 100.0);
  EXPECT_EQ(m.baseline_c_ves, 90.0);
  ASSERT_EQ(m.optimization.size(), 2u);
  EXPECT_EQ(m.optimization[0].published_ves, 80.0);
  EXPECT_EQ(m.optimization[0].rewrites_not_kept, 2u);
  EXPECT_FALSE(m.optimization[1].published_c_ves.has_value());  // a report without the published view
}

TEST(LlmTasksSteps, DescribeReportScalesTheJudgeToPercent) {
  const auto s = read_describe_report(json::parse(R"({"described": 5, "rouge": {"rouge1": {"f1": 0.5},
      "rouge2": {"f1": 0.25}, "rougeL": {"f1": 0.4}}, "judge": {"average": 0.6, "model": "m"}})"));
  EXPECT_EQ(s.described, 5u);
  EXPECT_DOUBLE_EQ(s.rouge_l, 0.4);
  ASSERT_TRUE(s.judge.has_value());
  EXPECT_DOUBLE_EQ(*s.judge, 60.0);
  EXPECT_EQ(s.judge_model, "m");
  EXPECT_FALSE(s.cosine.has_value());
  EXPECT_FALSE(read_describe_report(json::object()).judge.has_value());
}

TEST(LlmTasksSteps, LinkReportAndFailedCalls) {
  const auto c =
      read_link_report("presql", true, {{"scored", 7}, {"res", 0.5}, {"subset_match", 0.75}, {"exact_match", 0.25}});
  EXPECT_EQ(c.method, "presql");
  EXPECT_TRUE(c.fk);
  EXPECT_EQ(c.scored, 7u);
  EXPECT_DOUBLE_EQ(c.subset, 0.75);
  EXPECT_EQ(failed_model_calls({{"model_calls", {{"failed", 2}, {"cut_by_budget", 1}}}}), 3u);
  EXPECT_EQ(failed_model_calls(json::object()), 0u);
}

TEST(LlmTasksSteps, MistypedFieldsReadAsAbsent) {
  LlmTasksModel m;
  read_errors_report(json::parse(R"({"failed": "four", "system_errors": [1]})"), m);
  EXPECT_EQ(m.wrong, 0u);
  EXPECT_TRUE(m.system_errors.empty());
  const auto d = read_debug_report(json::parse(R"({"strategy": 3, "rounds": {"round": 1}})"));
  ASSERT_EQ(d.size(), 1u);
  EXPECT_TRUE(d[0].rounds.empty());
}

}  // namespace
}  // namespace chokepoint::study
