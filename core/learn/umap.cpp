// UMAP's graph and layout (see umap.h), after umap-learn's umap_.py (fuzzy_simplicial_set, smooth_knn_dist,
// compute_membership_strengths, find_ab_params, make_epochs_per_sample) and layouts.py
// (_optimize_layout_euclidean_single_epoch).
#include "core/learn/umap.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <unordered_map>

#include "core/learn/seeded_random.h"

namespace chokepoint::learn {
namespace {

// Each row's k nearest rows (itself included, first), by distance then index; distances Euclidean.
void nearest(const DenseMatrix& x, size_t k, std::vector<std::vector<size_t>>& index,
             std::vector<std::vector<double>>& dist) {
  const size_t n = x.rows;
  index.assign(n, {});
  dist.assign(n, {});
  std::vector<std::pair<double, size_t>> all(n);
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < n; ++j) all[j] = {j == i ? -1.0 : squared_distance(x.row(i), x.row(j), x.cols), j};
    std::partial_sort(all.begin(), all.begin() + static_cast<long>(k), all.end());
    for (size_t m = 0; m < k; ++m) {
      index[i].push_back(all[m].second);
      dist[i].push_back(all[m].first < 0 ? 0.0 : std::sqrt(all[m].first));
    }
  }
}

// smooth_knn_dist with local_connectivity 1 and bandwidth 1.
void smooth_distances(const std::vector<std::vector<double>>& dist, std::vector<double>& sigma,
                      std::vector<double>& rho) {
  const size_t n = dist.size();
  const double target = std::log2(static_cast<double>(dist.empty() ? 1 : dist[0].size()));
  double all_sum = 0;
  size_t all_n = 0;
  for (const auto& d : dist)
    for (double v : d) {
      all_sum += v;
      ++all_n;
    }
  const double mean_all = all_n ? all_sum / static_cast<double>(all_n) : 0;
  sigma.assign(n, 0);
  rho.assign(n, 0);
  for (size_t i = 0; i < n; ++i) {
    const auto& d = dist[i];
    for (double v : d)
      if (v > 0) {
        if (rho[i] == 0) rho[i] = v;  // the first, so the smallest: d is sorted
      }
    double lo = 0, hi = std::numeric_limits<double>::infinity(), mid = 1;
    for (int it = 0; it < 64; ++it) {
      double psum = 0;
      for (size_t j = 1; j < d.size(); ++j) {
        const double t = d[j] - rho[i];
        psum += t > 0 ? std::exp(-t / mid) : 1.0;
      }
      if (std::fabs(psum - target) < 1e-5) break;
      if (psum > target) {
        hi = mid;
        mid = (lo + hi) / 2;
      } else {
        lo = mid;
        mid = std::isinf(hi) ? mid * 2 : (lo + hi) / 2;
      }
    }
    const double mean_i = d.empty() ? 0 : std::accumulate(d.begin(), d.end(), 0.0) / static_cast<double>(d.size());
    const double floor = 1e-3 * (rho[i] > 0 ? mean_i : mean_all);
    sigma[i] = std::max(mid, floor);
  }
}

}  // namespace

