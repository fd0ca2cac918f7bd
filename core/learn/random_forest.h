// A random forest classifier over binary features (Breiman, "Random forests", Machine Learning 2001): CART trees
// grown to purity on bootstrap samples, Gini impurity, sqrt(features) candidates per node, probabilities averaged
// over trees. SQLSpace §6 trains one with 200 trees to predict whether a model gets an example right. The features
// are 0/1, so a split is "feature absent / present" and no thresholds are searched.
#pragma once
#include <cstdint>
#include <vector>

#include "core/learn/seeded_random.h"

namespace chokepoint::learn {

// Rows of 0/1 cells. Invariant: cells.size() == rows * cols and every cell is 0 or 1.
struct BinaryRows {
  size_t rows = 0, cols = 0;
  std::vector<uint8_t> cells;

  BinaryRows() = default;
  BinaryRows(size_t r, size_t c) : rows(r), cols(c), cells(r * c, 0) {}
  uint8_t at(size_t r, size_t c) const { return cells[r * cols + c]; }
  uint8_t& at(size_t r, size_t c) { return cells[r * cols + c]; }
  const uint8_t* row(size_t r) const { return cells.data() + r * cols; }
};

struct ForestOptions {
  int trees = 200;
  uint64_t seed = 0;
  bool bootstrap = true;  // n draws with replacement per tree, used as sample weights (scikit-learn's way)
  int max_features = 0;   // candidates per node; 0 = max(1, floor(sqrt(cols))) (scikit-learn's "sqrt")
};

// The candidate features per node `options` asks for over `cols` columns: max_features, or scikit-learn's "sqrt"
// (max(1, floor(sqrt(cols)))) when it is 0.
size_t candidate_features(size_t cols, const ForestOptions& options);
// One tree's sample weights: with bootstrap, how many of `rows` draws with replacement fell on each row (scikit-learn's
// way); without, 1 for every row. The draws come from `random`, the tree's own source.
std::vector<double> bootstrap_weights(size_t rows, bool bootstrap, SeededRandom& random);

// One tree as a node array; node 0 is the root. A leaf has feature -1 and the weighted share of label 1 among the
// training rows that reached it; an inner node sends rows with the feature absent to `absent`, present to `present`.
struct DecisionTree {
  struct Node {
    int feature = -1;
    int absent = -1, present = -1;
    double positive = 0;  // leaf: P(label = 1)
  };
  std::vector<Node> nodes;
  double predict(const uint8_t* row) const;
};

class RandomForest {
 public:
  // labels[i] is 0 or 1. Tree t draws its bootstrap and its candidate features from its own SeededRandom, seeded by
  // the t-th draw of SeededRandom(options.seed), so the forest depends on the seed only.
  static RandomForest train(const BinaryRows& x, const std::vector<uint8_t>& labels, const ForestOptions& options);

  double probability(const uint8_t* row) const;  // mean of the trees' leaf shares of label 1
  std::vector<double> probabilities(const BinaryRows& x) const;
  // Label 1 when the probability is above 0.5 (a tie goes to 0, as scikit-learn's argmax).
  std::vector<uint8_t> predict(const BinaryRows& x) const;
  // Mean decrease in Gini impurity per feature, weighted by the node's share of samples, averaged over trees and
  // normalised to sum to 1 (scikit-learn's feature_importances_).
  std::vector<double> impurity_importance() const;
  const std::vector<DecisionTree>& trees() const { return trees_; }

 private:
  friend class ForestTrainer;

  std::vector<DecisionTree> trees_;
  std::vector<std::vector<double>> tree_importance_;  // per tree, per feature: weighted impurity decrease
  size_t cols_ = 0;
};

// RandomForest::train one tree at a time, for a caller that spreads the training over frames (the app: 200 trees on
// a benchmark's feature vectors are hundreds of milliseconds in wasm). Stepping it to the end with the same x and
// labels every time gives train()'s forest exactly (the same seeds in the same order).
class ForestTrainer {
 public:
  ForestTrainer(size_t cols, const ForestOptions& options);
  bool done() const { return next_ >= options_.trees; }
  void step(const BinaryRows& x, const std::vector<uint8_t>& labels);  // one tree; nothing once done
  int trees_done() const { return next_; }
  RandomForest take() { return std::move(forest_); }  // call once done

 private:
  ForestOptions options_;
  SeededRandom seeds_;
  size_t max_features_;
  int next_ = 0;
  RandomForest forest_;
};

// Permutation importance (Breiman 2001): for each column, the mean over `repeats` shuffles of that column across all
// rows of x of the drop in accuracy of the forest's labels against `labels`, counted on the rows `scored` marks (all
// rows when empty). SQLSpace §6 scores it on the held-out negative examples: shuffling a column only among the
// negatives would leave a feature every negative has untouched, so the column is shuffled over the whole held-out
// set and the accuracy is read on its negatives.
std::vector<double> permutation_importance(const RandomForest& forest, const BinaryRows& x,
                                           const std::vector<uint8_t>& labels, int repeats, uint64_t seed,
                                           const std::vector<uint8_t>& scored = {});

}  // namespace chokepoint::learn
