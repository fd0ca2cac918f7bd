// A cluster's features by random-forest importance (003 §5: a 100-tree forest on (features, cluster) pairs, mean
// decrease in impurity; the Table 9 caption says permutation importance, the text MDI). Two readings, side by side:
//   - the paper's: one multi-class forest on (features, cluster); its MDI ranks the features that tell the clusters
//     apart, one ranking for all. A cluster's features are then those of the ranking more common in the cluster than
//     overall (how the paper can list features "for each cluster" from one forest);
//   - one-vs-rest: per cluster a binary forest "in this cluster or not", so each cluster gets its own MDI ranking, as
//     Table 9 lists one per cluster.
// The importance is scikit-learn's feature_importances_ (MDI normalised to sum 1) in both.
#pragma once
#include <cstdint>
#include <vector>

#include "core/sqlspace/feature_vectors.h"

namespace chokepoint::sqlspace {

struct FeatureImportance {
  int id = 0;
  double importance = 0;  // share of the forest's impurity decrease, in [0, 1]
};

struct ClusterImportanceOptions {
  int trees = 100;
  uint64_t seed = 0;  // cluster c's forest uses seed + c
  size_t top = 10;
};

// Per cluster (labels in [0, k)), its top features by MDI, decreasing, then id; features with 0 importance left out.
std::vector<std::vector<FeatureImportance>> cluster_forest_importance(const FeatureVectors& vectors,
                                                                      const std::vector<int>& labels, int k,
                                                                      const ClusterImportanceOptions& options);

struct MulticlassClusterImportance {
  std::vector<FeatureImportance> overall;                   // the forest's top features, decreasing, then id
  std::vector<std::vector<FeatureImportance>> per_cluster;  // per cluster, the ranking's features more common in it
};

// One multi-class forest (options.trees, options.seed) on labels in [0, k); top `options.top` features overall and
// per cluster; features with 0 importance left out.
MulticlassClusterImportance cluster_multiclass_importance(const FeatureVectors& vectors, const std::vector<int>& labels,
                                                          int k, const ClusterImportanceOptions& options);
// The same from a forest's importance per column of vectors (learn::MulticlassForestTrainer stepped by the caller).
MulticlassClusterImportance rank_cluster_importance(const FeatureVectors& vectors, const std::vector<int>& labels,
                                                    int k, const std::vector<double>& importance, size_t top);
// One cluster's one-vs-rest ranking from its forest's importance per column of vectors (a two-class
// learn::MulticlassForestTrainer on "in the cluster or not", seed + c, stepped by the caller, grows the trees
// cluster_forest_importance grows): the features above 0, decreasing, then by id, `top` kept.
std::vector<FeatureImportance> rank_one_vs_rest_importance(const FeatureVectors& vectors,
                                                           const std::vector<double>& importance, size_t top);

}  // namespace chokepoint::sqlspace
