// Clusters of a feature space (003 §5): k-means over the examples' 0/1 vectors, k given or chosen by the elbow's
// knee over k_min..k_max (2..10 by default), the nearest-centroid assignment of another set, and each cluster
// explained by the features whose share in it most exceeds their share overall (lift).
#pragma once
#include <cstdint>
#include <vector>

#include "core/learn/elbow.h"
#include "core/learn/kmeans.h"
#include "core/sqlspace/feature_vectors.h"

namespace chokepoint::sqlspace {

struct ClusterOptions {
  int k = 0;       // > 0: this k; 0: the knee of the elbow over [k_min, k_max] (k_min when the curve has none)
  int k_min = 2;   // the elbow's range start (yellowbrick's default range starts at 2 too)
  int k_max = 10;  // the elbow's range end (003 picks 14 over yellowbrick's default range)
  int restarts = 10;
  uint64_t seed = 0;
  double min_share = 0.5;  // a feature explains a cluster only if at least this share of the cluster has it
  size_t top = 5;          // explaining features kept per cluster
};

// One feature of a cluster's explanation: share in the cluster over share in all rows.
struct FeatureLift {
  int id = 0;
  double in_cluster = 0, overall = 0;
  double lift = 0;  // in_cluster / overall (overall > 0 whenever in_cluster > 0)
};

// Invariants: labels has one entry per row in [0, k); sizes[c] counts label c; explanations[c] sorted by lift
// decreasing, then id. elbow is empty when k was given.
struct FeatureClusters {
  int k = 0;
  learn::ElbowCurve elbow;
  learn::KMeansResult fit;
  std::vector<int> labels;
  std::vector<size_t> sizes;
  std::vector<std::vector<FeatureLift>> explanations;
};

FeatureClusters cluster_features(const FeatureVectors& vectors, const ClusterOptions& options);

// The clusters of a finished k-means fit on vectors.dense() (labels, sizes, explanations), as cluster_features
// completes them; the elbow is left empty. For a caller that ran the k-means itself (the app, over frames).
FeatureClusters clusters_from_fit(const FeatureVectors& vectors, learn::KMeansResult fit,
                                  const ClusterOptions& options);

// Lift of every feature in every cluster, kept as cluster_features explains (min_share, top).
std::vector<std::vector<FeatureLift>> explain_clusters(const FeatureVectors& vectors, const std::vector<int>& labels,
                                                       int k, double min_share, size_t top);

}  // namespace chokepoint::sqlspace
