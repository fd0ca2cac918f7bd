// The random forest on a separable rule: it learns it, the seed fixes it, and permutation importance finds it.
#include "core/learn/random_forest.h"

#include <gtest/gtest.h>

using namespace chokepoint::learn;

namespace {

// Rows of 8 random bits; the label is f0 OR f1 (no XOR: each feature alone already splits well).
void make(size_t n, uint64_t seed, BinaryRows& x, std::vector<uint8_t>& y) {
  SeededRandom random(seed);
  x = BinaryRows(n, 8);
  y.assign(n, 0);
  for (size_t i = 0; i < n; ++i) {
    for (size_t c = 0; c < 8; ++c) x.at(i, c) = random.below(2);
    y[i] = x.at(i, 0) | x.at(i, 1);
  }
}

}  // namespace

TEST(RandomForest, LearnsASeparableRule) {
  BinaryRows train, test;
  std::vector<uint8_t> ytrain, ytest;
  make(300, 1, train, ytrain);
  make(200, 2, test, ytest);
  ForestOptions o;
  o.trees = 50;
  o.seed = 5;
  const RandomForest f = RandomForest::train(train, ytrain, o);
  EXPECT_EQ(f.predict(test), ytest);
}

TEST(RandomForest, SameSeedSameForest) {
  BinaryRows x;
  std::vector<uint8_t> y;
  make(100, 3, x, y);
  for (size_t i = 0; i < 100; i += 7) y[i] = !y[i];  // some noise so trees differ
  ForestOptions o;
  o.trees = 20;
  o.seed = 9;
  const auto a = RandomForest::train(x, y, o).probabilities(x);
  const auto b = RandomForest::train(x, y, o).probabilities(x);
  EXPECT_EQ(a, b);
  o.seed = 10;
  EXPECT_NE(RandomForest::train(x, y, o).probabilities(x), a);
}

TEST(RandomForest, TrainerSteppedATreeAtATimeLearnsTheRule) {
  BinaryRows train, test;
  std::vector<uint8_t> ytrain, ytest;
  make(300, 1, train, ytrain);
  make(200, 2, test, ytest);
  ForestOptions o;
  o.trees = 50;
  o.seed = 5;
  ForestTrainer trainer(train.cols, o);
  for (int t = 0; t < 50; ++t) {
    EXPECT_FALSE(trainer.done());
    EXPECT_EQ(trainer.trees_done(), t);
    trainer.step(train, ytrain);
  }
  EXPECT_TRUE(trainer.done());
  trainer.step(train, ytrain);  // nothing once done
  const RandomForest f = trainer.take();
  EXPECT_EQ(f.trees().size(), 50u);
  EXPECT_EQ(f.predict(test), ytest);
}

TEST(RandomForest, PermutationImportanceFindsTheRule) {
  BinaryRows x;
  std::vector<uint8_t> y;
  make(300, 4, x, y);
  ForestOptions o;
  o.trees = 30;
  const RandomForest f = RandomForest::train(x, y, o);
  const auto imp = permutation_importance(f, x, y, 3, 1);
  for (size_t c = 2; c < 8; ++c) {
    EXPECT_GT(imp[0], imp[c] + 0.1);
    EXPECT_GT(imp[1], imp[c] + 0.1);
  }
}

TEST(RandomForest, ImpurityImportanceSumsToOne) {
  BinaryRows x;
  std::vector<uint8_t> y;
  make(200, 6, x, y);
  ForestOptions o;
  o.trees = 10;
  const auto imp = RandomForest::train(x, y, o).impurity_importance();
  double s = 0;
  for (double v : imp) s += v;
  EXPECT_NEAR(s, 1.0, 1e-12);
  EXPECT_GT(imp[0] + imp[1], 0.8);
}

TEST(RandomForest, PermutationImportanceEqualsRecomputingEveryPrediction) {
  // The cached implementation against the definition: shuffle the column (same draws), predict every scored row
  // again, count the drop in right answers.
  BinaryRows x;
  std::vector<uint8_t> y;
  make(120, 8, x, y);
  for (size_t i = 0; i < 120; i += 5) y[i] = !y[i];
  ForestOptions o;
  o.trees = 15;
  const RandomForest f = RandomForest::train(x, y, o);
  std::vector<uint8_t> scored(120);
  for (size_t i = 0; i < 120; ++i) scored[i] = i % 3 != 0;
  const auto fast = permutation_importance(f, x, y, 3, 21, scored);
  SeededRandom random(21);
  std::vector<size_t> order(120);
  auto right = [&](const BinaryRows& rows) {
    long long n = 0;
    for (size_t i = 0; i < 120; ++i)
      if (scored[i]) n += (f.probability(rows.row(i)) > 0.5) == (y[i] != 0);
    return n;
  };
  const long long base = right(x);
  for (size_t c = 0; c < 8; ++c) {
    long long drop = 0;
    for (int r = 0; r < 3; ++r) {
      for (size_t i = 0; i < 120; ++i) order[i] = i;
      random.shuffle(order);
      BinaryRows shuffled = x;
      for (size_t i = 0; i < 120; ++i) shuffled.at(i, c) = x.at(order[i], c);
      drop += base - right(shuffled);
    }
    EXPECT_EQ(fast[c], static_cast<double>(drop) / (80.0 * 3)) << "column " << c;
  }
}
