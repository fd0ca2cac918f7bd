// The feature-space study (SQLSpace §5-6, Tables 2, 3, 4, 7 and 8): a set's items as vectors of SQLSpace features,
// clustered with k-means; each model's EX overall and per cluster, with its blind spots (clusters where it is
// clearly weaker than overall); and the correctness estimator, a random forest that predicts from the features
// whether the model answers an item right, offline (every feature) and online (only what the question and schema
// give), with the features that mark its failures; and, given a question-rewriting run (003 §6), its accuracy
// without rewriting and at Acc@1/Acc@3 (Table 3) and the items by estimator and rewrite outcome (Table 4); given a
// map of the vectors, the items on it coloured by BIRD's difficulty, or by cluster (Fig. 5). The paper's figures
// stand beside ours.
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
  std::vector<std::string> multiclass_forest_features = {}, one_vs_rest_features = {};
};

struct EstimatorRun {
  std::string model;
  bool online = false;
  size_t train = 0, test = 0;
  std::optional<double> precision, recall, f1, accuracy, roc_auc, brier;  // percent, except brier
  std::vector<std::string> negative_features;                             // most important first
};

// One question-rewriting run (003 §6, Appendix H): `chokepoint space rewrite`'s summary or the Estimator view's.
struct RewritingRun {
  std::string model;       // the predictions whose items were rewritten
  std::string items_rule;  // predicted (the estimator's expected failures), wrong (an oracle) or all
  std::string rewriter;    // the model that rewrote the questions
  size_t n = 0, chosen = 0, rewritten = 0;
  double no_rewriting = 0, acc_at_1 = 0, acc_at_3 = 0;  // percent of n
  // Table 4: the estimator right (it expected a failure exactly when the original was wrong) or wrong, by whether the
  // item is right at Acc@3; counts over n.
  size_t estimator_right_success = 0, estimator_right_failure = 0;
  size_t estimator_wrong_success = 0, estimator_wrong_failure = 0;
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
  std::vector<RewritingRun> rewriting;  // none: Tables 3 and 4 are left out, and a note says how to add them
  std::vector<std::pair<std::string, int>> item_clusters;  // each item's key and cluster, in set order
  // The items on a 2-D map of their feature vectors (003 Figs. 4-5), one per item_clusters entry in the same order,
  // with BIRD's difficulty label ("" when the item has none). Empty: no map, and a note says how to add one.
  struct MapPoint {
    double x = 0, y = 0;
    std::string difficulty;
  };
  std::vector<MapPoint> map;
  std::string map_method;  // how the map was made: "UMAP, n_neighbors 50, min_dist 0.01, 500 epochs, seed 0"
};

StudyReport feature_space_report(const FeatureSpaceInputs& in);

// The chart of in.map (Fig. 5) as the report draws it: coloured by difficulty when some item has a label, else by
// cluster (item_clusters, in the same order as map).
StudyChart items_map_chart(const FeatureSpaceInputs& in);

}  // namespace chokepoint::study
