// k-means clusters of a feature space with the elbow and lift explanations (see feature_clusters.h).
#include "core/sqlspace/feature_clusters.h"

#include <algorithm>

namespace chokepoint::sqlspace {

std::vector<std::vector<FeatureLift>> explain_clusters(const FeatureVectors& vectors, const std::vector<int>& labels,
                                                       int k, double min_share, size_t top) {
  const size_t n = vectors.rows.rows, d = vectors.rows.cols;
  std::vector<size_t> size(static_cast<size_t>(k), 0), total(d, 0);
  std::vector<std::vector<size_t>> ones(static_cast<size_t>(k), std::vector<size_t>(d, 0));
  for (size_t i = 0; i < n; ++i) {
    const size_t c = static_cast<size_t>(labels[i]);
    ++size[c];
    for (size_t f = 0; f < d; ++f)
      if (vectors.rows.at(i, f)) {
        ++ones[c][f];
        ++total[f];
      }
  }
  std::vector<std::vector<FeatureLift>> out(static_cast<size_t>(k));
  for (size_t c = 0; c < out.size(); ++c) {
    if (size[c] == 0) continue;
    for (size_t f = 0; f < d; ++f) {
      const double in = static_cast<double>(ones[c][f]) / static_cast<double>(size[c]);
      if (in < min_share || in == 0) continue;
      const double all = static_cast<double>(total[f]) / static_cast<double>(n);
      out[c].push_back({vectors.feature_ids[f], in, all, in / all});
    }
    std::stable_sort(out[c].begin(), out[c].end(), [](const FeatureLift& a, const FeatureLift& b) {
      if (a.lift != b.lift) return a.lift > b.lift;
      return a.id < b.id;
    });
    if (out[c].size() > top) out[c].resize(top);
  }
  return out;
}

FeatureClusters cluster_features(const FeatureVectors& vectors, const ClusterOptions& options) {
  FeatureClusters out;
  const learn::DenseMatrix x = vectors.dense();
  learn::KMeansOptions km;
  km.restarts = options.restarts;
  km.seed = options.seed;
  out.k = options.k;
  if (out.k <= 0) {
    out.elbow = learn::elbow_curve(x, options.k_min, options.k_max, km);
    // No knee (a flat or straight curve, or fewer than three points): the range's smallest k.
    out.k = out.elbow.knee_k > 0 ? out.elbow.knee_k : std::max(1, options.k_min);
  }
  km.k = std::max(1, std::min(out.k, static_cast<int>(x.rows)));
  FeatureClusters done = clusters_from_fit(vectors, learn::kmeans(x, km), options);
  done.elbow = std::move(out.elbow);
  return done;
}

FeatureClusters clusters_from_fit(const FeatureVectors& vectors, learn::KMeansResult fit,
                                  const ClusterOptions& options) {
  FeatureClusters out;
  out.fit = std::move(fit);
  out.labels = out.fit.labels;
  out.k = static_cast<int>(out.fit.centroids.rows);  // fewer when the rows have fewer distinct points
  out.sizes.assign(static_cast<size_t>(out.k), 0);
  for (int l : out.labels) ++out.sizes[static_cast<size_t>(l)];
  out.explanations = explain_clusters(vectors, out.labels, out.k, options.min_share, options.top);
  return out;
}

}  // namespace chokepoint::sqlspace
