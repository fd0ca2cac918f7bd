#include "core/metrics/hungarian.h"

#include <gtest/gtest.h>

namespace chokepoint {

TEST(Hungarian, PrefersTotalOverGreedy) {
  // Greedy would take 0.9 (row 0 -> col 0) and be left with 0.1; the optimum is 0.8 + 0.8.
  std::vector<std::vector<double>> w = {{0.9, 0.8}, {0.8, 0.1}};
  auto a = max_weight_assignment(w);
  EXPECT_EQ(a, (std::vector<int>{1, 0}));
}

TEST(Hungarian, MoreRowsThanColumnsLeavesRowsOut) {
  std::vector<std::vector<double>> w = {{0.1}, {0.9}, {0.5}};
  auto a = max_weight_assignment(w);
  EXPECT_EQ(a, (std::vector<int>{-1, 0, -1}));
}

TEST(Hungarian, MoreColumnsThanRows) {
  std::vector<std::vector<double>> w = {{0.1, 0.2, 0.95}, {0.3, 0.9, 0.8}};
  auto a = max_weight_assignment(w);
  EXPECT_EQ(a, (std::vector<int>{2, 1}));
}

TEST(Hungarian, ThreeByThreeKnownOptimum) {
  // The six permutations total -95, -115, -110, -160, -70 and -100; the best is 0->2, 1->0, 2->1 (-70).
  std::vector<std::vector<double>> w = {{-40, -60, -15}, {-25, -30, -45}, {-55, -30, -25}};
  auto a = max_weight_assignment(w);
  EXPECT_EQ(a, (std::vector<int>{2, 0, 1}));
}

// A single row or column is assigned to its first largest weight, as the algorithm's one augmenting step does;
// ties keep the first, and 0.0 and -0.0 tie.
TEST(Hungarian, SingleRowOrColumnTakesTheFirstLargestWeight) {
  EXPECT_EQ(max_weight_assignment({{0.2, 0.9, 0.9, -2.0}}), (std::vector<int>{1}));
  EXPECT_EQ(max_weight_assignment({{0.2}, {0.9}, {0.9}, {-2.0}}), (std::vector<int>{-1, 0, -1, -1}));
  EXPECT_EQ(max_weight_assignment({{-0.0, 0.0}}), (std::vector<int>{0}));
  EXPECT_EQ(max_weight_assignment({{0.5}}), (std::vector<int>{0}));
  EXPECT_EQ(max_weight_assignment({{-2.0, -2.0, 0.1}}), (std::vector<int>{2}));
}

// The flat form on buffers kept between calls assigns as the nested form does, whatever the previous matrix was.
TEST(Hungarian, FlatFormOnReusedBuffersEqualsNestedForm) {
  const std::vector<std::vector<std::vector<double>>> matrices = {
      {{0.9, 0.8}, {0.8, 0.1}},
      {{0.1}, {0.9}, {0.5}},
      {{0.1, 0.2, 0.95}, {0.3, 0.9, 0.8}},
      {{-40, -60, -15}, {-25, -30, -45}, {-55, -30, -25}},
      {{0.2, 0.9, 0.9, -2.0}},
      {{0.5, -2.0}, {0.7, 0.7}, {0.1, 0.3}, {0.9, 0.2}},
  };
  AssignmentBuffers buffers;
  std::vector<int> out;
  for (int round = 0; round < 2; ++round)
    for (const auto& w : matrices) {
      std::vector<double> flat;
      for (const auto& row : w) flat.insert(flat.end(), row.begin(), row.end());
      max_weight_assignment(flat.data(), w.size(), w[0].size(), buffers, out);
      EXPECT_EQ(out, max_weight_assignment(w));
    }
}

}  // namespace chokepoint
