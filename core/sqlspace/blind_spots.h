// Blind spots (003 §5: "a class of examples on which a model systematically achieves low performance as compared to
// its overall accuracy", no threshold given): per (model, cluster) accuracy with its Bernoulli variance and Wilson
// 95% interval; a flag when the cluster's accuracy is at most (1 - margin) times the model's overall AND the
// interval's upper bound is below the overall too (a relative margin: a weak model's blind spot is a few points
// below its overall, a strong model's tens; with 0.25, Table 2 of 003 gives exactly its universal C8 and C10);
// "universal" when every model is flagged on a cluster; and the cost view: per cluster, the cheaper models within
// epsilon of a more expensive one.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/learn/wilson_interval.h"

namespace chokepoint::sqlspace {

// One model's outcome per item: 1 right, 0 wrong, nullopt not scored (its gold failed, no database); unscored
// items count nowhere.
struct ModelOutcomes {
  std::string name;
  double cost = 0;  // any increasing measure of cost; the cost view compares models by it
  std::vector<std::optional<bool>> correct;
};

struct BlindSpotOptions {
  double margin = 0.25;   // flagged when accuracy <= (1 - margin) overall ...
  double epsilon = 0.02;  // cost view: a cheaper model within this of a dearer one's accuracy
};

struct ClusterAccuracy {
  int cluster = 0;
  learn::Proportion accuracy;
  bool blind_spot = false;
};

struct ModelClusters {
  std::string name;
  learn::Proportion overall;
  std::vector<ClusterAccuracy> clusters;  // one per cluster, in cluster order
};

// A cheaper model that does as well (within epsilon) as a dearer one on a cluster.
struct CheaperAlternative {
  int cluster = 0;
  std::string cheaper, dearer;
  double cheaper_accuracy = 0, dearer_accuracy = 0;
};

struct BlindSpotReport {
  std::vector<ModelClusters> models;
  std::vector<int> universal;  // clusters every model is flagged on, increasing
  std::vector<CheaperAlternative> cost_view;
};

// The flag rule alone: accuracy.p <= (1 - margin) overall and accuracy.upper < overall (an empty cluster never is).
bool is_blind_spot(const learn::Proportion& cluster, double overall, double margin);

// labels[i] is item i's cluster in [0, k); every model's correct has labels.size() entries.
BlindSpotReport blind_spots(const std::vector<int>& labels, int k, const std::vector<ModelOutcomes>& models,
                            const BlindSpotOptions& options);

}  // namespace chokepoint::sqlspace
