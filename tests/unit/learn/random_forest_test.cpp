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
