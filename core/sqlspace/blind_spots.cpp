// Per-cluster accuracy, blind-spot flags and the cost view (see blind_spots.h).
#include "core/sqlspace/blind_spots.h"

#include <algorithm>

namespace chokepoint::sqlspace {

bool is_blind_spot(const learn::Proportion& cluster, double overall, double margin) {
  return cluster.n > 0 && cluster.p <= (1 - margin) * overall && cluster.upper < overall;
}

BlindSpotReport blind_spots(const std::vector<int>& labels, int k, const std::vector<ModelOutcomes>& models,
                            const BlindSpotOptions& options) {
  BlindSpotReport out;
  const size_t kk = static_cast<size_t>(std::max(0, k));
  for (const auto& m : models) {
    ModelClusters mc;
    mc.name = m.name;
    std::vector<size_t> right(kk, 0), scored(kk, 0);
    size_t all_right = 0, all_scored = 0;
    for (size_t i = 0; i < labels.size() && i < m.correct.size(); ++i) {
      if (!m.correct[i]) continue;
      const size_t c = static_cast<size_t>(labels[i]);
      ++scored[c];
      ++all_scored;
      if (*m.correct[i]) {
        ++right[c];
        ++all_right;
      }
    }
    mc.overall = learn::wilson_interval(all_right, all_scored);
    for (size_t c = 0; c < kk; ++c) {
      ClusterAccuracy ca;
      ca.cluster = static_cast<int>(c);
      ca.accuracy = learn::wilson_interval(right[c], scored[c]);
      ca.blind_spot = is_blind_spot(ca.accuracy, mc.overall.p, options.margin);
      mc.clusters.push_back(ca);
    }
    out.models.push_back(std::move(mc));
  }
  for (size_t c = 0; c < kk && !out.models.empty(); ++c) {
    bool all = true;
    for (const auto& m : out.models) all = all && m.clusters[c].blind_spot;
    if (all) out.universal.push_back(static_cast<int>(c));
  }
  for (size_t c = 0; c < kk; ++c)
    for (size_t a = 0; a < models.size(); ++a)
      for (size_t b = 0; b < models.size(); ++b) {
        if (!(models[a].cost < models[b].cost)) continue;
        const auto& cheap = out.models[a].clusters[c].accuracy;
        const auto& dear = out.models[b].clusters[c].accuracy;
        if (cheap.n == 0 || dear.n == 0 || cheap.p + options.epsilon < dear.p) continue;
        out.cost_view.push_back({static_cast<int>(c), models[a].name, models[b].name, cheap.p, dear.p});
      }
  return out;
}

}  // namespace chokepoint::sqlspace
