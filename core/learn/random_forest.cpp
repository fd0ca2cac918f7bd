// CART trees on binary features and their bagged forest (see random_forest.h).
#include "core/learn/random_forest.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace chokepoint::learn {
namespace {

// Gini impurity 2 p (1 - p) of a node with weight w of which pos is label 1.
double gini(double pos, double w) {
  if (w <= 0) return 0;
  const double p = pos / w;
  return 2 * p * (1 - p);
}

struct TreeBuilder {
  const BinaryRows& x;
  const std::vector<uint8_t>& y;
  const std::vector<double>& weight;  // bootstrap counts
  size_t max_features;
  double total_weight;
  SeededRandom& random;
  DecisionTree tree;
  std::vector<double>& importance;
  std::vector<size_t> features;  // a permutation redrawn per node

  int grow(std::vector<size_t>& rows) {
    double w = 0, pos = 0;
    for (size_t r : rows) {
      w += weight[r];
      pos += weight[r] * y[r];
    }
    const int index = static_cast<int>(tree.nodes.size());
    tree.nodes.push_back({});
    tree.nodes[index].positive = w > 0 ? pos / w : 0;
    const double impurity = gini(pos, w);
    if (impurity <= 0 || rows.size() < 2) return index;
    // Candidates: features in random order until max_features non-constant ones are seen (scikit-learn's rule:
    // constant features do not count against max_features). The best Gini decrease wins; the first on a tie.
    int best = -1;
    double best_children = 0;
    size_t seen = 0;
    for (size_t i = 0; i < features.size() && seen < max_features; ++i) {
      const size_t j = i + random.below(features.size() - i);
      std::swap(features[i], features[j]);
      const size_t f = features[i];
      double w1 = 0, pos1 = 0;
      for (size_t r : rows)
        if (x.at(r, f)) {
          w1 += weight[r];
          pos1 += weight[r] * y[r];
        }
      if (w1 <= 0 || w1 >= w) continue;  // constant in this node
      ++seen;
      const double children = w1 * gini(pos1, w1) + (w - w1) * gini(pos - pos1, w - w1);
      if (best < 0 || children < best_children - 1e-12) {
        best = static_cast<int>(f);
        best_children = children;
      }
    }
    if (best < 0) return index;
    importance[static_cast<size_t>(best)] += (w * impurity - best_children) / total_weight;
    std::vector<size_t> absent, present;
    for (size_t r : rows) (x.at(r, static_cast<size_t>(best)) ? present : absent).push_back(r);
    rows.clear();
    rows.shrink_to_fit();
    const int a = grow(absent);
    const int p = grow(present);
    tree.nodes[index].feature = best;
    tree.nodes[index].absent = a;
    tree.nodes[index].present = p;
    return index;
  }
};

}  // namespace

double DecisionTree::predict(const uint8_t* row) const {
  int n = 0;
  while (nodes[n].feature >= 0) n = row[nodes[n].feature] ? nodes[n].present : nodes[n].absent;
  return nodes[n].positive;
}

size_t candidate_features(size_t cols, const ForestOptions& options) {
  return options.max_features > 0
             ? static_cast<size_t>(options.max_features)
             : std::max<size_t>(1, static_cast<size_t>(std::floor(std::sqrt(static_cast<double>(cols)))));
}

std::vector<double> bootstrap_weights(size_t rows, bool bootstrap, SeededRandom& random) {
  std::vector<double> weight(rows, bootstrap ? 0.0 : 1.0);
  if (bootstrap)
    for (size_t i = 0; i < rows; ++i) weight[random.below(rows)] += 1;
  return weight;
}

ForestTrainer::ForestTrainer(size_t cols, const ForestOptions& options)
    : options_(options), seeds_(options.seed), max_features_(candidate_features(cols, options)) {
  forest_.cols_ = cols;
}

void ForestTrainer::step(const BinaryRows& x, const std::vector<uint8_t>& labels) {
  if (done()) return;
  ++next_;
  SeededRandom random(seeds_.next());
  const std::vector<double> weight = bootstrap_weights(x.rows, options_.bootstrap, random);
  std::vector<size_t> rows;
  double total = 0;
  for (size_t i = 0; i < x.rows; ++i)
    if (weight[i] > 0) {
      rows.push_back(i);
      total += weight[i];
    }
  std::vector<double> importance(x.cols, 0.0);
  TreeBuilder builder{x, labels, weight, max_features_, total, random, {}, importance, {}};
  builder.features.resize(x.cols);
  std::iota(builder.features.begin(), builder.features.end(), 0);
  if (!rows.empty()) builder.grow(rows);
  forest_.trees_.push_back(std::move(builder.tree));
  forest_.tree_importance_.push_back(std::move(importance));
}

RandomForest RandomForest::train(const BinaryRows& x, const std::vector<uint8_t>& labels,
                                 const ForestOptions& options) {
  ForestTrainer trainer(x.cols, options);
  while (!trainer.done()) trainer.step(x, labels);
  return trainer.take();
}

