// PCA on points with a known principal axis, and the Jacobi eigen-decomposition behind it.
#include "core/learn/pca.h"

#include <cmath>

#include <gtest/gtest.h>

using namespace chokepoint::learn;

TEST(Pca, FindsTheDiagonalAxis) {
  // Five points on y = x and two small steps across it: the first axis is (1, 1) / sqrt 2.
  const std::vector<std::pair<double, double>> pts = {{-2, -2}, {-1, -1},    {0, 0},     {1, 1},
                                                      {2, 2},   {0.1, -0.1}, {-0.1, 0.1}};
  DenseMatrix x(pts.size(), 2);
  for (size_t i = 0; i < pts.size(); ++i) {
    x.at(i, 0) = pts[i].first;
    x.at(i, 1) = pts[i].second;
  }
  const PcaResult r = pca(x, 2);
  EXPECT_NEAR(r.components.at(0, 0), std::sqrt(0.5), 1e-12);
  EXPECT_NEAR(r.components.at(0, 1), std::sqrt(0.5), 1e-12);
  // Variance along the axis: sum of (sqrt 2 k)^2 for k = -2..2 over 6 = 20 / 6; across it: 2 (0.1 sqrt 2)^2 / 6.
  EXPECT_NEAR(r.explained_variance[0], 20.0 / 6, 1e-12);
  EXPECT_NEAR(r.explained_variance[1], 0.04 / 6, 1e-12);
  EXPECT_NEAR(r.coordinates.at(4, 0), 2 * std::sqrt(2.0), 1e-12);
  EXPECT_NEAR(std::fabs(r.coordinates.at(5, 1)), 0.1 * std::sqrt(2.0), 1e-12);
}

TEST(Pca, SignMakesTheLargestLoadingPositive) {
  // The main axis is (-3, 1) / sqrt 10 up to sign; the convention picks (3, -1) / sqrt 10.
  DenseMatrix x(4, 2);
  const double pts[4][2] = {{-3, 1}, {3, -1}, {-6, 2}, {6, -2}};
  for (size_t i = 0; i < 4; ++i) {
    x.at(i, 0) = pts[i][0];
    x.at(i, 1) = pts[i][1];
  }
  const PcaResult r = pca(x, 1);
  EXPECT_NEAR(r.components.at(0, 0), 3 / std::sqrt(10.0), 1e-12);
  EXPECT_NEAR(r.components.at(0, 1), -1 / std::sqrt(10.0), 1e-12);
  EXPECT_NEAR(r.explained_ratio[0], 1.0, 1e-12);
}

TEST(Pca, JacobiDiagonalisesASymmetricMatrix) {
  // [[2, 1], [1, 2]] has eigenvalues 3 and 1 with vectors (1, 1) and (1, -1) over sqrt 2.
  DenseMatrix a(2, 2);
  a.at(0, 0) = 2;
  a.at(0, 1) = 1;
  a.at(1, 0) = 1;
  a.at(1, 1) = 2;
  std::vector<double> values;
  DenseMatrix vectors;
  symmetric_eigen(a, values, vectors);
  EXPECT_NEAR(values[0], 3, 1e-14);
  EXPECT_NEAR(values[1], 1, 1e-14);
  EXPECT_NEAR(std::fabs(vectors.at(0, 0)), std::sqrt(0.5), 1e-14);
  EXPECT_NEAR(vectors.at(0, 0), vectors.at(0, 1), 1e-14);
}
