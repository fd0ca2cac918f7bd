// Hungarian algorithm (shortest augmenting paths with row/column potentials), minimising negated weights.
#include "core/metrics/hungarian.h"

#include <cmath>
#include <limits>

namespace chokepoint {
namespace {

// Minimum-cost assignment of every row for n <= m; 1-based internally as in the classical formulation.
std::vector<int> min_cost_rows_le_cols(const std::vector<std::vector<double>>& cost, size_t n, size_t m) {
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<double> u(n + 1, 0), v(m + 1, 0);
  std::vector<size_t> p(m + 1, 0), way(m + 1, 0);
  std::vector<double> minv(m + 1);
  std::vector<bool> used(m + 1);
  for (size_t i = 1; i <= n; ++i) {
    p[0] = i;
    size_t j0 = 0;
    minv.assign(m + 1, inf);  // fresh per row, as in the classical formulation; one allocation for all rows
    used.assign(m + 1, false);
    do {
      used[j0] = true;
      size_t i0 = p[j0], j1 = 0;
      double delta = inf;
      for (size_t j = 1; j <= m; ++j) {
        if (used[j]) continue;
        double cur = cost[i0 - 1][j - 1] - u[i0] - v[j];
        if (cur < minv[j]) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j] < delta) {
          delta = minv[j];
          j1 = j;
        }
      }
      for (size_t j = 0; j <= m; ++j) {
        if (used[j]) {
          u[p[j]] += delta;
          v[j] -= delta;
        } else
          minv[j] -= delta;
      }
      j0 = j1;
    } while (p[j0] != 0);
    do {
      size_t j1 = way[j0];
      p[j0] = p[j1];
      j0 = j1;
    } while (j0 != 0);
  }
  std::vector<int> row_to_col(n, -1);
  for (size_t j = 1; j <= m; ++j)
    if (p[j] != 0) row_to_col[p[j] - 1] = static_cast<int>(j - 1);
  return row_to_col;
}

}  // namespace

std::vector<int> max_weight_assignment(const std::vector<std::vector<double>>& weight) {
  const size_t rows = weight.size();
  if (rows == 0) return {};
  const size_t cols = weight[0].size();
  if (cols == 0) return std::vector<int>(rows, -1);
  // One row or one column (most SC pairs: a one-column result on either side): the algorithm's first step takes the
  // first strictly smallest cost, i.e. the first largest weight, and stops. Taken directly when every weight is
  // finite (the step's comparisons behave otherwise with NaN or infinities).
  if (rows == 1 || cols == 1) {
    bool finite = true;
    for (const auto& row : weight)
      for (double w : row) finite = finite && std::isfinite(w);
    if (finite) {
      const size_t n = rows == 1 ? cols : rows;
      const auto at = [&](size_t k) { return rows == 1 ? weight[0][k] : weight[k][0]; };
      size_t best = 0;
      for (size_t k = 1; k < n; ++k)
        if (-at(k) < -at(best)) best = k;
      if (rows == 1) return {static_cast<int>(best)};
      std::vector<int> out(rows, -1);
      out[best] = 0;
      return out;
    }
  }
  if (rows <= cols) {
    std::vector<std::vector<double>> cost(rows, std::vector<double>(cols));
    for (size_t i = 0; i < rows; ++i)
      for (size_t j = 0; j < cols; ++j) cost[i][j] = -weight[i][j];
    return min_cost_rows_le_cols(cost, rows, cols);
  }
  // More rows than columns: assign columns to rows on the transpose, then invert.
  std::vector<std::vector<double>> cost(cols, std::vector<double>(rows));
  for (size_t i = 0; i < rows; ++i)
    for (size_t j = 0; j < cols; ++j) cost[j][i] = -weight[i][j];
  auto col_to_row = min_cost_rows_le_cols(cost, cols, rows);
  std::vector<int> out(rows, -1);
  for (size_t j = 0; j < cols; ++j)
    if (col_to_row[j] >= 0) out[static_cast<size_t>(col_to_row[j])] = static_cast<int>(j);
  return out;
}

}  // namespace chokepoint
