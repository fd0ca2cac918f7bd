// The multi-class forest's mean decrease in impurity (see multiclass_forest.h).
#include "core/learn/multiclass_forest.h"

#include <algorithm>
#include <cmath>
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

std::vector<double> multiclass_impurity_importance(const BinaryRows& x, const std::vector<int>& labels, int classes,
                                                   const ForestOptions& options) {
  if (x.rows == 0 || x.cols == 0 || classes <= 0 || labels.size() != x.rows) return {};
  const size_t max_features =
      options.max_features > 0
          ? static_cast<size_t>(options.max_features)
          : std::max<size_t>(1, static_cast<size_t>(std::floor(std::sqrt(static_cast<double>(x.cols)))));
  SeededRandom seeds(options.seed);
  std::vector<double> mean(x.cols, 0.0);
  for (int t = 0; t < options.trees; ++t) {
    SeededRandom random(seeds.next());
    std::vector<double> weight(x.rows, options.bootstrap ? 0.0 : 1.0);
    if (options.bootstrap)
      for (size_t i = 0; i < x.rows; ++i) weight[random.below(x.rows)] += 1;
    std::vector<size_t> rows;
    double total = 0;
    for (size_t i = 0; i < x.rows; ++i)
      if (weight[i] > 0 && labels[i] >= 0 && labels[i] < classes) {
        rows.push_back(i);
        total += weight[i];
      }
    std::vector<double> importance(x.cols, 0.0);
    MulticlassTreeBuilder builder{x,      labels,     weight, static_cast<size_t>(classes), max_features, total,
                                  random, importance, {}};
    builder.features.resize(x.cols);
    std::iota(builder.features.begin(), builder.features.end(), 0);
    if (!rows.empty()) builder.grow(rows);
    double s = 0;
    for (double v : importance) s += v;
    if (s <= 0) continue;  // a single-leaf tree contributes nothing (scikit-learn skips it too)
    for (size_t f = 0; f < x.cols; ++f) mean[f] += importance[f] / s;
  }
  double total = 0;
  for (double v : mean) total += v;
  if (total > 0)
    for (double& v : mean) v /= total;
  return mean;
}

}  // namespace chokepoint::learn
