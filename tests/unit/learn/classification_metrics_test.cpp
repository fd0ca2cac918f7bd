// The estimator's metrics on hand-ranked scores.
#include "core/learn/classification_metrics.h"

#include <cmath>

#include <gtest/gtest.h>

using namespace chokepoint::learn;

TEST(ClassificationMetrics, RocAucCountsCorrectlyOrderedPairs) {
  // Positives score 0.9 and 0.7, negatives 0.8 and 0.1: 0.9 beats both, 0.7 beats 0.1 only: 3 of 4 pairs.
  EXPECT_DOUBLE_EQ(roc_auc({1, 0, 1, 0}, {0.9, 0.8, 0.7, 0.1}), 0.75);
}

TEST(ClassificationMetrics, RocAucCountsTiesAsHalf) {
  // Positive 0.5 ties negative 0.5 (half) and beats negative 0.2 (one): 1.5 of 2.
  EXPECT_DOUBLE_EQ(roc_auc({1, 0, 0}, {0.5, 0.5, 0.2}), 0.75);
}

TEST(ClassificationMetrics, RocAucIsUndefinedWithOneLabel) { EXPECT_TRUE(std::isnan(roc_auc({1, 1}, {0.2, 0.4}))); }

TEST(ClassificationMetrics, BrierIsTheMeanSquaredError) {
  EXPECT_DOUBLE_EQ(brier_score({1, 0}, {0.8, 0.3}), (0.04 + 0.09) / 2);
}

TEST(ClassificationMetrics, ConfusionCountsAndRatios) {
  // Threshold 0.5: predicted 1 for 0.9, 0.8, 0.6; labels 1, 0, 1 there; 0.4 (label 1) and 0.1 (label 0) predicted 0.
  const auto m = classification_metrics({1, 0, 1, 1, 0}, {0.9, 0.8, 0.6, 0.4, 0.1});
  EXPECT_EQ(m.tp, 2u);
  EXPECT_EQ(m.fp, 1u);
  EXPECT_EQ(m.fn, 1u);
  EXPECT_EQ(m.tn, 1u);
  EXPECT_DOUBLE_EQ(m.accuracy, 3.0 / 5);
  EXPECT_DOUBLE_EQ(m.precision, 2.0 / 3);
  EXPECT_DOUBLE_EQ(m.recall, 2.0 / 3);
  EXPECT_DOUBLE_EQ(m.f1, 2.0 / 3);
}

TEST(ClassificationMetrics, ReliabilityBinsGroupByScore) {
  const auto bins = reliability_bins({1, 0, 1, 1}, {0.05, 0.15, 0.95, 1.0}, 10);
  ASSERT_EQ(bins.size(), 10u);
  EXPECT_EQ(bins[0].n, 1u);
  EXPECT_EQ(bins[1].n, 1u);
  EXPECT_EQ(bins[9].n, 2u);  // 1.0 falls in the last bin
  EXPECT_DOUBLE_EQ(bins[9].mean_score, 0.975);
  EXPECT_DOUBLE_EQ(bins[9].observed, 1.0);
  EXPECT_DOUBLE_EQ(bins[1].observed, 0.0);
}
