// Cohen's kappa on hand-computed tables: perfect agreement, agreement no better than chance, a textbook 2x2 table,
// and the undefined cases (no items, both raters constant and equal).
#include <gtest/gtest.h>

#include "core/metrics/cohen_kappa.h"

namespace chokepoint {
namespace {

TEST(CohenKappa, PerfectAgreementIsOne) {
  const std::vector<bool> a = {true, false, true, false};
  EXPECT_DOUBLE_EQ(*cohen_kappa(kappa_counts(a, a)), 1.0);
}

TEST(CohenKappa, ChanceAgreementIsZeroAndOppositesAreMinusOne) {
  // Each says yes half the time, independently: p_o = 0.5 = p_e.
  EXPECT_DOUBLE_EQ(*cohen_kappa(kappa_counts({true, true, false, false}, {true, false, true, false})), 0.0);
  EXPECT_DOUBLE_EQ(*cohen_kappa(kappa_counts({true, false}, {false, true})), -1.0);
}

TEST(CohenKappa, TextbookTable) {
  // 20 both yes, 15 both no, 5 only a, 10 only b (n = 50): p_o = 0.7; a yes 0.5, b yes 0.6; p_e = 0.3 + 0.2 = 0.5;
  // kappa = 0.2 / 0.5 = 0.4.
  KappaCounts c;
  c.both_yes = 20;
  c.both_no = 15;
  c.only_a = 5;
  c.only_b = 10;
  EXPECT_NEAR(*cohen_kappa(c), 0.4, 1e-12);
}

TEST(CohenKappa, CountsFollowTheRaters) {
  const auto c = kappa_counts({true, true, false, false, true}, {true, false, true, false, true});
  EXPECT_EQ(c.both_yes, 2u);
  EXPECT_EQ(c.only_a, 1u);
  EXPECT_EQ(c.only_b, 1u);
  EXPECT_EQ(c.both_no, 1u);
  EXPECT_EQ(c.n(), 5u);
}

TEST(CohenKappa, UndefinedWithoutItemsOrWhenBothRatersAreConstant) {
  EXPECT_FALSE(cohen_kappa(kappa_counts({}, {})).has_value());
  EXPECT_FALSE(cohen_kappa(kappa_counts({true, true}, {true, true})).has_value());
  // One rater constant, the other not: p_e < 1, so kappa is defined (0 here: no agreement beyond chance).
  EXPECT_DOUBLE_EQ(*cohen_kappa(kappa_counts({true, true}, {true, false})), 0.0);
}

}  // namespace
// Landis and Koch's bands, at and around each boundary of their table.
TEST(CohenKappa, LandisKochBandsNameTheStrengthOfAgreement) {
  EXPECT_STREQ(landis_koch_band(-0.05), "poor");
  EXPECT_STREQ(landis_koch_band(0.0), "slight");
  EXPECT_STREQ(landis_koch_band(0.20), "slight");
  EXPECT_STREQ(landis_koch_band(0.21), "fair");
  EXPECT_STREQ(landis_koch_band(0.40), "fair");
  EXPECT_STREQ(landis_koch_band(0.41), "moderate");
  EXPECT_STREQ(landis_koch_band(0.60), "moderate");
  EXPECT_STREQ(landis_koch_band(0.61), "substantial");
  EXPECT_STREQ(landis_koch_band(0.80), "substantial");
  EXPECT_STREQ(landis_koch_band(0.81), "almost perfect");
  EXPECT_STREQ(landis_koch_band(1.0), "almost perfect");
}

}  // namespace chokepoint
