// eval --baseline's pairing, on hand-made runs: one to one by id, many expansions to one seed, and the items that
// cannot be paired or scored counted apart.
#include <gtest/gtest.h>

#include "core/metrics/baseline_comparison.h"

namespace chokepoint {
namespace {

TEST(BaselineComparison, PairsByIdAndCountsEachTransition) {
  // a: 1 -> 1 (kept right), b: 0 -> 1 (+1), c: 1 -> 0 (-1), d: 0 -> 0 (kept wrong).
  const std::vector<RunItemEx> base{{"a", true}, {"b", false}, {"c", true}, {"d", false}};
  const std::vector<RunItemEx> run{{"a", true}, {"b", true}, {"c", false}, {"d", false}};
  auto c = compare_to_baseline(base, run, {"a", "b", "c", "d"});
  ASSERT_TRUE(c.ok()) << c.error();
  EXPECT_EQ(c->table.n, 4u);
  EXPECT_EQ(c->table.improved, 1u);
  EXPECT_EQ(c->table.degraded, 1u);
  EXPECT_EQ(c->table.kept_correct, 1u);
  EXPECT_EQ(c->table.kept_wrong, 1u);
  EXPECT_TRUE(c->unmatched.empty());
  EXPECT_EQ(c->unscored, 0u);
}

TEST(BaselineComparison, ManyExpansionsCompareWithTheirOneSeed) {
  // Seed s1 right, s2 wrong; three expansions of s1 (right, wrong, right) and one of s2 (right).
  const std::vector<RunItemEx> seeds{{"s1", true}, {"s2", false}};
  const std::vector<RunItemEx> exps{{"e1", true}, {"e2", false}, {"e3", true}, {"e4", true}};
  auto c = compare_to_baseline(seeds, exps, {"s1", "s1", "s1", "s2"});
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(c->table.n, 4u);
  EXPECT_EQ(c->table.kept_correct, 2u);
  EXPECT_EQ(c->table.degraded, 1u);
  EXPECT_EQ(c->table.improved, 1u);
  EXPECT_DOUBLE_EQ(c->table.mean_delta(), 0.0);
}

TEST(BaselineComparison, UnpairedAndUnscoredItemsAreCountedApart) {
  const std::vector<RunItemEx> base{{"a", true}, {"b", std::nullopt}};
  const std::vector<RunItemEx> run{{"a", std::nullopt}, {"b", true}, {"z", true}};
  auto c = compare_to_baseline(base, run, {"a", "b", "z"});
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(c->table.n, 0u);
  EXPECT_EQ(c->unscored, 2u);  // a not scored in the run, b not in the baseline
  EXPECT_EQ(c->unmatched, std::vector<std::string>{"z"});
}

TEST(BaselineComparison, ABaselineIdTwiceOrMismatchedLengthsAreRefused) {
  EXPECT_FALSE(compare_to_baseline({{"a", true}, {"a", false}}, {{"a", true}}, {"a"}).ok());
  EXPECT_FALSE(compare_to_baseline({{"a", true}}, {{"a", true}}, {}).ok());
}

}  // namespace
}  // namespace chokepoint
