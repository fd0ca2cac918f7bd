// One-vs-rest random-forest importance per cluster (see cluster_importance.h).
#include "core/sqlspace/cluster_importance.h"

#include <algorithm>

#include "core/learn/random_forest.h"

namespace chokepoint::sqlspace {

std::vector<std::vector<FeatureImportance>> cluster_forest_importance(const FeatureVectors& vectors,
                                                                      const std::vector<int>& labels, int k,
                                                                      const ClusterImportanceOptions& options) {
  std::vector<std::vector<FeatureImportance>> out(static_cast<size_t>(std::max(0, k)));
  for (size_t c = 0; c < out.size(); ++c) {
    std::vector<uint8_t> in_cluster(labels.size());
    for (size_t i = 0; i < labels.size(); ++i) in_cluster[i] = labels[i] == static_cast<int>(c);
    learn::ForestOptions fo;
    fo.trees = options.trees;
    fo.seed = options.seed + c;
    const auto importance = learn::RandomForest::train(vectors.rows, in_cluster, fo).impurity_importance();
    for (size_t f = 0; f < importance.size(); ++f)
      if (importance[f] > 0) out[c].push_back({vectors.feature_ids[f], importance[f]});
    std::stable_sort(out[c].begin(), out[c].end(), [](const FeatureImportance& a, const FeatureImportance& b) {
      if (a.importance != b.importance) return a.importance > b.importance;
      return a.id < b.id;
    });
    if (out[c].size() > options.top) out[c].resize(options.top);
  }
  return out;
}

}  // namespace chokepoint::sqlspace
