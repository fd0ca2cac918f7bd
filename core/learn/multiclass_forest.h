// Mean decrease in impurity of a multi-class random forest over binary features: CART trees on bootstrap samples,
// Gini impurity 1 - sum of squared class shares, sqrt(features) candidates per node, grown to purity, the importance
// of each feature summed over the nodes that split on it (weighted by the node's share of samples), normalised per
// tree, averaged over trees and normalised to sum 1: scikit-learn's RandomForestClassifier(...).feature_importances_
// (sklearn/tree/_tree.pyx, compute_feature_importances). SQLSpace §5 fits one such forest, 100 trees, on (feature
// vector, cluster) pairs to find the features that tell the clusters apart. Only the importance is kept: nothing
// here predicts.
#pragma once
#include <vector>

#include "core/learn/random_forest.h"

namespace chokepoint::learn {

// The forest one tree at a time, for a caller that spreads the work over frames (the app's Feature space tab).
// Stepping it to the end with the same x and labels every time gives multiclass_impurity_importance exactly.
class MulticlassForestTrainer {
 public:
  MulticlassForestTrainer(size_t cols, int classes, const ForestOptions& options);
  bool done() const { return next_ >= options_.trees; }
  int trees_done() const { return next_; }
  void step(const BinaryRows& x, const std::vector<int>& labels);  // one tree; nothing once done
  // Per feature, the mean over the trees grown so far of each tree's normalised impurity decrease, normalised to 1.
  std::vector<double> importance() const;

 private:
  ForestOptions options_;
  SeededRandom seeds_;
  size_t cols_, classes_, max_features_;
  int next_ = 0;
  std::vector<double> sum_;  // per feature, the sum of the trees' normalised decreases
};

// labels[i] in [0, classes). Same seeds, bootstrap and candidate rule as RandomForest::train, so with two classes the
// trees split alike. Empty when there are no rows or no columns, or the labels are not one per row.
std::vector<double> multiclass_impurity_importance(const BinaryRows& x, const std::vector<int>& labels, int classes,
                                                   const ForestOptions& options);

}  // namespace chokepoint::learn
