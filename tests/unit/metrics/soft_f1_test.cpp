// Soft-F1 against BIRD mini-dev's calculate_f1_score: each expected value below is what that function
// (evaluation/evaluation_f1.py) returns for the same rows as Python tuples.
#include "core/metrics/soft_f1.h"

#include <gtest/gtest.h>

#include <cmath>

#include "tests/unit/metrics/result_builders.h"

namespace chokepoint {
namespace {
using namespace testing_support;

ResultSet two(std::vector<Row> rows) { return result({"a", "b"}, std::move(rows)); }

TEST(SoftF1, BothEmptyScoreOne) { EXPECT_DOUBLE_EQ(soft_f1(two({}), two({})), 1.0); }

TEST(SoftF1, OneSideEmptyScoresZero) {
  EXPECT_DOUBLE_EQ(soft_f1(two({}), two({{I(1), T("a")}})), 0.0);  // f([(1,'a')], [])
  EXPECT_DOUBLE_EQ(soft_f1(two({{I(1), T("a")}}), two({})), 0.0);  // f([], [(1,'a')])
}

// Rows are paired by position, so the same rows in another order share nothing: a quirk of mini-dev's score
// (EX under BIRD's set semantics calls this pair correct).
TEST(SoftF1, ReorderedRowsScoreZeroBecauseRowsPairByPosition) {
  auto gold = two({{I(2), T("b")}, {I(1), T("a")}});
  auto pred = two({{I(1), T("a")}, {I(2), T("b")}});
  EXPECT_DOUBLE_EQ(soft_f1(gold, pred), 0.0);
}

TEST(SoftF1, DuplicateRowsAreDroppedKeepingOrder) {
  auto gold = two({{I(1), T("a")}, {I(2), T("b")}});
  auto pred = two({{I(1), T("a")}, {I(1), T("a")}, {I(2), T("b")}});
  EXPECT_DOUBLE_EQ(soft_f1(gold, pred), 1.0);
}

TEST(SoftF1, ValuesCompareWithPythonEquality) {
  EXPECT_DOUBLE_EQ(soft_f1(result({"x"}, {{I(1)}}), result({"x"}, {{R(1.0)}})), 1.0);
}

TEST(SoftF1, ValueOrderInsideARowDoesNotMatter) {
  EXPECT_DOUBLE_EQ(soft_f1(two({{I(1), T("a")}}), two({{T("a"), I(1)}})), 1.0);
}

TEST(SoftF1, ExtraColumnCountsAgainstPrecisionOverTheGoldWidth) {
  // f([(1,'a','x')], [(1,'a')]) = 0.8: tp 1, fp 1/2, fn 0.
  auto pred = result({"a", "b", "c"}, {{I(1), T("a"), T("x")}});
  auto parts = soft_f1_parts(two({{I(1), T("a")}}), pred);
  EXPECT_DOUBLE_EQ(parts.matched, 1.0);
  EXPECT_DOUBLE_EQ(parts.pred_only, 0.5);
  EXPECT_DOUBLE_EQ(parts.gold_only, 0.0);
  EXPECT_NEAR(parts.f1, 0.8, 1e-12);
}

TEST(SoftF1, PartialRowsAndAnExtraRow) {
  // f([(1,'z'),(3,'c'),(4,'d')], [(1,'a'),(3,'c')]) = 0.6: tp 1.5, fp 1.5, fn 0.5.
  auto gold = two({{I(1), T("a")}, {I(3), T("c")}});
  auto pred = two({{I(1), T("z")}, {I(3), T("c")}, {I(4), T("d")}});
  auto parts = soft_f1_parts(gold, pred);
  EXPECT_DOUBLE_EQ(parts.matched, 1.5);
  EXPECT_DOUBLE_EQ(parts.pred_only, 1.5);
  EXPECT_DOUBLE_EQ(parts.gold_only, 0.5);
  EXPECT_NEAR(parts.f1, 0.6, 1e-12);
}

TEST(SoftF1, MissingRowsCountAsGoldOnly) {
  auto gold = two({{I(1), T("a")}, {I(2), T("b")}});
  auto parts = soft_f1_parts(gold, two({{I(1), T("a")}}));
  EXPECT_DOUBLE_EQ(parts.gold_only, 1.0);
  EXPECT_NEAR(parts.f1, 2 * 1.0 * 0.5 / 1.5, 1e-12);
}

}  // namespace
// Identical results take a shortcut to 1; it must be what the full computation gives, duplicates and all, and a
// NaN (equal to nothing) must still lower the score.
TEST(SoftF1, IdenticalResultsScoreAsTheFullComputation) {
  const auto r = two({{I(1), T("a")}, {I(1), T("a")}, {R(2.5), N()}});
  EXPECT_EQ(soft_f1(r, r), 1.0);
  EXPECT_EQ(soft_f1(r, r), soft_f1_parts(r, r).f1);
  const auto with_nan = two({{R(std::nan("")), T("a")}});
  EXPECT_EQ(soft_f1(with_nan, with_nan), soft_f1_parts(with_nan, with_nan).f1);
  EXPECT_LT(soft_f1(with_nan, with_nan), 1.0);
}

}  // namespace chokepoint