void umap_curve(double spread, double min_dist, double& a, double& b) {
  std::vector<double> xs(300), ys(300);
  for (size_t i = 0; i < xs.size(); ++i) {
    xs[i] = spread * 3 * static_cast<double>(i) / 299.0;
    ys[i] = xs[i] < min_dist ? 1.0 : std::exp(-(xs[i] - min_dist) / spread);
  }
  // Levenberg-Marquardt from (1, 1), as scipy's curve_fit starts.
  auto loss = [&](double pa, double pb) {
    double s = 0;
    for (size_t i = 0; i < xs.size(); ++i) {
      const double r = 1.0 / (1.0 + pa * std::pow(xs[i], 2 * pb)) - ys[i];
      s += r * r;
    }
    return s;
  };
  a = 1;
  b = 1;
  double lambda = 1e-3, current = loss(a, b);
  for (int it = 0; it < 500; ++it) {
    double jaa = 0, jab = 0, jbb = 0, ga = 0, gb = 0;
    for (size_t i = 0; i < xs.size(); ++i) {
      const double x = xs[i];
      const double p = x > 0 ? std::pow(x, 2 * b) : 0.0;
      const double den = 1 + a * p;
      const double r = 1.0 / den - ys[i];
      const double da = -p / (den * den);
      const double db = x > 0 ? -a * p * 2 * std::log(x) / (den * den) : 0.0;
      jaa += da * da;
      jab += da * db;
      jbb += db * db;
      ga += da * r;
      gb += db * r;
    }
    bool stepped = false;
    for (int tries = 0; tries < 20 && !stepped; ++tries) {
      const double m00 = jaa * (1 + lambda), m11 = jbb * (1 + lambda), det = m00 * m11 - jab * jab;
      if (std::fabs(det) < 1e-300) break;
      const double sa = -(m11 * ga - jab * gb) / det, sb = -(m00 * gb - jab * ga) / det;
      const double next = loss(a + sa, b + sb);
      if (next < current) {
        a += sa;
        b += sb;
        const bool done = current - next < 1e-15 * std::max(1.0, current);
        current = next;
        lambda = std::max(lambda / 10, 1e-12);
        stepped = true;
        if (done) return;
      } else {
        lambda *= 10;
      }
    }
    if (!stepped) return;
  }
}

