// UMAP's graph and layout (see umap.h), after umap-learn's umap_.py (fuzzy_simplicial_set, smooth_knn_dist,
// compute_membership_strengths, find_ab_params, make_epochs_per_sample) and layouts.py
// (_optimize_layout_euclidean_single_epoch).
#include "core/learn/umap.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "core/learn/seeded_random.h"

namespace chokepoint::learn {
namespace {

// Row i's k nearest rows (itself included, first), by distance then index; distances Euclidean. `all` is scratch
// space of x.rows entries.
void nearest_row(const DenseMatrix& x, size_t i, size_t k, std::vector<std::pair<double, size_t>>& all,
                 std::vector<size_t>& index, std::vector<double>& dist) {
  const size_t n = x.rows;
  all.resize(n);
  for (size_t j = 0; j < n; ++j) all[j] = {j == i ? -1.0 : squared_distance(x.row(i), x.row(j), x.cols), j};
  std::partial_sort(all.begin(), all.begin() + static_cast<long>(k), all.end());
  index.clear();
  dist.clear();
  for (size_t m = 0; m < k; ++m) {
    index.push_back(all[m].second);
    dist.push_back(all[m].first < 0 ? 0.0 : std::sqrt(all[m].first));
  }
}

void nearest(const DenseMatrix& x, size_t k, std::vector<std::vector<size_t>>& index,
             std::vector<std::vector<double>>& dist) {
  index.assign(x.rows, {});
  dist.assign(x.rows, {});
  std::vector<std::pair<double, size_t>> all;
  for (size_t i = 0; i < x.rows; ++i) nearest_row(x, i, k, all, index[i], dist[i]);
}

// The mean of every distance, smooth_knn_dist's fallback scale for a row whose neighbours all lie at distance 0.
double mean_distance(const std::vector<std::vector<double>>& dist) {
  double all_sum = 0;
  size_t all_n = 0;
  for (const auto& d : dist)
    for (double v : d) {
      all_sum += v;
      ++all_n;
    }
  return all_n ? all_sum / static_cast<double>(all_n) : 0;
}

// smooth_knn_dist with local_connectivity 1 and bandwidth 1, for one row: its distances `d` (sorted, itself first),
// log2(k) as the target, and the mean of all distances. Sets the row's sigma and rho.
void smooth_row(const std::vector<double>& d, double target, double mean_all, double& sigma, double& rho) {
  rho = 0;
  for (double v : d)
    if (v > 0) {
      if (rho == 0) rho = v;  // the first, so the smallest: d is sorted
    }
  double lo = 0, hi = std::numeric_limits<double>::infinity(), mid = 1;
  for (int it = 0; it < 64; ++it) {
    double psum = 0;
    for (size_t j = 1; j < d.size(); ++j) {
      const double t = d[j] - rho;
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
  const double floor = 1e-3 * (rho > 0 ? mean_i : mean_all);
  sigma = std::max(mid, floor);
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

UmapLayout::UmapLayout(DenseMatrix x, const UmapOptions& options)
    : x_(std::move(x)), options_(options), rng_(options.seed) {
  const size_t n = x_.rows;
  if (n < 3 || x_.cols == 0) {
    error_ = n < 3 ? "UMAP needs at least 3 rows" : "UMAP needs at least one column";
    phase_ = Phase::done;
    return;
  }
  out_.n_neighbors = std::min(std::max<size_t>(options.n_neighbors, 2), n - 1);
  out_.epochs = options.epochs ? options.epochs : (n <= 10000 ? 500 : 200);
  umap_curve(options.spread, options.min_dist, out_.a, out_.b);
  index_.assign(n, {});
  dist_.assign(n, {});
}

double UmapLayout::progress() const {
  if (phase_ == Phase::done) return 1.0;
  // Half the bar for the rows' four passes (neighbours, memberships, the transpose, the union), half for the epochs: a
  // count of work done, not a forecast of time.
  const double rows = x_.rows ? static_cast<double>(next_row_ + next_member_row_ + next_reverse_row_ + next_join_row_) /
                                    static_cast<double>(4 * x_.rows)
                              : 1.0;
  const double epochs = out_.epochs ? static_cast<double>(next_epoch_) / static_cast<double>(out_.epochs) : 1.0;
  return 0.5 * rows + 0.5 * epochs;
}

bool UmapLayout::step() {
  switch (phase_) {
    case Phase::neighbours:
      nearest_row(x_, next_row_, out_.n_neighbors, scratch_, index_[next_row_], dist_[next_row_]);
      if (++next_row_ == x_.rows) {
        mean_distance_ = mean_distance(dist_);
        phase_ = Phase::memberships;
      }
      return true;
    case Phase::memberships:
      add_memberships(next_member_row_);
      if (++next_member_row_ == x_.rows) {
        row_start_.push_back(memberships_.size());
        index_.clear();
        dist_.clear();
        incoming_only_.assign(x_.rows, {});
        phase_ = Phase::reverse;
      }
      return true;
    case Phase::reverse:
      add_reverse_only(next_reverse_row_);
      if (++next_reverse_row_ == x_.rows) phase_ = Phase::join;
      return true;
    case Phase::join:
      join_row(next_join_row_);
      if (++next_join_row_ == x_.rows) {
        finish_graph();
        phase_ = Phase::layout;
      }
      return true;
    case Phase::layout: {
      const size_t last = std::min(edges_.size(), next_edge_ + kEdgesPerStep);
      run_edges(next_edge_, last);
      next_edge_ = last;
      if (next_edge_ < edges_.size()) return true;
      next_edge_ = 0;
      if (++next_epoch_ == out_.epochs) {
        phase_ = Phase::done;
        x_ = DenseMatrix();  // the input is no longer needed; the map is kept
      }
      return true;
    }
    case Phase::done:
      return false;
  }
  return false;
}

// Row i's memberships (compute_membership_strengths): exp(-(d - rho) / sigma) to each neighbour j, 1 at or below
// rho; kept in i order, then j order, so the transpose of an entry is found by a binary search in row j.
void UmapLayout::add_memberships(size_t i) {
  double sigma = 0, rho = 0;
  const double target = std::log2(static_cast<double>(dist_[i].empty() ? 1 : dist_[i].size()));
  smooth_row(dist_[i], target, mean_distance_, sigma, rho);
  row_start_.push_back(memberships_.size());
  for (size_t m = 0; m < index_[i].size(); ++m) {
    const size_t j = index_[i][m];
    if (j == i) continue;
    const double t = dist_[i][m] - rho;
    memberships_.push_back({i, j, (t <= 0 || sigma == 0) ? 1.0 : std::exp(-t / sigma)});
  }
  std::sort(memberships_.begin() + static_cast<long>(row_start_.back()), memberships_.end(),
            [](const Edge& a, const Edge& b) { return a.tail < b.tail; });
}

// The entry (j, i) of the memberships, if row j has i.
const UmapLayout::Edge* UmapLayout::transpose(size_t i, size_t j) const {
  const auto first = memberships_.begin() + static_cast<long>(row_start_[j]);
  const auto last = memberships_.begin() + static_cast<long>(row_start_[j + 1]);
  const auto it = std::lower_bound(first, last, i, [](const Edge& e, size_t tail) { return e.tail < tail; });
  return it != last && it->tail == i ? &*it : nullptr;
}

// Row j's memberships (j, i) whose transpose (i, j) is absent: the union has the edge (i, j) through them alone. Rows
// are visited in order, so each row's list comes out in source order.
void UmapLayout::add_reverse_only(size_t j) {
  for (size_t m = row_start_[j]; m < row_start_[j + 1]; ++m) {
    const Edge& e = memberships_[m];
    if (!transpose(e.head, e.tail)) incoming_only_[e.tail].push_back({e.head, e.weight});
  }
}

// Row i's edges of the union w + w' - w w', in tail order: its own memberships (with their transposes) merged with
// the memberships only other rows have towards it. Rows in order, so the edges come out sorted by head, then tail.
void UmapLayout::join_row(size_t i) {
  size_t m = row_start_[i];
  const size_t end = row_start_[i + 1];
  const auto& only = incoming_only_[i];
  size_t k = 0;
  while (m < end || k < only.size()) {
    if (k == only.size() || (m < end && memberships_[m].tail < only[k].first)) {
      const Edge& e = memberships_[m++];
      const Edge* back = transpose(e.head, e.tail);
      const double v = e.weight, t = back ? back->weight : 0.0;
      edges_.push_back({e.head, e.tail, v + t - v * t});
    } else {
      edges_.push_back({i, only[k].first, only[k].second});  // (i, j) exists only through the union
      ++k;
    }
  }
}

// The weak edges dropped, the seeded start and each edge's sampling schedule.
void UmapLayout::finish_graph() {
  const size_t n = x_.rows;
  memberships_ = {};
  row_start_ = {};
  incoming_only_ = {};
  double max_w = 0;
  for (const auto& e : edges_) max_w = std::max(max_w, e.weight);
  const double epochs = static_cast<double>(out_.epochs);
  edges_.erase(std::remove_if(edges_.begin(), edges_.end(), [&](const Edge& e) { return e.weight < max_w / epochs; }),
               edges_.end());

  out_.coordinates = DenseMatrix(n, 2);
  for (double& v : out_.coordinates.values) v = rng_.uniform() * 20 - 10;
  per_sample_.assign(edges_.size(), 0);
  next_sample_.assign(edges_.size(), 0);
  per_negative_.assign(edges_.size(), 0);
  next_negative_.assign(edges_.size(), 0);
  for (size_t e = 0; e < edges_.size(); ++e) {
    const double samples = epochs * edges_[e].weight / max_w;
    per_sample_[e] = samples > 0 ? epochs / samples : -1;
    next_sample_[e] = per_sample_[e];
    per_negative_[e] = per_sample_[e] / static_cast<double>(std::max<size_t>(1, options_.negative_sample_rate));
    next_negative_[e] = per_negative_[e];
  }
}

// Edges [first, last) of one epoch of stochastic gradient descent (umap-learn's
// _optimize_layout_euclidean_single_epoch, which visits the edges in order).
void UmapLayout::run_edges(size_t first, size_t last) {
  const size_t n = out_.coordinates.rows;
  const double epochs = static_cast<double>(out_.epochs);
  const double a = out_.a, b = out_.b;
  auto clip = [](double v) { return std::clamp(v, -4.0, 4.0); };
  double* emb = out_.coordinates.values.data();
  const double alpha = 1.0 - static_cast<double>(next_epoch_) / epochs, now = static_cast<double>(next_epoch_);
  for (size_t e = first; e < last; ++e) {
    if (per_sample_[e] <= 0 || next_sample_[e] > now) continue;
    double* cur = emb + 2 * edges_[e].head;
    double* other = emb + 2 * edges_[e].tail;
    const double d2 = squared_distance(cur, other, 2);
    const double coeff = d2 > 0 ? -2.0 * a * b * std::pow(d2, b - 1.0) / (a * std::pow(d2, b) + 1.0) : 0.0;
    for (int c = 0; c < 2; ++c) {
      const double g = clip(coeff * (cur[c] - other[c]));
      cur[c] += g * alpha;
      other[c] -= g * alpha;
    }
    next_sample_[e] += per_sample_[e];
    const auto negatives = static_cast<size_t>((now - next_negative_[e]) / per_negative_[e]);
    for (size_t p = 0; p < negatives; ++p) {
      const size_t k = rng_.below(n);
      if (k == edges_[e].head) continue;
      const double* neg = emb + 2 * k;
      const double nd2 = squared_distance(cur, neg, 2);
      const double ncoeff = nd2 > 0 ? 2.0 * b / ((0.001 + nd2) * (a * std::pow(nd2, b) + 1.0)) : 0.0;
      for (int c = 0; c < 2; ++c) cur[c] += (ncoeff > 0 ? clip(ncoeff * (cur[c] - neg[c])) : 4.0) * alpha;
    }
    next_negative_[e] += static_cast<double>(negatives) * per_negative_[e];
  }
}

Result<UmapResult> umap(const DenseMatrix& x, const UmapOptions& options) {
  UmapLayout layout(x, options);
  while (layout.step()) {
  }
  if (!layout.error().empty()) return Error{layout.error()};
  return layout.result();
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
