// Blind spots: the flag rule (margin and Wilson upper bound), universal clusters, and the cost view.
#include "core/sqlspace/blind_spots.h"

#include <gtest/gtest.h>

using namespace chokepoint::sqlspace;
using chokepoint::learn::wilson_interval;

namespace {

// n items of which `right` are correct, appended to a model's outcomes with cluster c.
void add(std::vector<int>& labels, ModelOutcomes& m, int c, size_t n, size_t right) {
  for (size_t i = 0; i < n; ++i) {
    labels.push_back(c);
    m.correct.push_back(i < right);
  }
}

}  // namespace

TEST(BlindSpots, FlagNeedsTheMarginAndTheInterval) {
  // 2/10 against 0.6 overall: 0.2 <= 0.75 x 0.6 = 0.45 and Wilson's upper bound 0.510 < 0.6: flagged.
  EXPECT_TRUE(is_blind_spot(wilson_interval(2, 10), 0.6, 0.25));
  // 1/2 against 0.8: far enough below (0.5 <= 0.6), but with 2 items the upper bound 0.905 is above 0.8.
  EXPECT_FALSE(is_blind_spot(wilson_interval(1, 2), 0.8, 0.25));
  // 40/100 against 0.6: 0.4 <= 0.45 and the upper bound 0.498 < 0.6: flagged; 50/100 is above 0.45: not.
  EXPECT_TRUE(is_blind_spot(wilson_interval(40, 100), 0.6, 0.25));
  EXPECT_FALSE(is_blind_spot(wilson_interval(50, 100), 0.6, 0.25));
  // The margin is relative, so a weak model has blind spots too: against 0.05 overall, 2/400 (0.005 <= 0.0375, upper
  // bound 0.018) is one; 2/100 (0.02, but upper bound 0.070) is not, for want of items.
  EXPECT_TRUE(is_blind_spot(wilson_interval(2, 400), 0.05, 0.25));
  EXPECT_FALSE(is_blind_spot(wilson_interval(2, 100), 0.05, 0.25));
  // 0/0: an empty cluster is never a blind spot.
  EXPECT_FALSE(is_blind_spot(wilson_interval(0, 0), 0.6, 0.25));
}

TEST(BlindSpots, UniversalWhenEveryModelIsFlagged) {
  // Cluster 0: 40 items, cluster 1: 20 items. Model a: 36/40 and 2/20 (overall 38/60 = 0.633); model b: 30/40 and
  // 4/20 (overall 34/60 = 0.567). Cluster 1 is far below both (0.1 <= 0.475 and 0.2 <= 0.425; upper bounds 0.301
  // and 0.416).
  std::vector<int> labels, unused;
  ModelOutcomes a{"a", 1, {}}, b{"b", 2, {}};
  add(labels, a, 0, 40, 36);
  add(labels, a, 1, 20, 2);
  add(unused, b, 0, 40, 30);
  add(unused, b, 1, 20, 4);
  const auto r = blind_spots(labels, 2, {a, b}, {});
  ASSERT_EQ(r.models.size(), 2u);
  EXPECT_NEAR(r.models[0].overall.p, 38.0 / 60, 1e-12);
  EXPECT_FALSE(r.models[0].clusters[0].blind_spot);
  EXPECT_TRUE(r.models[0].clusters[1].blind_spot);
  EXPECT_TRUE(r.models[1].clusters[1].blind_spot);
  EXPECT_EQ(r.universal, (std::vector<int>{1}));
}

TEST(BlindSpots, UnscoredItemsCountNowhere) {
  std::vector<int> labels = {0, 0, 0};
  ModelOutcomes m{"m", 0, {true, std::nullopt, false}};
  const auto r = blind_spots(labels, 1, {m}, {});
  EXPECT_EQ(r.models[0].overall.n, 2u);
  EXPECT_EQ(r.models[0].clusters[0].accuracy.successes, 1u);
}

TEST(BlindSpots, CostViewListsCheaperModelsWithinEpsilon) {
  // Cluster 0: cheap 9/10, dear 9/10 (within); cluster 1: cheap 5/10, dear 8/10 (not within 0.02).
  std::vector<int> labels, unused;
  ModelOutcomes cheap{"cheap", 1, {}}, dear{"dear", 5, {}};
  add(labels, cheap, 0, 10, 9);
  add(labels, cheap, 1, 10, 5);
  add(unused, dear, 0, 10, 9);
  add(unused, dear, 1, 10, 8);
  const auto r = blind_spots(labels, 2, {dear, cheap}, {});
  ASSERT_EQ(r.cost_view.size(), 1u);
  EXPECT_EQ(r.cost_view[0].cluster, 0);
  EXPECT_EQ(r.cost_view[0].cheaper, "cheap");
  EXPECT_EQ(r.cost_view[0].dearer, "dear");
}
