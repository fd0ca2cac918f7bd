// PCA by Jacobi eigen-decomposition of the covariance (see pca.h).
#include "core/learn/pca.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace chokepoint::learn {

DenseMatrix covariance(const DenseMatrix& x, std::vector<double>& mean) {
  const size_t n = x.rows, d = x.cols;
  mean.assign(d, 0.0);
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < d; ++j) mean[j] += x.at(i, j);
  for (double& m : mean) m = n ? m / static_cast<double>(n) : 0.0;
  DenseMatrix cov(d, d);
  if (n < 2) return cov;
  std::vector<double> centred(d);
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < d; ++j) centred[j] = x.at(i, j) - mean[j];
    for (size_t a = 0; a < d; ++a) {
      if (centred[a] == 0) continue;
      double* row = cov.row(a);
      for (size_t b = a; b < d; ++b) row[b] += centred[a] * centred[b];
    }
  }
  for (size_t a = 0; a < d; ++a)
    for (size_t b = a; b < d; ++b) {
      const double v = cov.at(a, b) / static_cast<double>(n - 1);
      cov.at(a, b) = v;
      cov.at(b, a) = v;
    }
  return cov;
}

void symmetric_eigen(const DenseMatrix& input, std::vector<double>& values, DenseMatrix& vectors) {
  const size_t d = input.rows;
  DenseMatrix a = input;
  DenseMatrix v(d, d);  // columns are the eigenvectors as rotations accumulate
  for (size_t i = 0; i < d; ++i) v.at(i, i) = 1.0;
  double total = 0;
  for (double x : a.values) total += x * x;
  for (int sweep = 0; sweep < 100; ++sweep) {
    double off = 0;
    for (size_t p = 0; p < d; ++p)
      for (size_t q = p + 1; q < d; ++q) off += a.at(p, q) * a.at(p, q);
    if (off <= 1e-22 * total || off == 0) break;
    for (size_t p = 0; p < d; ++p)
      for (size_t q = p + 1; q < d; ++q) {
        const double apq = a.at(p, q);
        if (apq == 0) continue;
        // The rotation that zeroes a[p][q] (Golub and Van Loan, Algorithm 8.5.1, sym.schur2): the smaller root t.
        const double theta = (a.at(q, q) - a.at(p, p)) / (2.0 * apq);
        const double t = (theta >= 0 ? 1.0 : -1.0) / (std::fabs(theta) + std::sqrt(theta * theta + 1.0));
        const double c = 1.0 / std::sqrt(t * t + 1.0), s = t * c;
        for (size_t k = 0; k < d; ++k) {  // columns p and q: A <- A J
          const double akp = a.at(k, p), akq = a.at(k, q);
          a.at(k, p) = c * akp - s * akq;
          a.at(k, q) = s * akp + c * akq;
        }
        for (size_t k = 0; k < d; ++k) {  // rows p and q: A <- J^T A
          const double apk = a.at(p, k), aqk = a.at(q, k);
          a.at(p, k) = c * apk - s * aqk;
          a.at(q, k) = s * apk + c * aqk;
        }
        for (size_t k = 0; k < d; ++k) {
          const double vkp = v.at(k, p), vkq = v.at(k, q);
          v.at(k, p) = c * vkp - s * vkq;
          v.at(k, q) = s * vkp + c * vkq;
        }
      }
  }
  std::vector<size_t> order(d);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return a.at(x, x) > a.at(y, y); });
  values.resize(d);
  vectors = DenseMatrix(d, d);
  for (size_t r = 0; r < d; ++r) {
    values[r] = a.at(order[r], order[r]);
    for (size_t k = 0; k < d; ++k) vectors.at(r, k) = v.at(k, order[r]);
  }
}

PcaResult pca(const DenseMatrix& x, size_t n_components) {
  PcaResult out;
  const size_t d = x.cols;
  n_components = std::min(n_components, d);
  const DenseMatrix cov = covariance(x, out.mean);
  std::vector<double> values;
  DenseMatrix vectors;
  symmetric_eigen(cov, values, vectors);
  double total = 0;
  for (double v : values) total += std::max(0.0, v);
  out.components = DenseMatrix(n_components, d);
  for (size_t r = 0; r < n_components; ++r) {
    size_t lead = 0;
    for (size_t k = 1; k < d; ++k)
      if (std::fabs(vectors.at(r, k)) > std::fabs(vectors.at(r, lead)) + 1e-12) lead = k;
    const double sign = vectors.at(r, lead) < 0 ? -1.0 : 1.0;
    for (size_t k = 0; k < d; ++k) out.components.at(r, k) = sign * vectors.at(r, k);
    const double ev = std::max(0.0, values[r]);
    out.explained_variance.push_back(ev);
    out.explained_ratio.push_back(total > 0 ? ev / total : 0.0);
  }
  out.coordinates = pca_project(out, x);
  return out;
}

DenseMatrix pca_project(const PcaResult& fit, const DenseMatrix& x) {
  DenseMatrix out(x.rows, fit.components.rows);
  for (size_t i = 0; i < x.rows; ++i)
    for (size_t c = 0; c < fit.components.rows; ++c) {
      double s = 0;
      for (size_t k = 0; k < x.cols; ++k) s += (x.at(i, k) - fit.mean[k]) * fit.components.at(c, k);
      out.at(i, c) = s;
    }
  return out;
}

}  // namespace chokepoint::learn
