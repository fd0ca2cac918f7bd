// A row-major matrix of doubles: the input of k-means and PCA (one row per example, one column per feature).
// Deliberately plain: the learners need rows and cells, nothing of a linear-algebra library.
#pragma once
#include <cstddef>
#include <vector>

namespace chokepoint::learn {

// Invariant: values.size() == rows * cols.
struct DenseMatrix {
  size_t rows = 0, cols = 0;
  std::vector<double> values;

  DenseMatrix() = default;
  DenseMatrix(size_t r, size_t c, double fill = 0.0) : rows(r), cols(c), values(r * c, fill) {}
  double& at(size_t r, size_t c) { return values[r * cols + c]; }
  double at(size_t r, size_t c) const { return values[r * cols + c]; }
  const double* row(size_t r) const { return values.data() + r * cols; }
  double* row(size_t r) { return values.data() + r * cols; }
};

// Squared Euclidean distance between two rows of length n.
inline double squared_distance(const double* a, const double* b, size_t n) {
  double s = 0;
  for (size_t i = 0; i < n; ++i) {
    const double d = a[i] - b[i];
    s += d * d;
  }
  return s;
}

}  // namespace chokepoint::learn
