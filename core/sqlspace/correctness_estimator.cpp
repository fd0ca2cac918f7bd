// The random-forest correctness estimator and its negative features (see correctness_estimator.h).
#include "core/sqlspace/correctness_estimator.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace chokepoint::sqlspace {
namespace {

learn::BinaryRows take(const learn::BinaryRows& x, const std::vector<size_t>& rows) {
  learn::BinaryRows out(rows.size(), x.cols);
  for (size_t i = 0; i < rows.size(); ++i)
    std::copy(x.row(rows[i]), x.row(rows[i]) + x.cols, out.cells.begin() + static_cast<std::ptrdiff_t>(i * x.cols));
  return out;
}

}  // namespace

EstimatorReport estimate_correctness(const FeatureVectors& vectors, const std::vector<std::optional<bool>>& correct,
                                     const EstimatorOptions& options) {
  EstimatorReport out;
  std::vector<size_t> labelled;
  for (size_t i = 0; i < vectors.rows.rows && i < correct.size(); ++i)
    if (correct[i]) labelled.push_back(i);
  if (labelled.size() < 2) return out;
  // The split: a seeded shuffle of the labelled rows, the first ceil(share * n) held out.
  learn::SeededRandom random(options.seed);
  std::vector<size_t> order = labelled;
  random.shuffle(order);
  const size_t n_test = std::min(
      labelled.size() - 1, std::max<size_t>(1, static_cast<size_t>(std::ceil(options.test_share * order.size()))));
  std::vector<size_t> test(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(n_test));
  std::vector<size_t> train(order.begin() + static_cast<std::ptrdiff_t>(n_test), order.end());
  std::sort(test.begin(), test.end());
  std::sort(train.begin(), train.end());
  const learn::BinaryRows xtrain = take(vectors.rows, train), xtest = take(vectors.rows, test);
  std::vector<uint8_t> ytrain, ytest;
  for (size_t i : train) ytrain.push_back(*correct[i] ? 1 : 0);
  for (size_t i : test) ytest.push_back(*correct[i] ? 1 : 0);
  out.train = train.size();
  out.test = test.size();
  out.base_rate = static_cast<double>(std::accumulate(ytrain.begin(), ytrain.end(), size_t{0})) /
                  static_cast<double>(ytrain.size());

  learn::ForestOptions fo;
  fo.trees = options.trees;
  fo.seed = random.next();
  const learn::RandomForest forest = learn::RandomForest::train(xtrain, ytrain, fo);
  out.test_items = test;
  out.test_scores = forest.probabilities(xtest);
  out.metrics = learn::classification_metrics(ytest, out.test_scores);

  // Negative features: permutation importance over the held-out items, read on those the model got wrong.
  std::vector<uint8_t> negatives(ytest.size(), 0);
  for (size_t i = 0; i < ytest.size(); ++i) {
    negatives[i] = !ytest[i];
    out.test_negatives += negatives[i];
  }
  if (out.test_negatives == 0) return out;
  const auto importance =
      learn::permutation_importance(forest, xtest, ytest, options.repeats, random.next(), negatives);
  std::vector<double> wrong(vectors.rows.cols, 0.0), right(vectors.rows.cols, 0.0);
  size_t n_wrong = 0, n_right = 0;
  for (size_t i = 0; i < train.size(); ++i) {
    auto& share = ytrain[i] ? right : wrong;
    (ytrain[i] ? n_right : n_wrong)++;
    for (size_t f = 0; f < vectors.rows.cols; ++f) share[f] += xtrain.at(i, f);
  }
  for (size_t f = 0; f < vectors.rows.cols; ++f) {
    if (!(importance[f] > 0)) continue;
    NegativeFeature nf;
    nf.id = vectors.feature_ids[f];
    nf.importance = importance[f];
    nf.share_in_wrong = n_wrong ? wrong[f] / static_cast<double>(n_wrong) : 0;
    nf.share_in_right = n_right ? right[f] / static_cast<double>(n_right) : 0;
    out.negative_features.push_back(nf);
  }
  std::stable_sort(out.negative_features.begin(), out.negative_features.end(),
                   [](const NegativeFeature& a, const NegativeFeature& b) {
                     if (a.importance != b.importance) return a.importance > b.importance;
                     return a.id < b.id;
                   });
  if (out.negative_features.size() > options.top) out.negative_features.resize(options.top);
  return out;
}

}  // namespace chokepoint::sqlspace
