// Bonferroni and Benjamini-Hochberg adjusted p-values on a four-test example worked by hand.
#include "core/learn/multiple_comparisons.h"

#include <gtest/gtest.h>

using namespace chokepoint::learn;

TEST(MultipleComparisons, BonferroniMultipliesByTheNumberOfTests) {
  const auto a = adjust_p_values({0.01, 0.04, 0.03, 0.005, 0.5}, Correction::Bonferroni);
  const std::vector<double> want = {0.05, 0.2, 0.15, 0.025, 1.0};
  for (size_t i = 0; i < want.size(); ++i) EXPECT_NEAR(a[i], want[i], 1e-15);
}

TEST(MultipleComparisons, BenjaminiHochbergIsMonotoneInRank) {
  // Sorted: 0.005 (rank 1) -> 0.02, 0.01 (2) -> 0.02, 0.03 (3) -> 0.04, 0.04 (4) -> 0.04; the running minimum from
  // the top keeps them as they are.
  const auto a = adjust_p_values({0.01, 0.04, 0.03, 0.005}, Correction::BenjaminiHochberg);
  const std::vector<double> want = {0.02, 0.04, 0.04, 0.02};
  for (size_t i = 0; i < want.size(); ++i) EXPECT_NEAR(a[i], want[i], 1e-15);
}

TEST(MultipleComparisons, BenjaminiHochbergTakesTheMinimumOfLargerRanks) {
  // p = 0.04 at rank 2 of 3 gives 0.06, but rank 3's 0.045 * 3 / 3 = 0.045 is smaller and wins.
  const auto a = adjust_p_values({0.001, 0.04, 0.045}, Correction::BenjaminiHochberg);
  EXPECT_NEAR(a[0], 0.003, 1e-15);
  EXPECT_NEAR(a[1], 0.045, 1e-15);
  EXPECT_NEAR(a[2], 0.045, 1e-15);
}

TEST(MultipleComparisons, NamesRoundTrip) {
  for (auto c : {Correction::None, Correction::Bonferroni, Correction::BenjaminiHochberg})
    EXPECT_EQ(correction_named(correction_name(c)), c);
  EXPECT_FALSE(correction_named("holm"));
}
