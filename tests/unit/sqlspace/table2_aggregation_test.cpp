// 003 Table 2 through our aggregation (notes §6.6 item 2): correctness bits realising the published per-cluster
// EX of the 13 models on the 14 clusters of Spider dev + BIRD dev, fed to blind_spots(), give back every cell to
// one decimal, the variance superscripts (100 p(1-p), ±1), the overall EX the paper reports per dataset, and the
// two universal blind spots C8 and C10 the paper names.
#include <cmath>

#include <gtest/gtest.h>

#include "core/sqlspace/blind_spots.h"

using namespace chokepoint::sqlspace;

namespace {

constexpr int kClusters = 14;
const size_t kSize[kClusters] = {148, 303, 194, 203, 87, 146, 234, 230, 275, 160, 147, 130, 161, 150};

struct Row {
  const char* model;
  double bird, spider;  // dataset EX, %
  double p[kClusters];  // per-cluster EX, %
  int variance[kClusters];
};

// Table 2 as the notes transcribe it (§5.3).
const Row kTable2[] = {
    {"gpt-4o-mini",
     37.1,
     76.4,
     {84.5, 56.1, 39.7, 42.4, 63.2, 47.9, 68.4, 16.5, 46.5, 28.1, 69.4, 89.2, 65.2, 54.7},
     {13, 25, 24, 24, 23, 25, 22, 14, 25, 20, 21, 10, 23, 25}},
    {"gpt-4o",
     43.7,
     76.1,
     {87.8, 63.0, 40.7, 47.8, 59.8, 56.2, 69.2, 27.4, 52.0, 33.1, 68.0, 88.5, 65.8, 56.7},
     {11, 23, 24, 25, 24, 25, 21, 20, 25, 22, 22, 10, 22, 25}},
    {"gpt-3.5-turbo",
     33.9,
     62.1,
     {74.3, 49.5, 31.4, 34.5, 66.7, 43.8, 50.4, 13.9, 41.8, 26.2, 55.8, 70.8, 59.6, 48.0},
     {19, 25, 22, 23, 22, 25, 25, 12, 24, 19, 25, 21, 24, 25}},
    {"gemma-7b",
     19.9,
     60.9,
     {70.3, 38.6, 14.4, 39.9, 64.4, 24.0, 50.0, 5.7, 24.4, 13.1, 51.0, 76.2, 46.6, 31.3},
     {21, 24, 12, 24, 23, 18, 25, 5, 18, 11, 25, 18, 25, 22}},
    {"code-gemma-7b",
     31.2,
     66.4,
     {87.8, 48.2, 30.4, 30.5, 51.7, 47.3, 55.6, 10.0, 40.7, 21.9, 58.5, 85.4, 57.1, 44.0},
     {11, 25, 21, 21, 25, 25, 25, 9, 24, 17, 24, 12, 24, 25}},
    {"deepseek-coder-1.3b",
     14.8,
     54.4,
     {70.9, 27.1, 14.4, 19.7, 40.2, 30.1, 48.3, 9.1, 18.9, 12.5, 42.2, 66.9, 37.9, 26.0},
     {21, 20, 12, 16, 24, 21, 25, 8, 15, 11, 24, 22, 24, 19}},
    {"deepseek-coder-7b",
     23.5,
     68.2,
     {73.6, 38.3, 22.2, 27.6, 59.8, 41.1, 57.3, 14.3, 31.3, 21.2, 61.9, 84.6, 50.3, 40.7},
     {19, 24, 17, 20, 24, 24, 24, 12, 21, 17, 24, 13, 25, 24}},
    {"granite-code-3b",
     11.3,
     59.9,
     {78.4, 17.5, 12.9, 27.1, 51.7, 31.5, 54.3, 5.7, 15.3, 10.0, 44.2, 76.9, 31.1, 26.0},
     {17, 14, 11, 20, 25, 22, 25, 5, 13, 9, 25, 18, 21, 19}},
    {"granite-code-8b",
     16.6,
     68.8,
     {84.5, 27.7, 17.0, 28.1, 44.8, 43.8, 68.4, 5.2, 19.6, 13.8, 54.4, 87.7, 38.5, 40.0},
     {13, 20, 14, 20, 25, 25, 22, 5, 16, 12, 25, 11, 24, 24}},
    {"code-llama-7b",
     18.6,
     59.6,
     {76.4, 33.7, 20.1, 25.1, 52.9, 35.6, 47.0, 7.8, 21.1, 15.6, 49.7, 70.0, 45.3, 34.0},
     {18, 22, 16, 19, 25, 23, 25, 7, 17, 13, 25, 21, 25, 22}},
    {"code-llama-13b",
     21.2,
     66.1,
     {77.7, 39.6, 23.2, 26.6, 56.3, 41.1, 55.6, 7.0, 25.1, 16.9, 52.4, 78.5, 46.6, 46.0},
     {17, 24, 18, 20, 25, 24, 25, 6, 19, 14, 25, 17, 25, 25}},
    {"llama-2-7b",
     3.1,
     21.5,
     {46.6, 6.3, 4.6, 5.9, 11.5, 7.5, 9.0, 1.7, 3.6, 3.1, 16.3, 36.2, 10.6, 7.3},
     {25, 6, 4, 6, 10, 7, 8, 2, 4, 3, 14, 23, 9, 7}},
    {"llama-2-13b",
     6.5,
     45.6,
     {58.8, 15.5, 10.3, 9.4, 25.3, 24.7, 34.6, 3.5, 7.3, 5.0, 32.0, 75.4, 26.7, 22.7},
     {24, 13, 9, 8, 19, 19, 23, 3, 7, 5, 22, 19, 20, 18}},
};

// Items in cluster order; for each model, round(p n) of each cluster's items right.
BlindSpotReport aggregate(std::vector<int>& labels) {
  labels.clear();
  for (int c = 0; c < kClusters; ++c) labels.insert(labels.end(), kSize[c], c);
  std::vector<ModelOutcomes> models;
  for (const Row& row : kTable2) {
    ModelOutcomes m;
    m.name = row.model;
    for (int c = 0; c < kClusters; ++c) {
      const auto right = static_cast<size_t>(std::lround(row.p[c] / 100.0 * static_cast<double>(kSize[c])));
      for (size_t i = 0; i < kSize[c]; ++i) m.correct.push_back(i < right);
    }
    models.push_back(std::move(m));
  }
  return blind_spots(labels, kClusters, models, {});
}

}  // namespace

