// k-means: separable blobs, k-means++ determinism by seed, nearest-centroid assignment and the elbow's knee.
#include "core/learn/kmeans.h"

#include <algorithm>

#include <gtest/gtest.h>

#include "core/learn/elbow.h"

using namespace chokepoint::learn;

namespace {

DenseMatrix points(const std::vector<std::vector<double>>& rows) {
  DenseMatrix m(rows.size(), rows[0].size());
  for (size_t r = 0; r < rows.size(); ++r)
    for (size_t c = 0; c < rows[r].size(); ++c) m.at(r, c) = rows[r][c];
  return m;
}

const DenseMatrix kBlobs = points({{0, 0}, {0, 1}, {1, 0}, {10, 10}, {10, 11}, {11, 10}});

}  // namespace

TEST(KMeans, SeparatesTwoBlobs) {
  KMeansOptions o;
  o.k = 2;
  o.seed = 7;
  const KMeansResult r = kmeans(kBlobs, o);
  EXPECT_EQ(r.labels[0], r.labels[1]);
  EXPECT_EQ(r.labels[0], r.labels[2]);
  EXPECT_EQ(r.labels[3], r.labels[4]);
  EXPECT_EQ(r.labels[3], r.labels[5]);
  EXPECT_NE(r.labels[0], r.labels[3]);
  // Each blob's centroid is a third off each corner: 1/9 + 1/9 + 1/9 + 4/9 + 4/9 + 1/9 = 4/3 per blob.
  EXPECT_NEAR(r.inertia, 8.0 / 3.0, 1e-12);
  EXPECT_TRUE(r.converged);
}

TEST(KMeans, PlusPlusSeedingIsDeterminedBySeed) {
  SeededRandom a(42), b(42);
  const DenseMatrix ca = kmeans_plus_plus(kBlobs, 3, a), cb = kmeans_plus_plus(kBlobs, 3, b);
  EXPECT_EQ(ca.values, cb.values);
  EXPECT_EQ(ca.rows, 3u);
}

TEST(KMeans, PlusPlusNeverPicksADuplicateOfAChosenCentre) {
  // Three distinct rows, many copies: asking for 5 centres gives the 3 distinct ones.
  const DenseMatrix x = points({{0}, {0}, {0}, {1}, {1}, {5}});
  SeededRandom random(3);
  const DenseMatrix c = kmeans_plus_plus(x, 5, random);
  ASSERT_EQ(c.rows, 3u);
  std::vector<double> got = c.values;
  std::sort(got.begin(), got.end());
  EXPECT_EQ(got, (std::vector<double>{0, 1, 5}));
}

TEST(KMeans, SameSeedSameClusteringWithRestarts) {
  KMeansOptions o;
  o.k = 3;
  o.restarts = 4;
  o.seed = 11;
  const KMeansResult a = kmeans(kBlobs, o), b = kmeans(kBlobs, o);
  EXPECT_EQ(a.labels, b.labels);
  EXPECT_EQ(a.centroids.values, b.centroids.values);
  EXPECT_EQ(a.inertia, b.inertia);
}

TEST(KMeans, RestartsSteppedOneByOneGiveKMeansResult) {
  // Nine points in three loose groups, where restarts from different seedings end in different local optima.
  const DenseMatrix x = points({{0, 0}, {0, 2}, {2, 0}, {5, 5}, {5, 7}, {7, 5}, {0, 9}, {1, 9}, {9, 0}});
  for (uint64_t seed : {1u, 2u, 3u, 4u, 5u}) {
    KMeansOptions o;
    o.k = 3;
    o.restarts = 6;
    o.seed = seed;
    KMeansRestarts stepped(o);
    int steps = 0;
    while (!stepped.done()) {
      EXPECT_EQ(stepped.restarts_done(), steps);
      stepped.step(x);
      ++steps;
    }
    EXPECT_EQ(steps, 6);
    stepped.step(x);  // nothing once done
    EXPECT_EQ(stepped.restarts_done(), 6);
    const KMeansResult a = stepped.take(), b = kmeans(x, o);
    EXPECT_EQ(a.labels, b.labels) << "seed " << seed;
    EXPECT_EQ(a.centroids.values, b.centroids.values) << "seed " << seed;
    EXPECT_EQ(a.inertia, b.inertia) << "seed " << seed;
  }
}

TEST(KMeans, LloydFromGivenCentroidsConvergesToTheirFixedPoint) {
  const KMeansResult r = lloyd(kBlobs, points({{0, 0}, {10, 10}}), 100);
  EXPECT_NEAR(r.centroids.at(0, 0), 1.0 / 3, 1e-15);
  EXPECT_NEAR(r.centroids.at(1, 1), 31.0 / 3, 1e-12);
  EXPECT_EQ(r.iterations, 1);
}

TEST(KMeans, NearestCentroidAssignsAnotherSet) {
  const auto labels = nearest_centroid(points({{0.2, 0.1}, {9, 12}, {5, 5}}), points({{0, 0}, {10, 10}}));
  EXPECT_EQ(labels, (std::vector<int>{0, 1, 0}));  // (5, 5) is equidistant: the lower index wins
}

TEST(Elbow, KneeIsTheFarthestPointFromTheChord) {
  // Scaled: x = 0, .2, .4, .6, .8, 1; y = (v - 10) / 90 = 1, .333, .111, .056, .022, 0; 1 - x - y = 0, .467, .489,
  // .344, .178, 0: the knee is k = 3.
  EXPECT_EQ(knee_by_chord_distance({{1, 100}, {2, 40}, {3, 20}, {4, 15}, {5, 12}, {6, 10}}), 3);
}

TEST(Elbow, StraightLineHasNoKnee) { EXPECT_EQ(knee_by_chord_distance({{1, 30}, {2, 20}, {3, 10}}), 0); }

TEST(Elbow, CurveOfBlobsHasItsKneeAtTwo) {
  KMeansOptions o;
  o.seed = 1;
  const ElbowCurve c = elbow_curve(kBlobs, 1, 5, o);
  ASSERT_EQ(c.points.size(), 5u);
  EXPECT_EQ(c.knee_k, 2);
  for (size_t i = 1; i < c.points.size(); ++i) EXPECT_LE(c.points[i].inertia, c.points[i - 1].inertia + 1e-12);
}
