// SQLSpace's correctness estimator (003 §6): a random forest (200 trees) that predicts from an example's features
// whether a model gets it right, trained on a seeded 90% of the items and scored on the other 10%; offline with all
// features, online with the mask's; and the model's "negative features" (Table 7): permutation importance on the
// held-out items the model got wrong (each column shuffled over all held-out items, the accuracy read on the wrong
// ones), i.e. the features whose shuffling most hurts the forest's "fails" predictions.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "core/learn/classification_metrics.h"
#include "core/learn/random_forest.h"
#include "core/sqlspace/feature_vectors.h"

namespace chokepoint::sqlspace {

struct EstimatorOptions {
  int trees = 200;
  uint64_t seed = 0;        // the split, the forest and the permutations
  double test_share = 0.1;  // held out; at least one item
  int repeats = 5;          // permutation-importance shuffles per feature
  size_t top = 10;          // negative features reported
};

struct NegativeFeature {
  int id = 0;
  double importance = 0;                          // mean accuracy drop on the held-out negatives
  double share_in_wrong = 0, share_in_right = 0;  // prevalence among training items the model got wrong / right
};

// Invariants: train + test = labelled items (unscored ones are left out); metrics are on the test items with label
// 1 = the model was right; negative_features have importance > 0, sorted decreasing, then id.
struct EstimatorReport {
  size_t train = 0, test = 0, test_negatives = 0;
  double base_rate = 0;  // share of label 1 in the training items
  learn::ClassificationMetrics metrics;
  std::vector<NegativeFeature> negative_features;
  std::vector<size_t> test_items;   // row indices held out, increasing
  std::vector<double> test_scores;  // P(right) per held-out item, same order
};

// correct[i]: the model's outcome on row i of vectors (nullopt: not scored).
EstimatorReport estimate_correctness(const FeatureVectors& vectors, const std::vector<std::optional<bool>>& correct,
                                     const EstimatorOptions& options);

// estimate_correctness in steps, for a caller that spreads it over frames (the app): the split at construction, then
// one tree a step, then one step for the scores and the negative features. Stepped to the end it gives
// estimate_correctness's report exactly (the same draws in the same order; estimate_correctness is this, run through).
class CorrectnessEstimation {
 public:
  CorrectnessEstimation(const FeatureVectors& vectors, const std::vector<std::optional<bool>>& correct,
                        const EstimatorOptions& options);
  bool done() const { return done_; }
  void step();
  int trees_done() const { return trainer_ ? trainer_->trees_done() : 0; }
  int trees() const { return options_.trees; }
  EstimatorReport take() { return std::move(out_); }  // call once done

 private:
  void finish(const learn::RandomForest& forest);

  EstimatorOptions options_;
  std::vector<int> feature_ids_;
  learn::SeededRandom random_;
  learn::BinaryRows xtrain_, xtest_;
  std::vector<uint8_t> ytrain_, ytest_;
  std::optional<learn::ForestTrainer> trainer_;
  EstimatorReport out_;
  bool done_ = false;
};

}  // namespace chokepoint::sqlspace
