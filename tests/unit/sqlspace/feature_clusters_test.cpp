// Clusters of a feature space and their explanation by lift and by one-vs-rest forest importance.
#include "core/sqlspace/feature_clusters.h"

#include <gtest/gtest.h>

#include "core/learn/multiclass_forest.h"
#include "core/sqlspace/cluster_importance.h"

using namespace chokepoint::sqlspace;

namespace {

FeatureVectors vectors(const std::vector<std::string>& rows) {
  FeatureVectors v;
  v.feature_ids = {10, 20, 30};
  v.rows = chokepoint::learn::BinaryRows(rows.size(), 3);
  for (size_t r = 0; r < rows.size(); ++r)
    for (size_t c = 0; c < 3; ++c) v.rows.at(r, c) = rows[r][c] == '1';
  return v;
}

}  // namespace

TEST(FeatureClusters, LiftIsShareInClusterOverShareOverall) {
  // Cluster 0 = rows 0-1 (feature 10 in both), cluster 1 = rows 2-5 (feature 10 in one of four).
  // Feature 10: 2/2 in cluster 0, 3/6 overall: lift 2. Feature 30: 1/2 in cluster 0, 1/6 overall: lift 3.
  const FeatureVectors v = vectors({"101", "100", "010", "010", "110", "010"});
  const auto e = explain_clusters(v, {0, 0, 1, 1, 1, 1}, 2, 0.5, 5);
  ASSERT_EQ(e[0].size(), 2u);
  EXPECT_EQ(e[0][0].id, 30);
  EXPECT_DOUBLE_EQ(e[0][0].lift, 3.0);
  EXPECT_EQ(e[0][1].id, 10);
  EXPECT_DOUBLE_EQ(e[0][1].lift, 2.0);
  // Cluster 1: feature 20 in 4/4 against 4/6 overall: lift 1.5; feature 10 (1/4) is under min_share.
  ASSERT_EQ(e[1].size(), 1u);
  EXPECT_DOUBLE_EQ(e[1][0].lift, 1.5);
}

TEST(FeatureClusters, GivenKClustersTwoGroups) {
  const FeatureVectors v = vectors({"110", "110", "111", "001", "001", "000"});
  ClusterOptions o;
  o.k = 2;
  o.seed = 3;
  const FeatureClusters c = cluster_features(v, o);
  EXPECT_EQ(c.k, 2);
  EXPECT_TRUE(c.elbow.points.empty());
  EXPECT_EQ(c.labels[0], c.labels[2]);
  EXPECT_EQ(c.labels[3], c.labels[5]);
  EXPECT_NE(c.labels[0], c.labels[3]);
  EXPECT_EQ(c.sizes[static_cast<size_t>(c.labels[0])], 3u);
}

TEST(FeatureClusters, FromAFitEqualsClusterFeaturesWithThatK) {
  // What the app does over frames (its own k-means, then clusters_from_fit) equals cluster_features in one go.
  const FeatureVectors v = vectors({"110", "110", "111", "001", "001", "000", "100", "011"});
  ClusterOptions o;
  o.k = 3;
  o.seed = 5;
  const FeatureClusters whole = cluster_features(v, o);
  chokepoint::learn::KMeansOptions km;
  km.k = 3;
  km.seed = 5;
  km.restarts = o.restarts;
  const FeatureClusters parts = clusters_from_fit(v, chokepoint::learn::kmeans(v.dense(), km), o);
  EXPECT_EQ(parts.k, whole.k);
  EXPECT_EQ(parts.labels, whole.labels);
  EXPECT_EQ(parts.sizes, whole.sizes);
  EXPECT_EQ(parts.fit.inertia, whole.fit.inertia);
  ASSERT_EQ(parts.explanations.size(), whole.explanations.size());
  for (size_t c = 0; c < parts.explanations.size(); ++c) {
    ASSERT_EQ(parts.explanations[c].size(), whole.explanations[c].size());
    for (size_t i = 0; i < parts.explanations[c].size(); ++i) {
      EXPECT_EQ(parts.explanations[c][i].id, whole.explanations[c][i].id);
      EXPECT_EQ(parts.explanations[c][i].lift, whole.explanations[c][i].lift);
    }
  }
  EXPECT_TRUE(parts.elbow.points.empty());
}

TEST(ClusterImportance, TheFeatureThatDefinesAClusterRanksFirst) {
  // Cluster 1 is exactly the rows with feature 20; features 10 and 30 are unrelated to it.
  const FeatureVectors v = vectors({"110", "011", "010", "100", "001", "111", "000", "010", "101", "110"});
  std::vector<int> labels;
  for (size_t r = 0; r < v.rows.rows; ++r) labels.push_back(v.rows.at(r, 1));
  ClusterImportanceOptions o;
  o.trees = 20;
  const auto imp = cluster_forest_importance(v, labels, 2, o);
  ASSERT_EQ(imp.size(), 2u);
  for (const auto& ranking : imp) {
    ASSERT_FALSE(ranking.empty());
    EXPECT_EQ(ranking[0].id, 20);
    EXPECT_GT(ranking[0].importance, 0.5);
  }
}

