// k-means++ seeding, Lloyd's iterations and restarts (see kmeans.h).
#include "core/learn/kmeans.h"

#include <algorithm>
#include <limits>

namespace chokepoint::learn {
namespace {

// Nearest centroid of one row and its squared distance; the lowest index wins a tie.
std::pair<int, double> nearest(const double* row, const DenseMatrix& centroids) {
  int best = 0;
  double best_d = std::numeric_limits<double>::infinity();
  for (size_t c = 0; c < centroids.rows; ++c) {
    const double d = squared_distance(row, centroids.row(c), centroids.cols);
    if (d < best_d) {
      best_d = d;
      best = static_cast<int>(c);
    }
  }
  return {best, best_d};
}

}  // namespace

DenseMatrix kmeans_plus_plus(const DenseMatrix& x, int k, SeededRandom& random) {
  const size_t n = x.rows, d = x.cols;
  DenseMatrix centres(0, d);
  if (n == 0 || k <= 0) return centres;
  auto add = [&](size_t r) {
    centres.values.insert(centres.values.end(), x.row(r), x.row(r) + d);
    ++centres.rows;
  };
  add(random.below(n));
  // closest[i]: squared distance of row i to its nearest chosen centre.
  std::vector<double> closest(n);
  for (size_t i = 0; i < n; ++i) closest[i] = squared_distance(x.row(i), centres.row(0), d);
  while (centres.rows < static_cast<size_t>(k)) {
    double total = 0;
    for (double c : closest) total += c;
    if (total <= 0) break;  // every row coincides with a centre: fewer distinct rows than k
    // Draw u in [0, total) and walk the cumulative sum; a row at distance 0 can never be drawn.
    const double u = random.uniform() * total;
    double acc = 0;
    size_t pick = n;
    for (size_t i = 0; i < n; ++i) {
      if (closest[i] <= 0) continue;
      acc += closest[i];
      pick = i;
      if (u < acc) break;
    }
    add(pick);
    const double* c = centres.row(centres.rows - 1);
    for (size_t i = 0; i < n; ++i) closest[i] = std::min(closest[i], squared_distance(x.row(i), c, d));
  }
  return centres;
}

KMeansResult lloyd(const DenseMatrix& x, DenseMatrix initial, int max_iterations) {
  KMeansResult out;
  out.centroids = std::move(initial);
  const size_t n = x.rows, d = x.cols, k = out.centroids.rows;
  out.labels.assign(n, -1);
  std::vector<double> sums(k * d);
  std::vector<size_t> counts(k);
  for (int it = 0; it < max_iterations; ++it) {
    bool changed = false;
    for (size_t i = 0; i < n; ++i) {
      const int c = nearest(x.row(i), out.centroids).first;
      if (c != out.labels[i]) {
        out.labels[i] = c;
        changed = true;
      }
    }
    if (!changed) {
      out.converged = true;
      break;
    }
    out.iterations = it + 1;
    std::fill(sums.begin(), sums.end(), 0.0);
    std::fill(counts.begin(), counts.end(), 0);
    for (size_t i = 0; i < n; ++i) {
      const size_t c = static_cast<size_t>(out.labels[i]);
      ++counts[c];
      const double* r = x.row(i);
      for (size_t j = 0; j < d; ++j) sums[c * d + j] += r[j];
    }
    for (size_t c = 0; c < k; ++c) {
      if (counts[c] == 0) continue;  // an empty cluster keeps its centroid
      for (size_t j = 0; j < d; ++j) out.centroids.at(c, j) = sums[c * d + j] / static_cast<double>(counts[c]);
    }
  }
  if (!out.converged)  // labels of the last centroids, so inertia and labels agree
    for (size_t i = 0; i < n; ++i) out.labels[i] = nearest(x.row(i), out.centroids).first;
  out.inertia = inertia_of(x, out.centroids, out.labels);
  return out;
}

KMeansRestarts::KMeansRestarts(const KMeansOptions& options)
    : options_(options), restarts_(std::max(1, options.restarts)), random_(options.seed) {}

void KMeansRestarts::step(const DenseMatrix& x) {
  if (done()) return;
  ++next_;
  KMeansResult run = lloyd(x, kmeans_plus_plus(x, options_.k, random_), options_.max_iterations);
  if (!have_ || run.inertia < best_.inertia) {
    best_ = std::move(run);
    have_ = true;
  }
}

KMeansResult KMeansRestarts::take() { return std::move(best_); }

KMeansResult kmeans(const DenseMatrix& x, const KMeansOptions& options) {
  KMeansRestarts restarts(options);
  while (!restarts.done()) restarts.step(x);
  return restarts.take();
}

std::vector<int> nearest_centroid(const DenseMatrix& x, const DenseMatrix& centroids) {
  std::vector<int> labels(x.rows);
  for (size_t i = 0; i < x.rows; ++i) labels[i] = nearest(x.row(i), centroids).first;
  return labels;
}

double inertia_of(const DenseMatrix& x, const DenseMatrix& centroids, const std::vector<int>& labels) {
  double s = 0;
  for (size_t i = 0; i < x.rows; ++i)
    s += squared_distance(x.row(i), centroids.row(static_cast<size_t>(labels[i])), x.cols);
  return s;
}

}  // namespace chokepoint::learn
