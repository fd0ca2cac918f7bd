// Principal component analysis for the 2-D map of a feature space (SQLSpace §4 draws UMAP; PCA is our default:
// deterministic, linear, and cheap for 187 columns). Eigenvectors of the sample covariance by the cyclic Jacobi
// method (Golub and Van Loan, Matrix Computations, 4th ed., §8.5), which is exact to rounding for a symmetric matrix
// of this size and needs no random start, unlike power iteration.
#pragma once
#include <vector>

#include "core/learn/dense_matrix.h"

namespace chokepoint::learn {

// Invariants: components is n_components x x.cols with orthonormal rows, in decreasing explained variance; each
// component's sign is fixed so that its entry of largest magnitude (the first such on a tie) is positive; coordinates
// is x.rows x n_components: the centred rows projected on the components.
struct PcaResult {
  std::vector<double> mean;                // per column
  DenseMatrix components;                  // one principal axis per row
  std::vector<double> explained_variance;  // eigenvalues of the covariance (divisor rows - 1)
  std::vector<double> explained_ratio;     // each over the total variance
  DenseMatrix coordinates;
};

// The sample covariance of x's columns (divisor rows - 1; 0 for fewer than two rows).
DenseMatrix covariance(const DenseMatrix& x, std::vector<double>& mean);

// Eigen-decomposition of a symmetric matrix by cyclic Jacobi rotations until the off-diagonal mass is below
// 1e-22 of the total (or 100 sweeps). values in decreasing order; vectors holds the matching eigenvectors as rows.
void symmetric_eigen(const DenseMatrix& a, std::vector<double>& values, DenseMatrix& vectors);

// PCA of x with n_components (at most x.cols).
PcaResult pca(const DenseMatrix& x, size_t n_components = 2);

// Other rows (same columns) projected with a fitted PCA.
DenseMatrix pca_project(const PcaResult& fit, const DenseMatrix& x);

}  // namespace chokepoint::learn
