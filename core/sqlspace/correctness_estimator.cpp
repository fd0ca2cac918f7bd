// The random-forest correctness estimator and its negative features (see correctness_estimator.h).
#include "core/sqlspace/correctness_estimator.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace chokepoint::sqlspace {
namespace {

learn::BinaryRows rows_of(const learn::BinaryRows& x, const std::vector<size_t>& rows) {
  learn::BinaryRows out(rows.size(), x.cols);
  for (size_t i = 0; i < rows.size(); ++i)
    std::copy(x.row(rows[i]), x.row(rows[i]) + x.cols, out.cells.begin() + static_cast<std::ptrdiff_t>(i * x.cols));
  return out;
}

}  // namespace

EstimatorReport estimate_correctness(const FeatureVectors& vectors, const std::vector<std::optional<bool>>& correct,
                                     const EstimatorOptions& options) {
  CorrectnessEstimation e(vectors, correct, options);
  while (!e.done()) e.step();
  return e.take();
}

CorrectnessEstimation::CorrectnessEstimation(const FeatureVectors& vectors,
                                             const std::vector<std::optional<bool>>& correct,
                                             const EstimatorOptions& options)
    : options_(options), feature_ids_(vectors.feature_ids), random_(options.seed) {
  std::vector<size_t> labelled;
  for (size_t i = 0; i < vectors.rows.rows && i < correct.size(); ++i)
    if (correct[i]) labelled.push_back(i);
  if (labelled.size() < 2) {
    done_ = true;
    return;
  }
  // The split: a seeded shuffle of the labelled rows, the first ceil(share * n) held out.
  std::vector<size_t> order = labelled;
  random_.shuffle(order);
  const size_t n_test = std::min(
      labelled.size() - 1, std::max<size_t>(1, static_cast<size_t>(std::ceil(options.test_share * order.size()))));
  std::vector<size_t> test(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(n_test));
  std::vector<size_t> train(order.begin() + static_cast<std::ptrdiff_t>(n_test), order.end());
  std::sort(test.begin(), test.end());
  std::sort(train.begin(), train.end());
  xtrain_ = rows_of(vectors.rows, train);
  xtest_ = rows_of(vectors.rows, test);
  for (size_t i : train) ytrain_.push_back(*correct[i] ? 1 : 0);
  for (size_t i : test) ytest_.push_back(*correct[i] ? 1 : 0);
  out_.train = train.size();
  out_.test = test.size();
  out_.base_rate = static_cast<double>(std::accumulate(ytrain_.begin(), ytrain_.end(), size_t{0})) /
                   static_cast<double>(ytrain_.size());
  out_.test_items = std::move(test);
  learn::ForestOptions fo;
  fo.trees = options.trees;
  fo.seed = random_.next();
  trainer_.emplace(xtrain_.cols, fo);
}

void CorrectnessEstimation::step() {
  if (done_) return;
  if (!trainer_->done()) {
    trainer_->step(xtrain_, ytrain_);
    return;
  }
  finish(trainer_->take());
  done_ = true;
}

void CorrectnessEstimation::finish(const learn::RandomForest& forest) {
  out_.test_scores = forest.probabilities(xtest_);
  out_.metrics = learn::classification_metrics(ytest_, out_.test_scores);

  // Negative features: permutation importance over the held-out items, read on those the model got wrong.
  std::vector<uint8_t> negatives(ytest_.size(), 0);
  for (size_t i = 0; i < ytest_.size(); ++i) {
    negatives[i] = !ytest_[i];
    out_.test_negatives += negatives[i];
  }
  if (out_.test_negatives == 0) return;
  const auto importance =
      learn::permutation_importance(forest, xtest_, ytest_, options_.repeats, random_.next(), negatives);
  const size_t cols = xtrain_.cols;
  std::vector<double> wrong(cols, 0.0), right(cols, 0.0);
  size_t n_wrong = 0, n_right = 0;
  for (size_t i = 0; i < ytrain_.size(); ++i) {
    auto& share = ytrain_[i] ? right : wrong;
    (ytrain_[i] ? n_right : n_wrong)++;
    for (size_t f = 0; f < cols; ++f) share[f] += xtrain_.at(i, f);
  }
  for (size_t f = 0; f < cols; ++f) {
    if (!(importance[f] > 0)) continue;
    NegativeFeature nf;
    nf.id = feature_ids_[f];
    nf.importance = importance[f];
    nf.share_in_wrong = n_wrong ? wrong[f] / static_cast<double>(n_wrong) : 0;
    nf.share_in_right = n_right ? right[f] / static_cast<double>(n_right) : 0;
    out_.negative_features.push_back(nf);
  }
  std::stable_sort(out_.negative_features.begin(), out_.negative_features.end(),
                   [](const NegativeFeature& a, const NegativeFeature& b) {
                     if (a.importance != b.importance) return a.importance > b.importance;
                     return a.id < b.id;
                   });
  if (out_.negative_features.size() > options_.top) out_.negative_features.resize(options_.top);
}

}  // namespace chokepoint::sqlspace