Result<UmapResult> umap(const DenseMatrix& x, const UmapOptions& options) {
  const size_t n = x.rows;
  if (n < 3) return Error{"UMAP needs at least 3 rows"};
  if (x.cols == 0) return Error{"UMAP needs at least one column"};
  UmapResult out;
  out.n_neighbors = std::min(std::max<size_t>(options.n_neighbors, 2), n - 1);
  out.epochs = options.epochs ? options.epochs : (n <= 10000 ? 500 : 200);
  umap_curve(options.spread, options.min_dist, out.a, out.b);

  // The fuzzy simplicial set and its union with its transpose.
  std::vector<std::vector<size_t>> index;
  std::vector<std::vector<double>> dist;
  nearest(x, out.n_neighbors, index, dist);
  std::vector<double> sigma, rho;
  smooth_distances(dist, sigma, rho);
  std::unordered_map<uint64_t, double> w;
  auto key = [n](size_t i, size_t j) { return static_cast<uint64_t>(i) * n + j; };
  for (size_t i = 0; i < n; ++i)
    for (size_t m = 0; m < index[i].size(); ++m) {
      const size_t j = index[i][m];
      if (j == i) continue;
      const double t = dist[i][m] - rho[i];
      w[key(i, j)] = (t <= 0 || sigma[i] == 0) ? 1.0 : std::exp(-t / sigma[i]);
    }
  struct Edge {
    size_t head, tail;
    double weight;
  };
  std::vector<Edge> edges;
  for (const auto& [k, v] : w) {
    const size_t i = static_cast<size_t>(k / n), j = static_cast<size_t>(k % n);
    const auto back = w.find(key(j, i));
    const double t = back == w.end() ? 0.0 : back->second;
    edges.push_back({i, j, v + t - v * t});
    if (back == w.end()) edges.push_back({j, i, v});  // (j, i) exists only through the union
  }
  std::sort(edges.begin(), edges.end(),
            [](const Edge& a, const Edge& b) { return a.head != b.head ? a.head < b.head : a.tail < b.tail; });
  double max_w = 0;
  for (const auto& e : edges) max_w = std::max(max_w, e.weight);
  const double epochs = static_cast<double>(out.epochs);
  edges.erase(std::remove_if(edges.begin(), edges.end(), [&](const Edge& e) { return e.weight < max_w / epochs; }),
              edges.end());

  // The layout.
  SeededRandom rng(options.seed);
  out.coordinates = DenseMatrix(n, 2);
  for (double& v : out.coordinates.values) v = rng.uniform() * 20 - 10;
  std::vector<double> per_sample(edges.size()), next_sample(edges.size()), per_negative(edges.size()),
      next_negative(edges.size());
  for (size_t e = 0; e < edges.size(); ++e) {
    const double samples = epochs * edges[e].weight / max_w;
    per_sample[e] = samples > 0 ? epochs / samples : -1;
    next_sample[e] = per_sample[e];
    per_negative[e] = per_sample[e] / static_cast<double>(std::max<size_t>(1, options.negative_sample_rate));
    next_negative[e] = per_negative[e];
  }
  const double a = out.a, b = out.b;
  auto clip = [](double v) { return std::clamp(v, -4.0, 4.0); };
  double* emb = out.coordinates.values.data();
  for (size_t epoch = 0; epoch < out.epochs; ++epoch) {
    const double alpha = 1.0 - static_cast<double>(epoch) / epochs, now = static_cast<double>(epoch);
    for (size_t e = 0; e < edges.size(); ++e) {
      if (per_sample[e] <= 0 || next_sample[e] > now) continue;
      double* cur = emb + 2 * edges[e].head;
      double* other = emb + 2 * edges[e].tail;
      const double d2 = squared_distance(cur, other, 2);
      const double coeff = d2 > 0 ? -2.0 * a * b * std::pow(d2, b - 1.0) / (a * std::pow(d2, b) + 1.0) : 0.0;
      for (int c = 0; c < 2; ++c) {
        const double g = clip(coeff * (cur[c] - other[c]));
        cur[c] += g * alpha;
        other[c] -= g * alpha;
      }
      next_sample[e] += per_sample[e];
      const auto negatives = static_cast<size_t>((now - next_negative[e]) / per_negative[e]);
      for (size_t p = 0; p < negatives; ++p) {
        const size_t k = rng.below(n);
        if (k == edges[e].head) continue;
        const double* neg = emb + 2 * k;
        const double nd2 = squared_distance(cur, neg, 2);
        const double ncoeff = nd2 > 0 ? 2.0 * b / ((0.001 + nd2) * (a * std::pow(nd2, b) + 1.0)) : 0.0;
        for (int c = 0; c < 2; ++c) cur[c] += (ncoeff > 0 ? clip(ncoeff * (cur[c] - neg[c])) : 4.0) * alpha;
      }
      next_negative[e] += static_cast<double>(negatives) * per_negative[e];
    }
  }
  return out;
}

std::vector<std::vector<size_t>> nearest_rows(const DenseMatrix& x, size_t k) {
  if (x.rows < 2 || k == 0) return std::vector<std::vector<size_t>>(x.rows);
  std::vector<std::vector<size_t>> index;
  std::vector<std::vector<double>> unused;
  nearest(x, std::min(k, x.rows - 1) + 1, index, unused);
  for (auto& row : index) row.erase(row.begin());  // itself
  return index;
}

double neighbour_preservation(const std::vector<std::vector<size_t>>& near_x, const DenseMatrix& map) {
  const size_t n = std::min(near_x.size(), map.rows);
  if (n < 2 || near_x[0].empty()) return 0;
  const size_t k = near_x[0].size();
  const auto near_map = nearest_rows(map, k);
  double total = 0;
  for (size_t i = 0; i < n; ++i) {
    std::vector<size_t> a = near_x[i], b = near_map[i];
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    std::vector<size_t> both;
    std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(both));
    total += static_cast<double>(both.size()) / static_cast<double>(k);
  }
  return total / static_cast<double>(n);
}

double neighbour_preservation(const DenseMatrix& x, const DenseMatrix& map, size_t k) {
  if (std::min(x.rows, map.rows) < 2 || k == 0) return 0;
  return neighbour_preservation(nearest_rows(x, k), map);
}

}  // namespace chokepoint::learn