TEST(Table2Aggregation, ClusterSizesAddUpToSpiderAndBirdDev) {
  size_t total = 0;
  for (size_t n : kSize) total += n;
  EXPECT_EQ(total, 1534u + 1034u);
}

TEST(Table2Aggregation, EveryCellAndVarianceComesBack) {
  std::vector<int> labels;
  const BlindSpotReport r = aggregate(labels);
  ASSERT_EQ(r.models.size(), 13u);
  for (size_t m = 0; m < r.models.size(); ++m)
    for (int c = 0; c < kClusters; ++c) {
      const auto& a = r.models[m].clusters[static_cast<size_t>(c)].accuracy;
      EXPECT_NEAR(100 * a.p, kTable2[m].p[c], 0.05 + 1e-9) << kTable2[m].model << " C" << c + 1;
      EXPECT_NEAR(std::round(100 * a.variance), kTable2[m].variance[c], 1.0) << kTable2[m].model << " C" << c + 1;
    }
}

TEST(Table2Aggregation, OverallIsTheDatasetsWeightedEx) {
  std::vector<int> labels;
  const BlindSpotReport r = aggregate(labels);
  for (size_t m = 0; m < r.models.size(); ++m) {
    const double weighted = (1534 * kTable2[m].bird + 1034 * kTable2[m].spider) / 2568;
    EXPECT_NEAR(100 * r.models[m].overall.p, weighted, 0.1) << kTable2[m].model;
  }
}

TEST(Table2Aggregation, C8AndC10AreUniversalBlindSpots) {
  std::vector<int> labels;
  const BlindSpotReport r = aggregate(labels);
  const auto has = [&](int c) { return std::find(r.universal.begin(), r.universal.end(), c) != r.universal.end(); };
  EXPECT_TRUE(has(7));    // C8
  EXPECT_TRUE(has(9));    // C10
  EXPECT_FALSE(has(0));   // C1, the easiest cluster for most models
  EXPECT_FALSE(has(11));  // C12
}
