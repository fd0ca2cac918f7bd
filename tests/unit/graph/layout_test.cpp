// Force layout: deterministic, inside the unit square, and drawing neighbours closer than non-neighbours.
#include "core/graph/layout.h"

#include <gtest/gtest.h>

#include <cmath>

namespace chokepoint {
namespace {

double distance(const Point2& a, const Point2& b) { return std::hypot(a.x - b.x, a.y - b.y); }

UndirectedGraph path(int n) {
  UndirectedGraph g(static_cast<size_t>(n));
  for (int v = 0; v + 1 < n; ++v) g.add_edge(v, v + 1);
  return g;
}

TEST(Layout, SameSeedSamePositions) {
  const auto a = force_layout(path(5), {7, 100});
  const auto b = force_layout(path(5), {7, 100});
  ASSERT_EQ(a.size(), 5u);
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].x, b[i].x);
    EXPECT_EQ(a[i].y, b[i].y);
  }
}

TEST(Layout, PositionsLieInTheUnitSquareAndDiffer) {
  UndirectedGraph g(6);
  g.add_edge(0, 1);
  g.add_edge(1, 2);
  g.add_edge(2, 0);
  g.add_edge(3, 4);  // node 5 isolated
  const auto p = force_layout(g);
  ASSERT_EQ(p.size(), 6u);
  for (size_t i = 0; i < p.size(); ++i) {
    EXPECT_GE(p[i].x, 0.0);
    EXPECT_LE(p[i].x, 1.0);
    EXPECT_GE(p[i].y, 0.0);
    EXPECT_LE(p[i].y, 1.0);
    for (size_t j = 0; j < i; ++j) EXPECT_GT(distance(p[i], p[j]), 1e-3);
  }
}

TEST(Layout, PathEndsAreFartherApartThanNeighbours) {
  const auto p = force_layout(path(3));
  EXPECT_GT(distance(p[0], p[2]), distance(p[0], p[1]));
  EXPECT_GT(distance(p[0], p[2]), distance(p[1], p[2]));
}

TEST(Layout, TrivialGraphs) {
  EXPECT_TRUE(force_layout(UndirectedGraph()).empty());
  const auto one = force_layout(UndirectedGraph(1));
  ASSERT_EQ(one.size(), 1u);
  EXPECT_DOUBLE_EQ(one[0].x, 0.5);
}

}  // namespace
}  // namespace chokepoint