double RandomForest::probability(const uint8_t* row) const {
  if (trees_.empty()) return 0;
  double s = 0;
  for (const auto& t : trees_)
    if (!t.nodes.empty()) s += t.predict(row);
  return s / static_cast<double>(trees_.size());
}

std::vector<double> RandomForest::probabilities(const BinaryRows& x) const {
  std::vector<double> p(x.rows);
  for (size_t i = 0; i < x.rows; ++i) p[i] = probability(x.row(i));
  return p;
}

std::vector<uint8_t> RandomForest::predict(const BinaryRows& x) const {
  std::vector<uint8_t> out(x.rows);
  for (size_t i = 0; i < x.rows; ++i) out[i] = probability(x.row(i)) > 0.5;
  return out;
}

std::vector<double> RandomForest::impurity_importance() const {
  std::vector<double> mean(cols_, 0.0);
  for (const auto& imp : tree_importance_) {
    double s = 0;
    for (double v : imp) s += v;
    if (s <= 0) continue;  // a single-leaf tree contributes nothing (scikit-learn skips it too)
    for (size_t f = 0; f < cols_; ++f) mean[f] += imp[f] / s;
  }
  double total = 0;
  for (double v : mean) total += v;
  if (total > 0)
    for (double& v : mean) v /= total;
  return mean;
}

std::vector<double> permutation_importance(const RandomForest& forest, const BinaryRows& x,
                                           const std::vector<uint8_t>& labels, int repeats, uint64_t seed,
                                           const std::vector<uint8_t>& scored) {
  std::vector<double> out(x.cols, 0.0);
  std::vector<size_t> rows;  // the scored rows
  for (size_t i = 0; i < x.rows; ++i)
    if (scored.empty() || scored[i]) rows.push_back(i);
  if (rows.empty()) return out;
  // Each scored row's leaf value in every tree, and per feature the (scored row, tree) pairs whose path tests it:
  // shuffling a column changes only those trees' answers for the rows whose cell changed. The probability is then
  // summed in tree order from the cached and the new leaves, so it equals forest.probability() bit for bit.
  const auto& trees = forest.trees();
  const size_t n_trees = trees.size();
  std::vector<double> leaf(rows.size() * n_trees, 0.0);
  std::vector<std::vector<std::pair<uint32_t, uint32_t>>> on_path(x.cols);
  for (size_t s = 0; s < rows.size(); ++s)
    for (size_t t = 0; t < n_trees; ++t) {
      const auto& nodes = trees[t].nodes;
      if (nodes.empty()) continue;
      const uint8_t* row = x.row(rows[s]);
      int n = 0;
      while (nodes[n].feature >= 0) {
        on_path[static_cast<size_t>(nodes[n].feature)].push_back({static_cast<uint32_t>(s), static_cast<uint32_t>(t)});
        n = row[nodes[n].feature] ? nodes[n].present : nodes[n].absent;
      }
      leaf[s * n_trees + t] = nodes[n].positive;
    }
  auto predicted = [&](const double* leaves) {
    double sum = 0;
    for (size_t t = 0; t < n_trees; ++t) sum += leaves[t];
    return n_trees > 0 && sum / static_cast<double>(n_trees) > 0.5;
  };
  std::vector<uint8_t> base_right(rows.size());
  size_t base = 0;
  for (size_t s = 0; s < rows.size(); ++s) {
    base_right[s] = predicted(&leaf[s * n_trees]) == (labels[rows[s]] != 0);
    base += base_right[s];
  }
  SeededRandom random(seed);
  std::vector<size_t> order(x.rows);
  std::vector<uint8_t> changed_row(x.cols);
  std::vector<double> changed_leaves(n_trees);
  for (size_t f = 0; f < x.cols; ++f) {
    // Counted in whole items, so equal drops give equal importances (ties then fall to the caller's order).
    long long drop = 0;
    for (int r = 0; r < repeats; ++r) {
      std::iota(order.begin(), order.end(), 0);
      random.shuffle(order);
      size_t right = 0, k = 0;  // k walks on_path[f], which is in increasing scored-row order
      for (size_t s = 0; s < rows.size(); ++s) {
        const size_t i = rows[s];
        const uint8_t value = x.at(order[i], f);
        const size_t first = k;
        while (k < on_path[f].size() && on_path[f][k].first == s) ++k;
        if (value == x.at(i, f)) {
          right += base_right[s];
          continue;
        }
        std::copy(x.row(i), x.row(i) + x.cols, changed_row.begin());
        changed_row[f] = value;
        std::copy(&leaf[s * n_trees], &leaf[s * n_trees] + n_trees, changed_leaves.begin());
        for (size_t e = first; e < k; ++e) {
          const size_t t = on_path[f][e].second;
          changed_leaves[t] = trees[t].predict(changed_row.data());
        }
        right += predicted(changed_leaves.data()) == (labels[i] != 0);
      }
      drop += static_cast<long long>(base) - static_cast<long long>(right);
    }
    out[f] = repeats > 0 ? static_cast<double>(drop) / (static_cast<double>(rows.size()) * repeats) : 0;
  }
  return out;
}

}  // namespace chokepoint::learn
