// Random-forest importance of the clusters' features, multi-class and one-vs-rest (see cluster_importance.h).
#include "core/sqlspace/cluster_importance.h"

#include <algorithm>

#include "core/learn/multiclass_forest.h"
#include "core/learn/random_forest.h"

namespace chokepoint::sqlspace {

namespace {

// Decreasing importance, then increasing id; `top` kept.
void rank(std::vector<FeatureImportance>& features, size_t top) {
  std::stable_sort(features.begin(), features.end(), [](const FeatureImportance& a, const FeatureImportance& b) {
    if (a.importance != b.importance) return a.importance > b.importance;
    return a.id < b.id;
  });
  if (features.size() > top) features.resize(top);
}

}  // namespace

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
    out[c] = rank_one_vs_rest_importance(
        vectors, learn::RandomForest::train(vectors.rows, in_cluster, fo).impurity_importance(), options.top);
  }
  return out;
}

std::vector<FeatureImportance> rank_one_vs_rest_importance(const FeatureVectors& vectors,
                                                           const std::vector<double>& importance, size_t top) {
  std::vector<FeatureImportance> out;
  for (size_t f = 0; f < importance.size() && f < vectors.feature_ids.size(); ++f)
    if (importance[f] > 0) out.push_back({vectors.feature_ids[f], importance[f]});
  rank(out, top);
  return out;
}

MulticlassClusterImportance cluster_multiclass_importance(const FeatureVectors& vectors, const std::vector<int>& labels,
                                                          int k, const ClusterImportanceOptions& options) {
  learn::ForestOptions fo;
  fo.trees = options.trees;
  fo.seed = options.seed;
  return rank_cluster_importance(vectors, labels, k, learn::multiclass_impurity_importance(vectors.rows, labels, k, fo),
                                 options.top);
}

MulticlassClusterImportance rank_cluster_importance(const FeatureVectors& vectors, const std::vector<int>& labels,
                                                    int k, const std::vector<double>& importance, size_t top) {
  MulticlassClusterImportance out;
  out.per_cluster.resize(static_cast<size_t>(std::max(0, k)));
  if (labels.size() != vectors.rows.rows || importance.size() != vectors.feature_ids.size()) return out;
  std::vector<FeatureImportance> all;
  for (size_t f = 0; f < importance.size(); ++f)
    if (importance[f] > 0) all.push_back({vectors.feature_ids[f], importance[f]});
  rank(all, all.size());
  // Share of each feature overall and in each cluster, to hand each cluster the ranked features it has more of.
  const size_t n = vectors.rows.rows;
  std::vector<size_t> size(out.per_cluster.size(), 0);
  for (int l : labels)
    if (l >= 0 && l < k) ++size[static_cast<size_t>(l)];
  for (const auto& fi : all) {
    const size_t col = static_cast<size_t>(std::find(vectors.feature_ids.begin(), vectors.feature_ids.end(), fi.id) -
                                           vectors.feature_ids.begin());
    std::vector<size_t> with(out.per_cluster.size(), 0);
    size_t with_all = 0;
    for (size_t r = 0; r < n; ++r)
      if (vectors.rows.at(r, col)) {
        ++with_all;
        if (labels[r] >= 0 && labels[r] < k) ++with[static_cast<size_t>(labels[r])];
      }
    for (size_t c = 0; c < out.per_cluster.size(); ++c)
      if (size[c] > 0 && out.per_cluster[c].size() < top &&
          static_cast<double>(with[c]) * static_cast<double>(n) >
              static_cast<double>(with_all) * static_cast<double>(size[c]))
        out.per_cluster[c].push_back(fi);
  }
  out.overall = std::move(all);
  rank(out.overall, top);
  return out;
}

}  // namespace chokepoint::sqlspace