// The app grows each cluster's forest a tree at a time as a two-class MulticlassForestTrainer seeded seed + c: stepped
// to the end, its ranking is cluster_forest_importance's.
TEST(ClusterImportance, SteppedOneVsRestForestsRankAsTheWholeOnes) {
  const FeatureVectors v =
      vectors({"110", "011", "010", "100", "001", "111", "000", "010", "101", "110", "011", "100"});
  const std::vector<int> labels = {0, 1, 1, 0, 2, 1, 2, 1, 0, 0, 1, 0};
  ClusterImportanceOptions o;
  o.trees = 15;
  o.seed = 4;
  const auto whole = cluster_forest_importance(v, labels, 3, o);
  ASSERT_EQ(whole.size(), 3u);
  for (int c = 0; c < 3; ++c) {
    std::vector<int> in_cluster;
    for (int l : labels) in_cluster.push_back(l == c ? 1 : 0);
    chokepoint::learn::ForestOptions fo;
    fo.trees = o.trees;
    fo.seed = o.seed + static_cast<uint64_t>(c);
    chokepoint::learn::MulticlassForestTrainer trainer(v.rows.cols, 2, fo);
    while (!trainer.done()) trainer.step(v.rows, in_cluster);
    const auto stepped = rank_one_vs_rest_importance(v, trainer.importance(), o.top);
    ASSERT_EQ(stepped.size(), whole[c].size()) << "cluster " << c;
    ASSERT_FALSE(stepped.empty());
    for (size_t i = 0; i < stepped.size(); ++i) {
      EXPECT_EQ(stepped[i].id, whole[c][i].id) << "cluster " << c << " rank " << i;
      EXPECT_NEAR(stepped[i].importance, whole[c][i].importance, 1e-9);
    }
  }
}

TEST(ClusterImportance, OneMulticlassForestRanksTheFeaturesThatTellClustersApart) {
  // Clusters 0, 1, 2 are the rows with feature 10 only, 20 only and neither; feature 30 is present at random.
  const FeatureVectors v =
      vectors({"100", "101", "100", "101", "010", "011", "010", "011", "000", "001", "000", "001", "100", "010"});
  std::vector<int> labels;
  for (size_t r = 0; r < v.rows.rows; ++r) labels.push_back(v.rows.at(r, 0) ? 0 : v.rows.at(r, 1) ? 1 : 2);
  ClusterImportanceOptions o;
  o.trees = 40;
  const auto imp = cluster_multiclass_importance(v, labels, 3, o);
  ASSERT_GE(imp.overall.size(), 2u);
  EXPECT_TRUE((imp.overall[0].id == 10 && imp.overall[1].id == 20) ||
              (imp.overall[0].id == 20 && imp.overall[1].id == 10));
  ASSERT_EQ(imp.per_cluster.size(), 3u);
  // Each cluster gets the ranked features it has more of than the whole set: 10 for cluster 0, 20 for cluster 1,
  // neither for cluster 2 (it has none of them).
  ASSERT_FALSE(imp.per_cluster[0].empty());
  EXPECT_EQ(imp.per_cluster[0][0].id, 10);
  ASSERT_FALSE(imp.per_cluster[1].empty());
  EXPECT_EQ(imp.per_cluster[1][0].id, 20);
  for (const auto& f : imp.per_cluster[2]) EXPECT_TRUE(f.id != 10 && f.id != 20) << f.id;
}

TEST(FeatureClusters, ElbowRunsOverKMinToKMax) {
  // Three tight groups: the curve over 3..5 starts at k_min, and with no knee (inertia 0 throughout) the smallest k
  // of the range is taken, not 2.
  const FeatureVectors v = vectors({"110", "110", "001", "001", "111", "111"});
  ClusterOptions o;
  o.k_min = 3;
  o.k_max = 5;
  const FeatureClusters c = cluster_features(v, o);
  ASSERT_EQ(c.elbow.points.size(), 3u);
  EXPECT_EQ(c.elbow.points.front().k, 3);
  EXPECT_EQ(c.elbow.points.back().k, 5);
  EXPECT_EQ(c.elbow.knee_k, 0);
  EXPECT_EQ(c.k, 3);
}

TEST(FeatureClusters, DefaultElbowStartsAtTwo) {
  const FeatureVectors v = vectors({"110", "110", "001", "001", "111", "111"});
  ClusterOptions o;
  o.k_max = 4;
  const FeatureClusters c = cluster_features(v, o);
  ASSERT_EQ(c.elbow.points.size(), 3u);
  EXPECT_EQ(c.elbow.points.front().k, 2);
}
