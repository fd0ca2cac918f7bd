// UMAP (McInnes, Healy and Melville 2018), the 2-D map SQLSpace draws (003 §4: n_neighbors 50, min_dist 0.01), as
// umap-learn computes it with its defaults otherwise: exact k nearest neighbours by Euclidean distance (the point
// itself first), the fuzzy simplicial set (rho: distance to the nearest other point; sigma by bisection so that
// sum exp(-(d - rho) / sigma) = log2(k)), its fuzzy union w + w' - w w', edges below max / epochs dropped, a and b
// fitted to min_dist and spread by least squares on 300 points of [0, 3 spread], and stochastic gradient descent with
// 5 negative samples per positive one, gradients clipped at 4 and a learning rate falling linearly from 1. The start
// is uniform in [-10, 10] from our seeded generator, as umap-js starts (umap-learn's default is spectral), so the
// same seed gives the same map on every platform. Exact neighbours cost n^2 distances: the caller bounds n.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/learn/dense_matrix.h"
#include "core/learn/seeded_random.h"

namespace chokepoint::learn {

// The most rows a front end maps: the neighbours are exact, n^2 distances (20,000 rows of 187 features take minutes).
constexpr size_t kMaxUmapRows = 20000;

struct UmapOptions {
  size_t n_neighbors = 50;  // 003's; at most rows - 1 is used
  double min_dist = 0.01;   // 003's
  double spread = 1.0;
  size_t epochs = 0;  // 0: 500 for up to 10,000 rows, else 200 (umap-learn)
  size_t negative_sample_rate = 5;
  uint64_t seed = 0;
};

struct UmapResult {
  DenseMatrix coordinates;  // rows x 2
  size_t n_neighbors = 0;   // used
  size_t epochs = 0;
  double a = 0, b = 0;  // the fitted curve 1 / (1 + a d^(2b))
};

// UMAP a unit of work at a time, for a front end that draws between units: each step() finds one row's nearest
// neighbours, then one row's memberships of the fuzzy graph, then one row's entries missing from the transpose, then
// one row's edges of the union, then runs a slice of at most kEdgesPerStep edges of an epoch (an epoch
// on BIRD dev's graph is ~150,000 edges). The map is umap()'s, however the steps fall.
class UmapLayout {
 public:
  static constexpr size_t kEdgesPerStep = 8192;
  // At least 3 rows and one column, else error() says which and done() is true at once.
  UmapLayout(DenseMatrix x, const UmapOptions& options = {});
  // One unit; false once done.
  bool step();
  bool done() const { return phase_ == Phase::done; }
  const std::string& error() const { return error_; }
  double progress() const;                           // 0 to 1: the rows' neighbours, then the epochs
  const UmapResult& result() const { return out_; }  // complete once done() without an error

 private:
  enum class Phase { neighbours, memberships, reverse, join, layout, done };
  struct Edge {
    size_t head, tail;
    double weight;
  };
  void add_memberships(size_t row);
  const Edge* transpose(size_t i, size_t j) const;
  void add_reverse_only(size_t row);
  void join_row(size_t row);
  void finish_graph();
  void run_edges(size_t first, size_t last);  // of the current epoch

  DenseMatrix x_;
  UmapOptions options_;
  UmapResult out_;
  Phase phase_ = Phase::neighbours;
  std::string error_;
  size_t next_row_ = 0, next_member_row_ = 0, next_reverse_row_ = 0, next_join_row_ = 0, next_epoch_ = 0,
         next_edge_ = 0;
  std::vector<std::vector<size_t>> index_;
  std::vector<std::vector<double>> dist_;
  std::vector<std::pair<double, size_t>> scratch_;
  double mean_distance_ = 0;
  std::vector<Edge> memberships_;  // row by row, each row in tail order
  std::vector<size_t> row_start_;  // where each row's memberships begin (and, at the end, where they end)
  std::vector<std::vector<std::pair<size_t, double>>> incoming_only_;  // per row i: (j, w_ji) with no w_ij
  std::vector<Edge> edges_;
  std::vector<double> per_sample_, next_sample_, per_negative_, next_negative_;
  SeededRandom rng_;
};

// The whole map at once. At least 3 rows; a matrix of fewer columns than 1 is an error.
Result<UmapResult> umap(const DenseMatrix& x, const UmapOptions& options = {});

// umap-learn's find_ab_params: a and b of 1 / (1 + a d^(2b)) fitted to 1 below min_dist, exp(-(d - min_dist) /
// spread) above.
void umap_curve(double spread, double min_dist, double& a, double& b);

// How much of each point's neighbourhood a map keeps: for each row, the share of its k nearest rows of x (Euclidean,
// itself excluded, ties by index) that are also among its k nearest in `map`; the mean over rows.
double neighbour_preservation(const DenseMatrix& x, const DenseMatrix& map, size_t k);
// The same from each row's k nearest other rows of x, computed once (nearest_rows) for several maps of it.
std::vector<std::vector<size_t>> nearest_rows(const DenseMatrix& x, size_t k);
double neighbour_preservation(const std::vector<std::vector<size_t>>& near_x, const DenseMatrix& map);

}  // namespace chokepoint::learn
