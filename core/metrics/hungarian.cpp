// Hungarian algorithm (shortest augmenting paths with row/column potentials), minimising negated weights.
#include "core/metrics/hungarian.h"

#include <cmath>
#include <limits>

namespace chokepoint {
namespace {

// Minimum-cost assignment of every row for n <= m; 1-based internally as in the classical formulation. cost(i, j)
// for 0-based i < n, j < m; row_to_col (n entries) receives the assignment.
template <typename Cost>
void min_cost_rows_le_cols(const Cost& cost, size_t n, size_t m, AssignmentBuffers& b, int* row_to_col) {
  const double inf = std::numeric_limits<double>::infinity();
  b.u.assign(n + 1, 0);
  b.v.assign(m + 1, 0);
  b.p.assign(m + 1, 0);
  b.way.assign(m + 1, 0);
  auto &u = b.u, &v = b.v, &minv = b.minv;
  auto &p = b.p, &way = b.way;
  auto& used = b.used;
  for (size_t i = 1; i <= n; ++i) {
    p[0] = i;
    size_t j0 = 0;
    minv.assign(m + 1, inf);  // fresh per row, as in the classical formulation
    used.assign(m + 1, 0);
    do {
      used[j0] = 1;
      size_t i0 = p[j0], j1 = 0;
      double delta = inf;
      for (size_t j = 1; j <= m; ++j) {
        if (used[j]) continue;
        double cur = cost(i0 - 1, j - 1) - u[i0] - v[j];
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
  for (size_t i = 0; i < n; ++i) row_to_col[i] = -1;
  for (size_t j = 1; j <= m; ++j)
    if (p[j] != 0) row_to_col[p[j] - 1] = static_cast<int>(j - 1);
}

}  // namespace

void max_weight_assignment(const double* weight, size_t rows, size_t cols, AssignmentBuffers& buffers,
                           std::vector<int>& out) {
  out.assign(rows, -1);
  if (rows == 0 || cols == 0) return;
  const auto at = [&](size_t i, size_t j) { return weight[i * cols + j]; };
  // One row or one column (most SC pairs: a one-column result on either side): the algorithm's first step takes the
  // first strictly smallest cost, i.e. the first largest weight, and stops. Taken directly when every weight is
  // finite (the step's comparisons behave otherwise with NaN or infinities).
  if (rows == 1 || cols == 1) {
    bool finite = true;
    for (size_t k = 0; k < rows * cols; ++k) finite = finite && std::isfinite(weight[k]);
    if (finite) {
      const size_t n = rows == 1 ? cols : rows;
      size_t best = 0;
      for (size_t k = 1; k < n; ++k)
        if (-weight[k] < -weight[best]) best = k;
      if (rows == 1)
        out[0] = static_cast<int>(best);
      else
        out[best] = 0;
      return;
    }
  }
  // Costs are the negated weights, read in place (negation is exact, so the sums are those of a negated copy).
  if (rows <= cols) {
    min_cost_rows_le_cols([&](size_t i, size_t j) { return -at(i, j); }, rows, cols, buffers, out.data());
    return;
  }
  // More rows than columns: assign columns to rows on the transpose, then invert.
  buffers.col_to_row.resize(cols);
  min_cost_rows_le_cols([&](size_t i, size_t j) { return -at(j, i); }, cols, rows, buffers, buffers.col_to_row.data());
  for (size_t j = 0; j < cols; ++j)
    if (buffers.col_to_row[j] >= 0) out[static_cast<size_t>(buffers.col_to_row[j])] = static_cast<int>(j);
}

std::vector<int> max_weight_assignment(const std::vector<std::vector<double>>& weight) {
  const size_t rows = weight.size();
  if (rows == 0) return {};
  const size_t cols = weight[0].size();
  std::vector<double> flat;
  flat.reserve(rows * cols);
  for (const auto& row : weight) flat.insert(flat.end(), row.begin(), row.end());
  AssignmentBuffers buffers;
  std::vector<int> out;
  max_weight_assignment(flat.data(), rows, cols, buffers, out);
  return out;
}

}  // namespace chokepoint
