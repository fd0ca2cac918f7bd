#include "core/metrics/explanation.h"

#include <gtest/gtest.h>

#include "tests/unit/metrics/result_builders.h"

namespace chokepoint {
using namespace testing_support;

TEST(Explanation, NamesPairedColumnsRowsAndCountedCells) {
  auto g = result({"a", "b", "c"}, {{I(1), I(2), I(3)}, {I(4), I(5), I(6)}});
  auto p = result({"c", "b", "a"}, {{I(9), I(2), I(1)}, {I(6), I(5), I(4)}});
  auto cmp = compare_results(g, p, *parse_regime("EC-PC-IE"), false);
  ASSERT_TRUE(cmp.ok());
  auto j = comparison_to_json(*cmp, g, p);
  EXPECT_EQ(j["regime"], "EC-PC-IE");
  ASSERT_EQ(j["columns"].size(), 3u);
  EXPECT_EQ(j["columns"][0]["gold_name"], "a");
  EXPECT_EQ(j["columns"][0]["pred"], 2);
  EXPECT_EQ(j["exact_rows"], 1);
  EXPECT_EQ(j["partial_rows"], 1);
  // Gold row 0 (1,2,3) pairs with pred row 0 (a=1, b=2, c=9): columns a and b count.
  EXPECT_EQ(j["rows"][0]["gold_row"], 0);
  EXPECT_EQ(j["rows"][0]["exact"], false);
  EXPECT_EQ(j["rows"][0]["counted_columns"], nlohmann::json::array({0, 1}));
  EXPECT_EQ(j["matched_cells"], 5);
}

TEST(Explanation, NoColumnRegimeCountsValuesOnce) {
  auto g = result({"x", "y"}, {{I(1), I(1)}});
  auto p = result({"p", "q"}, {{I(1), I(2)}});
  auto cmp = compare_results(g, p, *parse_regime("NC-PC"), false);
  ASSERT_EQ(cmp->rows.size(), 1u);
  EXPECT_EQ(counted_gold_columns(*cmp, cmp->rows[0], g, p), (std::vector<size_t>{0}));
  EXPECT_EQ(cmp->score.matched_cells, 1u);
}

TEST(Explanation, MatchedCellsMarkBothSidesOfEachCountedCell) {
  // The first example: gold (1,2,3) pairs with pred (c=9, b=2, a=1), gold (4,5,6) with pred (c=6, b=5, a=4).
  auto g = result({"a", "b", "c"}, {{I(1), I(2), I(3)}, {I(4), I(5), I(6)}});
  auto p = result({"c", "b", "a"}, {{I(9), I(2), I(1)}, {I(6), I(5), I(4)}});
  auto cmp = compare_results(g, p, *parse_regime("EC-PC-IE"), false);
  ASSERT_TRUE(cmp.ok());
  const auto m = matched_cells(*cmp, g, p);
  EXPECT_EQ(m.gold, (std::vector<std::vector<bool>>{{true, true, false}, {true, true, true}}));
  // a and b of the first gold row are the predicted row's columns 2 and 1; column c (9) matched nothing.
  EXPECT_EQ(m.pred, (std::vector<std::vector<bool>>{{false, true, true}, {true, true, true}}));
  size_t marked = 0;
  for (const auto& row : m.gold)
    for (bool b : row) marked += b;
  EXPECT_EQ(marked, cmp->score.matched_cells);
}

TEST(Explanation, MatchedCellsUnderNoColumnsUseEachPredictedCellOnce) {
  auto g = result({"x", "y"}, {{I(1), I(1)}});
  auto p = result({"p", "q"}, {{I(2), I(1)}});
  auto cmp = compare_results(g, p, *parse_regime("NC-PC"), false);
  ASSERT_TRUE(cmp.ok());
  const auto m = matched_cells(*cmp, g, p);
  EXPECT_EQ(m.gold, (std::vector<std::vector<bool>>{{true, false}}));
  EXPECT_EQ(m.pred, (std::vector<std::vector<bool>>{{false, true}}));
}

TEST(Explanation, MatchedCellsAreEveryCellWhenExForcedTheScores) {
  auto g = result({"a"}, {{I(1)}, {I(2)}});
  auto p = result({"a"}, {{I(2)}, {I(1)}});
  auto cmp = compare_results(g, p, *parse_regime("EC-EC-IE"), true);
  ASSERT_TRUE(cmp.ok());
  const auto m = matched_cells(*cmp, g, p);
  EXPECT_EQ(m.gold, (std::vector<std::vector<bool>>{{true}, {true}}));
  EXPECT_EQ(m.pred, (std::vector<std::vector<bool>>{{true}, {true}}));
}

TEST(Explanation, SummaryJsonHasTheIssueFields) {
  EvaluationSummary s;
  s.n = 3;
  s.scored = 2;
  s.ex = 50.0;
  s.regimes.push_back({*parse_regime("NC-PC"), 12.345, 50, 20});
  auto j = summary_to_json(s);
  for (const char* k : {"n", "ex", "gold_errors", "pred_errors", "timeouts", "regimes"})
    EXPECT_TRUE(j.contains(k)) << k;
  EXPECT_EQ(j["regimes"]["NC-PC"]["exp"], 12.35);
}

}  // namespace chokepoint
