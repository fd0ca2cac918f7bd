// The Wilson score interval on values worked by hand.
#include "core/learn/wilson_interval.h"

#include <gtest/gtest.h>

using namespace chokepoint::learn;

TEST(WilsonInterval, EightOfTen) {
  // centre (0.8 + 1.9207/10) / 1.38415 = 0.71674, half 1.96 sqrt(0.016 + 0.0009604) / 1.38415 = 0.22658.
  const Proportion p = wilson_interval(8, 10);
  EXPECT_NEAR(p.p, 0.8, 1e-15);
  EXPECT_NEAR(p.variance, 0.16, 1e-15);
  EXPECT_NEAR(p.lower, 0.490, 5e-4);
  EXPECT_NEAR(p.upper, 0.943, 5e-4);
}

TEST(WilsonInterval, ZeroSuccessesStillHasAnUpperBound) {
  // p = 0: lower 0, upper z² / (n + z²).
  const Proportion p = wilson_interval(0, 10);
  EXPECT_EQ(p.lower, 0);
  EXPECT_NEAR(p.upper, kZ95 * kZ95 / (10 + kZ95 * kZ95), 1e-12);
}

TEST(WilsonInterval, IsSymmetricUnderSwappingSuccessesAndFailures) {
  const Proportion a = wilson_interval(3, 20), b = wilson_interval(17, 20);
  EXPECT_NEAR(a.lower, 1 - b.upper, 1e-12);
  EXPECT_NEAR(a.upper, 1 - b.lower, 1e-12);
}

TEST(WilsonInterval, NoItemsIsTheWholeRange) {
  const Proportion p = wilson_interval(0, 0);
  EXPECT_EQ(p.lower, 0);
  EXPECT_EQ(p.upper, 1);
}
