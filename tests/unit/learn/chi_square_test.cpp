// Pearson's chi-square test and its p-value on hand-computed tables (χ² = 3.841, df = 1 gives 0.05).
#include "core/learn/chi_square.h"

#include <cmath>

#include <gtest/gtest.h>

using namespace chokepoint::learn;

TEST(ChiSquare, CriticalValueAtOneDegreeOfFreedomGivesFivePercent) {
  EXPECT_NEAR(chi_square_p_value(3.841458820694124, 1), 0.05, 1e-12);
}

TEST(ChiSquare, TwoDegreesOfFreedomIsAnExponentialTail) {
  // For df = 2 the chi-square survival function is exp(-x / 2).
  for (double x : {0.5, 2.0, 5.991, 13.0}) EXPECT_NEAR(chi_square_p_value(x, 2), std::exp(-x / 2), 1e-13);
}

TEST(ChiSquare, LargeStatisticUsesTheContinuedFraction) {
  // df = 1: P(X >= x) = erfc(sqrt(x / 2)); x = 30 is far in the tail (x >= a + 1).
  EXPECT_NEAR(chi_square_p_value(30.0, 1) / std::erfc(std::sqrt(15.0)), 1.0, 1e-10);
}

TEST(ChiSquare, TwoByTwoTableByHand) {
  // Row totals 30, 70; column totals 40, 60; N = 100; expected 12, 18, 28, 42; every |O - E| = 2, so
  // χ² = 4/12 + 4/18 + 4/28 + 4/42 = 0.793651.
  const ChiSquareTest t = chi_square_test({{10, 20}, {30, 40}});
  EXPECT_NEAR(t.statistic, 4.0 / 12 + 4.0 / 18 + 4.0 / 28 + 4.0 / 42, 1e-12);
  EXPECT_EQ(t.df, 1);
  EXPECT_NEAR(t.p_value, std::erfc(std::sqrt(t.statistic / 2)), 1e-12);
  EXPECT_NEAR(t.cramers_v, std::sqrt(t.statistic / 100), 1e-12);
}

TEST(ChiSquare, TwoByThreeTableHasTwoDegreesOfFreedom) {
  // Present 10/50, 20/50, 30/50: totals 60 and 90, each column 50; expected present 20, absent 30 per column.
  // χ² = (100 + 0 + 100) / 20 + (100 + 0 + 100) / 30 = 10 + 6.6667.
  const ChiSquareTest t = chi_square_test({{10, 20, 30}, {40, 30, 20}});
  EXPECT_NEAR(t.statistic, 10 + 200.0 / 30, 1e-12);
  EXPECT_EQ(t.df, 2);
  EXPECT_NEAR(t.p_value, std::exp(-t.statistic / 2), 1e-13);
  EXPECT_NEAR(t.cramers_v, std::sqrt(t.statistic / 150), 1e-12);
}

TEST(ChiSquare, FeatureAbsentEverywhereHasNoTest) {
  const ChiSquareTest t = chi_square_test({{0, 0}, {50, 70}});
  EXPECT_EQ(t.df, 0);
  EXPECT_EQ(t.statistic, 0);
  EXPECT_EQ(t.p_value, 1);
}
