// Maximum-weight assignment on a small dense matrix (Kuhn–Munkres with potentials, O(n^2 m)). Used for semantic
// column matching, where both sides are output columns (rarely more than 20), so cubic cost is negligible.
// Written here rather than taken from Boost: Boost 1.74's maximum_weighted_matching has known wrong results.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace chokepoint {

// weight[i][j] for rows i and columns j (a rectangular matrix; every row has the same length).
// Returns assignment[i] = the column assigned to row i, or -1 when row i is left out (only when rows > columns).
// Maximises the total weight over all assignments of min(rows, columns) pairs. Deterministic.
std::vector<int> max_weight_assignment(const std::vector<std::vector<double>>& weight);

// The algorithm's working arrays, kept between calls by a caller that assigns many matrices (SC's matcher).
struct AssignmentBuffers {
  std::vector<double> u, v, minv;  // row and column potentials, and each column's smallest reduced cost
  std::vector<size_t> p, way;      // the row assigned to each column, and the augmenting path
  std::vector<uint8_t> used;       // columns on the current path
  std::vector<int> col_to_row;     // more rows than columns: the assignment of the transpose
};
// The same assignment of a row-major rows x cols matrix into `out` (overwritten), on `buffers`: equal to the
// nested-vector form, without allocating once the buffers have grown.
void max_weight_assignment(const double* weight, size_t rows, size_t cols, AssignmentBuffers& buffers,
                           std::vector<int>& out);

}  // namespace chokepoint
