// Maximum-weight assignment on a small dense matrix (Kuhn–Munkres with potentials, O(n^2 m)). Used for semantic
// column matching, where both sides are output columns (rarely more than 20), so cubic cost is negligible.
// Written here rather than taken from Boost: Boost 1.74's maximum_weighted_matching has known wrong results.
#pragma once
#include <cstddef>
#include <vector>

namespace chokepoint {

// weight[i][j] for rows i and columns j (a rectangular matrix; every row has the same length).
// Returns assignment[i] = the column assigned to row i, or -1 when row i is left out (only when rows > columns).
// Maximises the total weight over all assignments of min(rows, columns) pairs. Deterministic.
std::vector<int> max_weight_assignment(const std::vector<std::vector<double>>& weight);

}  // namespace chokepoint
