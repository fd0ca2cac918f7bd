// ExSemantics::TestSuite end to end on one database: evaluate_pair executes the evaluator's rewritten queries and
// compares as Spider's result_eq with its substring ORDER BY rule. Each quirk against ExSemantics::Spider, where
// the same pair scores otherwise (test_suite_rewrite.h cites the reference's functions).
#include <gtest/gtest.h>

#include "core/metrics/evaluation_codec.h"
#include "core/metrics/ex_reasons.h"
#include "core/metrics/pair_evaluation.h"
#include "tests/unit/metrics/result_builders.h"

namespace chokepoint {
using namespace testing_support;

namespace {

const char* kSingers =
    "CREATE TABLE singer(id INTEGER PRIMARY KEY, name TEXT, country TEXT, age INT);"
    "INSERT INTO singer VALUES (1,'Joe','France',52),(2,'Ann','Netherlands',32),(3,'Tim','France',41),"
    "(4,'Liz','United States',29);";

ItemEvaluation run(ExSemantics semantics, const std::string& gold, const std::string& pred) {
  static Connection db = memory_db(kSingers);
  EvaluationOptions o;
  o.semantics = semantics;
  o.keep_details = true;
  return evaluate_pair(db, {"0", "s", gold, pred}, o);
}

}  // namespace

TEST(TestSuiteSemantics, NamesRoundTrip) {
  for (ExSemantics s : {ExSemantics::Bird, ExSemantics::Spider, ExSemantics::TestSuite})
    EXPECT_EQ(ex_semantics_from_name(ex_semantics_name(s)), s);
  EXPECT_STREQ(ex_semantics_name(ExSemantics::TestSuite), "test-suite");
  EXPECT_FALSE(ex_semantics_from_name("testsuite").has_value());
}

// count(DISTINCT country) is 3, count(country) 4: deleting DISTINCT in both makes this wrong prediction right.
TEST(TestSuiteSemantics, DistinctDeletedInsideCountChangesTheResult) {
  const std::string gold = "SELECT count(DISTINCT country) FROM singer", pred = "SELECT count(country) FROM singer";
  EXPECT_FALSE(run(ExSemantics::Spider, gold, pred).ex);
  const auto item = run(ExSemantics::TestSuite, gold, pred);
  EXPECT_TRUE(item.ex);
  EXPECT_EQ(item.executed_gold_sql, "SELECT count( country) FROM singer");
  EXPECT_TRUE(item.executed_pred_sql.empty());  // ran as given
}

// ...and this right prediction wrong: the gold loses its DISTINCT (4 rows), the GROUP BY keeps 3.
TEST(TestSuiteSemantics, DistinctDeletedInSelectMakesDuplicatesCount) {
  const std::string gold = "SELECT DISTINCT country FROM singer", pred = "SELECT country FROM singer GROUP BY country";
  EXPECT_TRUE(run(ExSemantics::Spider, gold, pred).ex);
  EXPECT_FALSE(run(ExSemantics::TestSuite, gold, pred).ex);
}

// The gold's only ORDER BY is in a subquery: Spider compares bags, the test-suite evaluator lists.
TEST(TestSuiteSemantics, OrderByInASubqueryMakesOrderMatter) {
  const std::string gold = "SELECT name FROM singer WHERE age > (SELECT age FROM singer ORDER BY age LIMIT 1)";
  const std::string pred = "SELECT name FROM singer WHERE age > 29 ORDER BY name";
  EXPECT_TRUE(run(ExSemantics::Spider, gold, pred).ex);
  const auto item = run(ExSemantics::TestSuite, gold, pred);
  EXPECT_FALSE(item.ex);
  ASSERT_FALSE(item.ex_reasons.empty());
  EXPECT_NE(item.ex_reasons.back().find("order by"), std::string::npos) << item.ex_reasons.back();
  EXPECT_TRUE(ex_order_matters(ExSemantics::TestSuite, gold));
  EXPECT_FALSE(ex_order_matters(ExSemantics::Spider, gold));
}

// "> =" is a syntax error in SQLite; the evaluator joins it before executing.
TEST(TestSuiteSemantics, SpacedComparisonIsJoined) {
  const std::string gold = "SELECT name FROM singer WHERE age >= 41", pred = "SELECT name FROM singer WHERE age > = 41";
  EXPECT_EQ(run(ExSemantics::Spider, gold, pred).pred_status, QueryStatus::Error);
  const auto item = run(ExSemantics::TestSuite, gold, pred);
  EXPECT_TRUE(item.ex);
  EXPECT_EQ(item.executed_pred_sql, gold);
}

TEST(TestSuiteSemantics, CurrentYearBecomesTwentyTwenty) {
  const std::string gold = "SELECT name FROM singer WHERE 2020 - age > 1980";
  const std::string pred = "SELECT name FROM singer WHERE YEAR(CURDATE()) - age > 1980";
  EXPECT_FALSE(run(ExSemantics::Spider, gold, pred).ex);  // no YEAR() in SQLite
  EXPECT_TRUE(run(ExSemantics::TestSuite, gold, pred).ex);
}

TEST(TestSuiteSemantics, PredictionValueBecomesOne) {
  const std::string gold = "SELECT name FROM singer WHERE id = 1", pred = "SELECT name FROM singer WHERE id = value";
  EXPECT_FALSE(run(ExSemantics::Spider, gold, pred).ex);  // no column "value"
  EXPECT_TRUE(run(ExSemantics::TestSuite, gold, pred).ex);
}

// remove_distinct keeps sqlparse's first statement only: a second statement no longer fails the prediction.
TEST(TestSuiteSemantics, SecondStatementIsDropped) {
  const std::string gold = "SELECT name FROM singer", pred = "SELECT name FROM singer; SELECT 1";
  EXPECT_EQ(run(ExSemantics::Spider, gold, pred).pred_status, QueryStatus::Error);
  const auto item = run(ExSemantics::TestSuite, gold, pred);
  EXPECT_TRUE(item.ex);
  EXPECT_EQ(item.executed_pred_sql, "SELECT name FROM singer; ");
}

TEST(TestSuiteSemantics, SpiderSemanticsRunTheGivenSql) {
  const auto item = run(ExSemantics::Spider, "SELECT DISTINCT name FROM singer", "SELECT DISTINCT name FROM singer");
  EXPECT_TRUE(item.ex);
  EXPECT_TRUE(item.executed_gold_sql.empty());
  EXPECT_TRUE(item.executed_pred_sql.empty());
}

TEST(TestSuiteSemantics, CrossesTheWorkerCodec) {
  EvaluationRequest request;
  request.options.semantics = ExSemantics::TestSuite;
  request.pairs.push_back({"0", "s", "SELECT 1", "SELECT 1"});
  auto bytes = encode_evaluation_request(request);
  ASSERT_TRUE(bytes.ok()) << bytes.error();
  auto back = decode_evaluation_request(*bytes);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(back->options.semantics, ExSemantics::TestSuite);
}

}  // namespace chokepoint
