// SQLSpace's results as the feature-space study's inputs.
#include "core/study/feature_space_inputs.h"

#include <cmath>

namespace chokepoint::study {
namespace {

ClusterAccuracy accuracy_of(const learn::Proportion& p, bool blind_spot) {
  return {p.n, p.successes, 100.0 * p.p, 100.0 * p.lower, 100.0 * p.upper, blind_spot};
}

std::optional<double> defined(double x, double scale) {
  if (std::isnan(x)) return std::nullopt;
  return scale * x;
}

template <typename Ranked>
std::vector<std::string> texts(const std::vector<Ranked>& features, const FeatureText& text) {
  std::vector<std::string> out;
  for (const auto& f : features) out.push_back(text(f.id));
  return out;
}

}  // namespace

FeatureSpaceInputs feature_space_inputs(const SqlspaceResults& r, const FeatureText& text) {
  FeatureSpaceInputs in;
  in.items = r.items;
  in.features = r.features;
  if (!r.clusters || !r.blind_spots) return in;
  const auto& fc = *r.clusters;
  in.k = fc.k;
  in.k_source = r.k_given ? "given" : "elbow";
  if (r.multiclass) in.multiclass_forest_features = texts(r.multiclass->overall, text);
  for (int c = 0; c < fc.k; ++c) {
    const auto k = static_cast<size_t>(c);
    FeatureSpaceCluster cluster;
    cluster.size = k < fc.sizes.size() ? fc.sizes[k] : 0;
    if (k < fc.explanations.size()) cluster.top_features = texts(fc.explanations[k], text);
    if (r.multiclass && k < r.multiclass->per_cluster.size())
      cluster.multiclass_forest_features = texts(r.multiclass->per_cluster[k], text);
    if (r.one_vs_rest && k < r.one_vs_rest->size()) cluster.one_vs_rest_features = texts((*r.one_vs_rest)[k], text);
    in.clusters.push_back(std::move(cluster));
  }
  for (const auto& m : r.blind_spots->models) {
    FeatureSpaceModel model;
    model.name = m.name;
    model.overall = accuracy_of(m.overall, false);
    for (const auto& ca : m.clusters) model.clusters.push_back(accuracy_of(ca.accuracy, ca.blind_spot));
    in.models.push_back(std::move(model));
  }
  in.universal_blind_spots = r.blind_spots->universal;
  for (size_t i = 0; i < r.item_keys.size() && i < fc.labels.size(); ++i)
    in.item_clusters.push_back({r.item_keys[i], fc.labels[i]});
  return in;
}

EstimatorRun estimator_run(const std::string& model, bool online, const sqlspace::EstimatorReport& report,
                           const FeatureText& text) {
  EstimatorRun run;
  run.model = model;
  run.online = online;
  run.train = report.train;
  run.test = report.test;
  const auto& m = report.metrics;
  run.precision = defined(m.precision, 100);
  run.recall = defined(m.recall, 100);
  run.f1 = defined(m.f1, 100);
  run.accuracy = defined(m.accuracy, 100);
  run.roc_auc = defined(m.roc_auc, 1);
  run.brier = defined(m.brier, 1);
  run.negative_features = texts(report.negative_features, text);
  return run;
}

}  // namespace chokepoint::study
