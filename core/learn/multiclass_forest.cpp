// The multi-class forest's mean decrease in impurity (see multiclass_forest.h).
#include "core/learn/multiclass_forest.h"

#include <algorithm>
#include <numeric>

namespace chokepoint::learn {
namespace {

// Gini impurity 1 - sum (w_c / w)^2 of a node whose class weights are `counts`, summing to w.
double gini(const std::vector<double>& counts, double w) {
  if (w <= 0) return 0;
  double s = 0;
  for (double c : counts) s += (c / w) * (c / w);
  return 1 - s;
}

struct MulticlassTreeBuilder {
  const BinaryRows& x;
  const std::vector<int>& y;
  const std::vector<double>& weight;  // bootstrap counts
  size_t classes, max_features;
  double total_weight;
  SeededRandom& random;
  std::vector<double>& importance;
  std::vector<size_t> features;  // a permutation redrawn per node

  void grow(std::vector<size_t>& rows) {
    std::vector<double> counts(classes, 0.0);
    double w = 0;
    for (size_t r : rows) {
      w += weight[r];
      counts[static_cast<size_t>(y[r])] += weight[r];
    }
    const double impurity = gini(counts, w);
    if (impurity <= 1e-15 || rows.size() < 2) return;
    // The candidate rule of the binary forest (random_forest.cpp): features in random order until max_features
    // non-constant ones are seen; the best decrease wins, the first on a tie.
    int best = -1;
    double best_children = 0;
    size_t seen = 0;
    std::vector<double> present(classes);
    for (size_t i = 0; i < features.size() && seen < max_features; ++i) {
      const size_t j = i + random.below(features.size() - i);
      std::swap(features[i], features[j]);
      const size_t f = features[i];
      std::fill(present.begin(), present.end(), 0.0);
      double w1 = 0;
      for (size_t r : rows)
        if (x.at(r, f)) {
          w1 += weight[r];
          present[static_cast<size_t>(y[r])] += weight[r];
        }
      if (w1 <= 0 || w1 >= w) continue;  // constant in this node
      ++seen;
      std::vector<double> absent(classes);
      for (size_t c = 0; c < classes; ++c) absent[c] = counts[c] - present[c];
      const double children = w1 * gini(present, w1) + (w - w1) * gini(absent, w - w1);
      if (best < 0 || children < best_children - 1e-12) {
        best = static_cast<int>(f);
        best_children = children;
      }
    }
    if (best < 0) return;
    importance[static_cast<size_t>(best)] += (w * impurity - best_children) / total_weight;
    std::vector<size_t> absent_rows, present_rows;
    for (size_t r : rows) (x.at(r, static_cast<size_t>(best)) ? present_rows : absent_rows).push_back(r);
    rows.clear();
    rows.shrink_to_fit();
    grow(absent_rows);
    grow(present_rows);
  }
};

}  // namespace

MulticlassForestTrainer::MulticlassForestTrainer(size_t cols, int classes, const ForestOptions& options)
    : options_(options),
      seeds_(options.seed),
      cols_(cols),
      classes_(static_cast<size_t>(std::max(classes, 0))),
      max_features_(candidate_features(cols, options)),
      sum_(cols, 0.0) {}

void MulticlassForestTrainer::step(const BinaryRows& x, const std::vector<int>& labels) {
  if (done()) return;
  ++next_;
  if (x.cols != cols_ || labels.size() != x.rows || classes_ == 0) return;
  SeededRandom random(seeds_.next());
  const std::vector<double> weight = bootstrap_weights(x.rows, options_.bootstrap, random);
  std::vector<size_t> rows;
  double total = 0;
  for (size_t i = 0; i < x.rows; ++i)
    if (weight[i] > 0 && labels[i] >= 0 && static_cast<size_t>(labels[i]) < classes_) {
      rows.push_back(i);
      total += weight[i];
    }
  std::vector<double> decrease(x.cols, 0.0);
  MulticlassTreeBuilder builder{x, labels, weight, classes_, max_features_, total, random, decrease, {}};
  builder.features.resize(x.cols);
  std::iota(builder.features.begin(), builder.features.end(), 0);
  if (!rows.empty()) builder.grow(rows);
  double s = 0;
  for (double v : decrease) s += v;
  if (s <= 0) return;  // a single-leaf tree contributes nothing (scikit-learn skips it too)
  for (size_t f = 0; f < cols_; ++f) sum_[f] += decrease[f] / s;
}

std::vector<double> MulticlassForestTrainer::importance() const {
  std::vector<double> mean = sum_;
  double total = 0;
  for (double v : mean) total += v;
  if (total > 0)
    for (double& v : mean) v /= total;
  return mean;
}

std::vector<double> multiclass_impurity_importance(const BinaryRows& x, const std::vector<int>& labels, int classes,
                                                   const ForestOptions& options) {
  if (x.rows == 0 || x.cols == 0 || classes <= 0 || labels.size() != x.rows) return {};
  MulticlassForestTrainer trainer(x.cols, classes, options);
  while (!trainer.done()) trainer.step(x, labels);
  return trainer.importance();
}

}  // namespace chokepoint::learn
