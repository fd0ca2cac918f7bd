// UMAP against umap-learn's own numbers where it publishes them (the a and b of its curve) and against what a map
// must do: keep well-separated groups apart and most of each point's neighbours, the same way for the same seed.
#include "core/learn/umap.h"

#include <cmath>

#include <gtest/gtest.h>

#include "core/learn/seeded_random.h"

namespace chokepoint::learn {
namespace {

// Three groups of 40 points in 12 dimensions, each around its own corner, with a little noise.
DenseMatrix groups() {
  SeededRandom rng(3);
  DenseMatrix x(120, 12);
  for (size_t i = 0; i < x.rows; ++i)
    for (size_t c = 0; c < x.cols; ++c) x.at(i, c) = (c / 4 == i / 40 ? 5.0 : 0.0) + rng.uniform() * 0.5;
  return x;
}

TEST(Umap, CurveParametersAreUmapLearns) {
  double a = 0, b = 0;
  umap_curve(1.0, 0.1, a, b);  // umap-learn's defaults: a = 1.5769, b = 0.8951
  EXPECT_NEAR(a, 1.5769, 2e-3);
  EXPECT_NEAR(b, 0.8951, 2e-3);
  umap_curve(1.0, 0.001, a, b);  // find_ab_params(1.0, 0.001): a = 1.9290, b = 0.7915
  EXPECT_NEAR(a, 1.9290, 5e-3);
  EXPECT_NEAR(b, 0.7915, 5e-3);
}

TEST(Umap, KeepsGroupsApartAndNeighboursTogether) {
  const DenseMatrix x = groups();
  UmapOptions o;
  o.n_neighbors = 15;
  o.epochs = 200;
  auto u = umap(x, o);
  ASSERT_TRUE(u.ok()) << u.error();
  ASSERT_EQ(u->coordinates.rows, 120u);
  // Each point is nearer its own group's centre than any other group's.
  double cx[3] = {}, cy[3] = {};
  for (size_t i = 0; i < 120; ++i) {
    cx[i / 40] += u->coordinates.at(i, 0) / 40;
    cy[i / 40] += u->coordinates.at(i, 1) / 40;
  }
  for (size_t i = 0; i < 120; ++i) {
    const size_t g = i / 40;
    const double own = std::hypot(u->coordinates.at(i, 0) - cx[g], u->coordinates.at(i, 1) - cy[g]);
    for (size_t h = 0; h < 3; ++h)
      if (h != g) EXPECT_LT(own, std::hypot(u->coordinates.at(i, 0) - cx[h], u->coordinates.at(i, 1) - cy[h])) << i;
  }
  // Within a group the noise is all there is: a random arrangement keeps 9/39 = 0.23 of 10 neighbours.
  EXPECT_GT(neighbour_preservation(x, u->coordinates, 10), 0.3);
  auto again = umap(x, o);
  EXPECT_EQ(again->coordinates.values, u->coordinates.values);
  o.seed = 1;
  EXPECT_NE(umap(x, o)->coordinates.values, u->coordinates.values);
}

TEST(Umap, TheSteppedLayoutDrawsTheSameMapOneUnitAtATime) {
  const DenseMatrix x = groups();
  UmapOptions o;
  o.n_neighbors = 10;
  o.epochs = 50;
  o.seed = 3;
  UmapLayout layout(x, o);
  EXPECT_EQ(layout.error(), "");
  EXPECT_EQ(layout.progress(), 0.0);
  size_t steps = 0;
  double last = 0;
  while (layout.step()) {
    ++steps;
    EXPECT_GE(layout.progress(), last);
    last = layout.progress();
  }
  // A row's neighbours, memberships, transpose and union each (the last also finishes the graph), an epoch each.
  EXPECT_EQ(steps, 4 * 120u + 50);
  EXPECT_TRUE(layout.done());
  EXPECT_EQ(layout.progress(), 1.0);
  EXPECT_FALSE(layout.step());
  const auto whole = umap(x, o);
  ASSERT_TRUE(whole.ok());
  EXPECT_EQ(layout.result().coordinates.values, whole->coordinates.values);
  EXPECT_EQ(layout.result().epochs, 50u);

  UmapLayout tiny(DenseMatrix(2, 3));
  EXPECT_TRUE(tiny.done());
  EXPECT_EQ(tiny.error(), "UMAP needs at least 3 rows");
  EXPECT_FALSE(tiny.step());
  EXPECT_EQ(UmapLayout(DenseMatrix(4, 0)).error(), "UMAP needs at least one column");
}

TEST(Umap, NeighbourPreservationCountsSharedNeighbours) {
  DenseMatrix line(5, 1);
  for (size_t i = 0; i < 5; ++i) line.at(i, 0) = static_cast<double>(i);
  EXPECT_DOUBLE_EQ(neighbour_preservation(line, line, 2), 1.0);
  DenseMatrix shuffled = line;
  shuffled.at(0, 0) = 10;  // point 0 moves to the far end
  EXPECT_LT(neighbour_preservation(line, shuffled, 1), 1.0);
  EXPECT_FALSE(umap(DenseMatrix(2, 3)).ok());
}

}  // namespace
}  // namespace chokepoint::learn
