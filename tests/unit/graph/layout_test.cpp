// Layouts: deterministic, inside the unit square, neighbours closer than non-neighbours; Kamada–Kawai spaces
// neighbours evenly, lays a path flat, keeps components and isolated nodes apart; boxes drawn at the positions are
// pushed apart until none covers another.
#include "core/graph/layout.h"

#include "core/graph/box_separation.h"

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

TEST(KamadaKawai, APathLiesFlatWithEvenSteps) {
  const auto p = kamada_kawai_layout(path(3));
  ASSERT_EQ(p.size(), 3u);
  // Flat to well under a pixel (the spring model stops at a tolerance, so not to the last digit; the WebAssembly
  // build's libm lands a few millionths away from the native one's).
  EXPECT_NEAR(p[0].y, p[1].y, 1e-4);
  EXPECT_NEAR(p[1].y, p[2].y, 1e-4);
  EXPECT_NEAR(distance(p[0], p[1]), distance(p[1], p[2]), 1e-3);
  EXPECT_NEAR(distance(p[0], p[2]), 1.0, 1e-6);  // the whole width of the unit square
}

TEST(KamadaKawai, AStarSpreadsItsLeavesAroundTheCentre) {
  UndirectedGraph g(5);
  for (int leaf = 1; leaf < 5; ++leaf) g.add_edge(0, leaf);
  const auto p = kamada_kawai_layout(g);
  for (int a = 1; a < 5; ++a) {
    EXPECT_NEAR(distance(p[0], p[static_cast<size_t>(a)]), distance(p[0], p[1]), 1e-2);
    for (int b = 1; b < a; ++b)  // leaves farther from each other than from the centre
      EXPECT_GT(distance(p[static_cast<size_t>(a)], p[static_cast<size_t>(b)]), distance(p[0], p[1]));
  }
}

TEST(KamadaKawai, ComponentsAndIsolatedNodesDoNotMix) {
  UndirectedGraph g(7);
  g.add_edge(0, 1);
  g.add_edge(1, 2);
  g.add_edge(2, 0);  // a triangle
  g.add_edge(3, 4);  // a pair; 5 and 6 isolated
  const auto p = kamada_kawai_layout(g);
  const auto q = kamada_kawai_layout(g);
  ASSERT_EQ(p.size(), 7u);
  for (size_t i = 0; i < p.size(); ++i) {
    EXPECT_EQ(p[i].x, q[i].x);
    EXPECT_EQ(p[i].y, q[i].y);
    EXPECT_GE(p[i].x, -1e-9);
    EXPECT_LE(p[i].x, 1 + 1e-9);
    EXPECT_GE(p[i].y, -1e-9);
    EXPECT_LE(p[i].y, 1 + 1e-9);
  }
  const double edge = distance(p[0], p[1]);
  EXPECT_NEAR(distance(p[1], p[2]), edge, 1e-3);
  EXPECT_NEAR(distance(p[3], p[4]), edge, 1e-3);  // the pair's edge as long as the triangle's
  for (int t = 0; t < 3; ++t) EXPECT_LT(p[static_cast<size_t>(t)].x, std::min(p[3].x, p[4].x));  // side by side
  for (int iso : {5, 6})  // isolated nodes below every connected one
    for (int v = 0; v < 5; ++v) EXPECT_GT(p[static_cast<size_t>(iso)].y, p[static_cast<size_t>(v)].y);
  for (size_t i = 0; i < p.size(); ++i)
    for (size_t j = 0; j < i; ++j) EXPECT_GT(distance(p[i], p[j]), 0.1) << i << " " << j;
}

TEST(KamadaKawai, TrivialGraphs) {
  EXPECT_TRUE(kamada_kawai_layout(UndirectedGraph()).empty());
  const auto one = kamada_kawai_layout(UndirectedGraph(1));
  ASSERT_EQ(one.size(), 1u);
  EXPECT_DOUBLE_EQ(one[0].y, 0.5);
}

TEST(BoxSeparation, OverlappingLabelsArePushedApart) {
  // Three labels on one spot and one already clear of them.
  std::vector<Box> boxes = {{{100, 100}, 40, 10}, {{100, 100}, 30, 10}, {{105, 102}, 50, 10}, {{400, 100}, 20, 10}};
  ASSERT_TRUE(boxes_overlap(boxes));
  const auto moved = separate_boxes(boxes, 4);
  ASSERT_EQ(moved.size(), boxes.size());
  for (size_t i = 0; i < boxes.size(); ++i) boxes[i].centre = moved[i];
  EXPECT_FALSE(boxes_overlap(boxes));
  EXPECT_DOUBLE_EQ(moved[3].x, 400);  // a box that covered nothing stays
  EXPECT_DOUBLE_EQ(moved[3].y, 100);
}

TEST(BoxSeparation, BoxesApartStayPut) {
  const std::vector<Box> boxes = {{{0, 0}, 10, 5}, {{30, 0}, 10, 5}, {{0, 20}, 10, 5}};
  EXPECT_FALSE(boxes_overlap(boxes));
  const auto moved = separate_boxes(boxes, 2);
  for (size_t i = 0; i < boxes.size(); ++i) {
    EXPECT_EQ(moved[i].x, boxes[i].centre.x);
    EXPECT_EQ(moved[i].y, boxes[i].centre.y);
  }
}

}  // namespace
}  // namespace chokepoint
