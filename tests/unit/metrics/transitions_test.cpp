#include "core/metrics/transitions.h"

#include <gtest/gtest.h>

#include "core/metrics/shared_failures.h"

namespace chokepoint {

// Thesis Table 3.7, CHESS row: 58 expansions; 8.62% ΔEX = 1 (5), 18.97% ΔEX = -1 (11), 36.21% kept correct (21),
// 36.21% kept wrong (21).
TEST(DeltaEx, ReproducesTheThesisDistributionFromCounts) {
  std::vector<ExTransition> items;
  for (int i = 0; i < 5; ++i) items.push_back({false, true});
  for (int i = 0; i < 11; ++i) items.push_back({true, false});
  for (int i = 0; i < 21; ++i) items.push_back({true, true});
  for (int i = 0; i < 21; ++i) items.push_back({false, false});
  auto t = delta_ex_table(items);
  EXPECT_EQ(t.n, 58u);
  EXPECT_NEAR(t.percent(t.improved), 8.62, 0.005);
  EXPECT_NEAR(t.percent(t.degraded), 18.97, 0.005);
  EXPECT_NEAR(t.percent(t.kept_correct), 36.21, 0.005);
  EXPECT_NEAR(t.percent(t.kept_wrong), 36.21, 0.005);
  EXPECT_NEAR(t.mean_delta(), 100.0 * (5 - 11) / 58, 1e-9);
}

TEST(DeltaEx, VariantsAlignToTheirOriginal) {
  auto a = align_variants({true, false}, {true, false, true}, {0, 0, 1});
  ASSERT_TRUE(a.ok());
  auto t = delta_ex_table(*a);
  EXPECT_EQ(t.kept_correct, 1u);
  EXPECT_EQ(t.degraded, 1u);
  EXPECT_EQ(t.improved, 1u);
  EXPECT_FALSE(align_variants({true}, {true}, {3}).ok());
  EXPECT_FALSE(align_runs({true}, {true, false}).ok());
}

TEST(ExByJoins, BucketsSortedByJoinCount) {
  auto b = ex_by_joins({true, false, true, true, false}, {2, 1, 1, 2, -1});
  ASSERT_TRUE(b.ok());
  ASSERT_EQ(b->size(), 2u);
  EXPECT_EQ((*b)[0].joins, 1);
  EXPECT_NEAR((*b)[0].ex(), 50.0, 1e-12);
  EXPECT_EQ((*b)[1].joins, 2);
  EXPECT_NEAR((*b)[1].ex(), 100.0, 1e-12);
}

// SQLMorph Table VI reads Pr(EX_org = 1 | EX_exp = 0) per join count.
TEST(Recovery, AmongVariantFailuresByJoins) {
  std::vector<ExTransition> items = {{true, false}, {false, false}, {true, true}, {true, false}};
  auto r = recovery_by_joins(items, {1, 1, 1, 2});
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->size(), 2u);
  EXPECT_EQ((*r)[0].failed, 2u);
  EXPECT_NEAR((*r)[0].recovery(), 50.0, 1e-12);
  EXPECT_NEAR((*r)[1].recovery(), 100.0, 1e-12);
}

TEST(SharedFailures, OnlyItemsEverySystemFailed) {
  auto item = [](bool ex, double exp) {
    ItemEvaluation it;
    it.ex = ex;
    FineGrainedScore s;
    s.exp = exp;
    s.exr = exp;
    s.f1 = exp;
    it.scores = {s};
    return it;
  };
  SystemRun a{"A", {item(false, 0.5), item(true, 1.0), item(false, 0.1)}};
  SystemRun b{"B", {item(false, 0.2), item(false, 0.3), item(false, 0.3)}};
  auto pos = shared_failure_positions({a, b});
  ASSERT_TRUE(pos.ok());
  EXPECT_EQ(*pos, (std::vector<size_t>{0, 2}));
  auto table = shared_failure_table({a, b}, {*parse_regime("EC-EC-IE")});
  ASSERT_TRUE(table.ok());
  EXPECT_EQ((*table)[0].summary.ex, 0.0);
  EXPECT_NEAR((*table)[0].summary.regimes[0].exp, 30.0, 1e-9);  // (0.5 + 0.1) / 2
  EXPECT_NEAR((*table)[1].summary.regimes[0].exp, 25.0, 1e-9);  // (0.2 + 0.3) / 2
}

}  // namespace chokepoint
