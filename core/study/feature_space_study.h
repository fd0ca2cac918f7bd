// The feature-space study (SQLSpace §5-6, Tables 2, 7 and 8): a set's items as vectors of SQLSpace features,
// clustered with k-means; each model's EX overall and per cluster, with its blind spots (clusters where it is
// clearly weaker than overall); and the correctness estimator, a random forest that predicts from the features
// whether the model answers an item right, offline (every feature) and online (only what the question and schema
// give), with the features that mark its failures. The paper's estimator figures stand beside ours.
#pragma once
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/study/study_report.h"

namespace chokepoint::study {

struct ClusterAccuracy {
  size_t n = 0, correct = 0;
  double accuracy = 0, lower = 0, upper = 0;  // percent; Wilson 95 % interval
  bool blind_spot = false;
};

struct FeatureSpaceModel {
  std::string name;
  ClusterAccuracy overall;
  std::vector<ClusterAccuracy> clusters;  // one per cluster, in cluster order
};

struct FeatureSpaceCluster {
  size_t size = 0;
  std::vector<std::string> top_features;  // the features of highest lift, as their predicates read
  // By random-forest impurity importance (core/sqlspace/cluster_importance.h): of the one multi-class forest's ranking,
  // the features more common in this cluster; and this cluster's own one-vs-rest ranking.
  std::vector<std::string> multiclass_forest_features, one_vs_rest_features;
};

struct EstimatorRun {
  std::string model;
  bool online = false;
  size_t train = 0, test = 0;
  std::optional<double> precision, recall, f1, accuracy, roc_auc, brier;  // percent, except brier
  std::vector<std::string> negative_features;                             // most important first
};

struct FeatureSpaceInputs {
  size_t items = 0, features = 0;
  int k = 0;
  std::string k_source;  // "given" or "elbow"
  std::vector<FeatureSpaceCluster> clusters;
  std::vector<std::string> multiclass_forest_features;  // the multi-class forest's ranking over all clusters
  std::vector<FeatureSpaceModel> models;
  std::vector<int> universal_blind_spots;
  std::vector<EstimatorRun> estimators;
  std::vector<std::pair<std::string, int>> item_clusters;  // each item's key and cluster, in set order
};

StudyReport feature_space_report(const FeatureSpaceInputs& in);

}  // namespace chokepoint::study
