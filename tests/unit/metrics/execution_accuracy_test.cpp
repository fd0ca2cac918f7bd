#include "core/metrics/execution_accuracy.h"

#include <gtest/gtest.h>

#include "core/metrics/order_by_detection.h"
#include "tests/unit/metrics/result_builders.h"

namespace chokepoint {
using namespace testing_support;

TEST(BirdEx, IgnoresDuplicatesAndRowOrder) {
  auto gold = result({"v"}, {{I(1)}, {I(1)}, {I(2)}});
  auto pred = result({"v"}, {{I(2)}, {I(1)}});
  EXPECT_TRUE(bird_results_match(gold, pred));
}

TEST(BirdEx, ColumnOrderMatters) {
  auto gold = result({"name", "age"}, {{T("a"), I(1)}, {T("b"), I(2)}});
  auto pred = result({"age", "name"}, {{I(1), T("a")}, {I(2), T("b")}});
  EXPECT_FALSE(bird_results_match(gold, pred));
}

TEST(BirdEx, OneEqualsOnePointZero) {
  EXPECT_TRUE(bird_results_match(result({"v"}, {{I(1)}}), result({"v"}, {{R(1.0)}})));
}

TEST(BirdEx, ColumnNamesDoNotMatter) {
  EXPECT_TRUE(bird_results_match(result({"a"}, {{I(1)}}), result({"count(*)"}, {{I(1)}})));
}

TEST(BirdEx, EmptyResultsMatchWhateverTheirColumns) {
  EXPECT_TRUE(bird_results_match(result({"a"}, {}), result({"x", "y"}, {})));
  EXPECT_FALSE(bird_results_match(result({"a"}, {}), result({"a"}, {{N()}})));
}

TEST(SpiderEx, DuplicatesMatter) {
  auto gold = result({"v"}, {{I(1)}, {I(1)}});
  EXPECT_FALSE(spider_results_match(gold, result({"v"}, {{I(1)}}), false));
  EXPECT_FALSE(spider_results_match(gold, result({"v"}, {{I(1)}, {I(2)}}), false));
  EXPECT_TRUE(spider_results_match(gold, result({"v"}, {{R(1.0)}, {I(1)}}), false));
}

TEST(SpiderEx, ColumnPermutationsAllowed) {
  auto gold = result({"name", "age"}, {{T("a"), I(1)}, {T("b"), I(2)}});
  auto pred = result({"age", "name"}, {{I(2), T("b")}, {I(1), T("a")}});
  EXPECT_TRUE(spider_results_match(gold, pred, false));
  EXPECT_FALSE(spider_results_match(gold, pred, true));  // row order differs
}

TEST(SpiderEx, PermutationMustBeConsistentAcrossRows) {
  // Each column's value set matches under both permutations, but only a row-wise consistent one counts.
  auto gold = result({"x", "y"}, {{I(1), I(2)}, {I(2), I(1)}, {I(1), I(1)}});
  auto pred = result({"x", "y"}, {{I(1), I(2)}, {I(1), I(2)}, {I(1), I(1)}});
  EXPECT_FALSE(spider_results_match(gold, pred, false));
}

TEST(SpiderEx, DifferentColumnCountsNeverMatchUnlessBothEmpty) {
  EXPECT_FALSE(spider_results_match(result({"a"}, {{I(1)}}), result({"a", "b"}, {{I(1), I(1)}}), false));
  EXPECT_TRUE(spider_results_match(result({"a"}, {}), result({"a", "b"}, {}), false));
}

TEST(OrderByDetection, OuterOrderByOnly) {
  EXPECT_TRUE(has_outer_order_by("SELECT a FROM t ORDER BY a"));
  EXPECT_TRUE(has_outer_order_by("select a from t order\n  by a desc limit 3"));
  EXPECT_FALSE(has_outer_order_by("SELECT a FROM (SELECT a FROM t ORDER BY a LIMIT 3)"));
  EXPECT_FALSE(has_outer_order_by("SELECT a FROM t WHERE b = 'order by'"));
  EXPECT_FALSE(has_outer_order_by("SELECT \"order by\" FROM t -- ORDER BY a"));
  EXPECT_FALSE(has_outer_order_by("SELECT a /* order by a */ FROM t"));
  EXPECT_FALSE(has_outer_order_by("SELECT rank() OVER (ORDER BY a) FROM t"));
  EXPECT_FALSE(has_outer_order_by("SELECT `order` FROM t"));
  EXPECT_TRUE(has_outer_order_by("SELECT a FROM t WHERE x IN (SELECT y FROM u) ORDER BY a"));
}

// ORDER BY with ties: the gold orders by score only, so the order of the tied rows is SQLite's. Under Spider
// semantics row order matters, so a prediction that breaks the tie the other way fails; BIRD ignores order.
TEST(SpiderEx, OrderByWithTiesOnRealDatabase) {
  Connection db = memory_db(
      "CREATE TABLE t(name TEXT, score INT);"
      "INSERT INTO t VALUES ('a', 1), ('b', 2), ('c', 2), ('d', 3);");
  std::string gold_sql = "SELECT name, score FROM t ORDER BY score";
  auto gold = db.query(gold_sql);
  auto tie_a = db.query("SELECT name, score FROM t ORDER BY score, name");
  auto tie_b = db.query("SELECT name, score FROM t ORDER BY score, name DESC");
  ASSERT_TRUE(gold.ok() && tie_a.ok() && tie_b.ok());
  // Exactly one of the two tie-breaks reproduces the gold's list; both are the same bag.
  bool a = execution_match(ExSemantics::Spider, gold_sql, gold.result, tie_a.result);
  bool b = execution_match(ExSemantics::Spider, gold_sql, gold.result, tie_b.result);
  EXPECT_NE(a, b);
  EXPECT_TRUE(execution_match(ExSemantics::Bird, gold_sql, gold.result, tie_a.result));
  EXPECT_TRUE(execution_match(ExSemantics::Bird, gold_sql, gold.result, tie_b.result));
  // Without ORDER BY in the gold, any order of the same bag matches under Spider.
  EXPECT_TRUE(execution_match(ExSemantics::Spider, "SELECT name, score FROM t", gold.result, tie_b.result));
}

TEST(ExSemanticsDefault, FollowsTheFilesBenchmarkWhenTheFormatSaysIt) {
  EXPECT_EQ(semantics_of_format(DatasetFormat::BirdDevJson), ExSemantics::Bird);
  EXPECT_EQ(semantics_of_format(DatasetFormat::BirdPredictionJson), ExSemantics::Bird);
  EXPECT_EQ(semantics_of_format(DatasetFormat::SpiderDevJson), ExSemantics::Spider);
  EXPECT_EQ(semantics_of_format(DatasetFormat::SqlLines), ExSemantics::Spider);
  EXPECT_FALSE(semantics_of_format(DatasetFormat::GoldTsv).has_value());  // both benchmarks ship this format
  EXPECT_FALSE(semantics_of_format(DatasetFormat::Csv).has_value());
}

}  // namespace chokepoint
