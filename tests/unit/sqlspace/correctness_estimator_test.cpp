// The correctness estimator: a seeded split and forest, metrics on the held-out tenth, negative features.
#include "core/sqlspace/correctness_estimator.h"

#include <gtest/gtest.h>

using namespace chokepoint::sqlspace;

namespace {

// 400 rows of 6 random features; the model is wrong exactly when feature 40 (column 3) is present.
void make(FeatureVectors& v, std::vector<std::optional<bool>>& correct) {
  chokepoint::learn::SeededRandom random(17);
  v.feature_ids = {10, 20, 30, 40, 50, 60};
  v.rows = chokepoint::learn::BinaryRows(400, 6);
  correct.clear();
  for (size_t r = 0; r < 400; ++r) {
    for (size_t c = 0; c < 6; ++c) v.rows.at(r, c) = random.below(2);
    correct.push_back(r % 50 == 0 ? std::optional<bool>() : std::optional<bool>(!v.rows.at(r, 3)));
  }
}

}  // namespace

TEST(CorrectnessEstimator, LearnsTheFailingFeatureAndRanksItFirst) {
  FeatureVectors v;
  std::vector<std::optional<bool>> correct;
  make(v, correct);
  EstimatorOptions o;
  o.trees = 30;
  const EstimatorReport r = estimate_correctness(v, correct, o);
  EXPECT_EQ(r.train + r.test, 392u);  // the 8 unscored rows are left out
  EXPECT_EQ(r.test, 40u);             // ceil(0.1 * 392)
  EXPECT_DOUBLE_EQ(r.metrics.accuracy, 1.0);
  EXPECT_DOUBLE_EQ(r.metrics.roc_auc, 1.0);
  ASSERT_FALSE(r.negative_features.empty());
  EXPECT_EQ(r.negative_features[0].id, 40);
  EXPECT_DOUBLE_EQ(r.negative_features[0].share_in_wrong, 1.0);
  EXPECT_DOUBLE_EQ(r.negative_features[0].share_in_right, 0.0);
}

TEST(CorrectnessEstimator, SameSeedSameReport) {
  FeatureVectors v;
  std::vector<std::optional<bool>> correct;
  make(v, correct);
  for (size_t r = 0; r < 400; r += 9) correct[r] = !correct[r].value_or(true);  // noise
  EstimatorOptions o;
  o.trees = 20;
  o.seed = 4;
  const EstimatorReport a = estimate_correctness(v, correct, o), b = estimate_correctness(v, correct, o);
  EXPECT_EQ(a.test_items, b.test_items);
  EXPECT_EQ(a.test_scores, b.test_scores);
  o.seed = 5;
  EXPECT_NE(estimate_correctness(v, correct, o).test_items, a.test_items);
}

TEST(CorrectnessEstimator, SteppedOneTreeAtATimeAsTheAppRunsIt) {
  FeatureVectors v;
  std::vector<std::optional<bool>> correct;
  make(v, correct);
  EstimatorOptions o;
  o.trees = 12;
  CorrectnessEstimation e(v, correct, o);
  int steps = 0;
  while (!e.done()) {
    EXPECT_EQ(e.trees_done(), std::min(steps, 12));
    e.step();
    ++steps;
  }
  EXPECT_EQ(steps, 13);  // a tree a step, then the scores and the negative features
  const EstimatorReport stepped = e.take();
  // Learnt as the one-go estimator learns it: the same split, the same metrics, the failing feature first.
  EXPECT_EQ(stepped.test, 40u);
  EXPECT_DOUBLE_EQ(stepped.metrics.accuracy, 1.0);
  ASSERT_FALSE(stepped.negative_features.empty());
  EXPECT_EQ(stepped.negative_features[0].id, 40);
}

TEST(CorrectnessEstimator, TooFewScoredItemsIsDoneAtOnce) {
  FeatureVectors v;
  std::vector<std::optional<bool>> correct;
  make(v, correct);
  correct.assign(correct.size(), std::nullopt);
  correct[3] = true;
  CorrectnessEstimation e(v, correct, EstimatorOptions{});
  EXPECT_TRUE(e.done());
  EXPECT_EQ(e.take().test, 0u);
}
