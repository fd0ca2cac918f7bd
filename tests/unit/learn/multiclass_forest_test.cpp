// The multi-class forest's impurity importance: with two classes it is the binary forest's, with three it ranks the
// features that decide the class first, and it is fixed by its seed.
#include "core/learn/multiclass_forest.h"

#include <gtest/gtest.h>

using namespace chokepoint::learn;

namespace {

// Rows of 8 random bits.
BinaryRows random_rows(size_t n, uint64_t seed) {
  SeededRandom random(seed);
  BinaryRows x(n, 8);
  for (size_t i = 0; i < n; ++i)
    for (size_t c = 0; c < 8; ++c) x.at(i, c) = random.below(2);
  return x;
}

}  // namespace

TEST(MulticlassForest, WithTwoClassesItIsTheBinaryForestsImportance) {
  const BinaryRows x = random_rows(300, 1);
  std::vector<uint8_t> y8(x.rows);
  std::vector<int> y(x.rows);
  for (size_t i = 0; i < x.rows; ++i) y[i] = y8[i] = x.at(i, 0) | x.at(i, 1);
  ForestOptions o;
  o.trees = 30;
  o.seed = 5;
  const auto binary = RandomForest::train(x, y8, o).impurity_importance();
  const auto multi = multiclass_impurity_importance(x, y, 2, o);
  ASSERT_EQ(multi.size(), binary.size());
  for (size_t f = 0; f < binary.size(); ++f) EXPECT_NEAR(multi[f], binary[f], 1e-9) << "feature " << f;
}

TEST(MulticlassForest, TheFeaturesThatDecideTheClassRankFirst) {
  // Class 0 when f2 is absent; else 1 when f5 is absent, 2 when present. Every other feature is noise.
  const BinaryRows x = random_rows(400, 7);
  std::vector<int> y(x.rows);
  for (size_t i = 0; i < x.rows; ++i) y[i] = !x.at(i, 2) ? 0 : (x.at(i, 5) ? 2 : 1);
  ForestOptions o;
  o.trees = 50;
  const auto imp = multiclass_impurity_importance(x, y, 3, o);
  ASSERT_EQ(imp.size(), 8u);
  double sum = 0;
  for (double v : imp) sum += v;
  EXPECT_NEAR(sum, 1.0, 1e-12);
  for (size_t f = 0; f < 8; ++f)
    if (f != 2 && f != 5) {
      EXPECT_GT(imp[2], imp[f]) << f;
      EXPECT_GT(imp[5], imp[f]) << f;
    }
  EXPECT_GT(imp[2] + imp[5], 0.8);
  EXPECT_EQ(multiclass_impurity_importance(x, y, 3, o), imp) << "the seed fixes the forest";
}

TEST(MulticlassForest, NothingToLearnFromGivesNothing) {
  EXPECT_TRUE(multiclass_impurity_importance(BinaryRows(), {}, 3, ForestOptions{}).empty());
  const BinaryRows x = random_rows(10, 1);
  EXPECT_TRUE(multiclass_impurity_importance(x, std::vector<int>(3, 0), 2, ForestOptions{}).empty())
      << "labels that do not match the rows";
  const auto one_class = multiclass_impurity_importance(x, std::vector<int>(10, 1), 2, ForestOptions{});
  ASSERT_EQ(one_class.size(), 8u);
  for (double v : one_class) EXPECT_EQ(v, 0.0) << "a pure set has no split";
}
