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
#include <vector>

#include "core/base/result.h"
#include "core/learn/dense_matrix.h"

namespace chokepoint::learn {

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

// At least 3 rows; a matrix of fewer columns than 1 is an error.
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
