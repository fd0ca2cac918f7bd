// SQLSpace's results as the feature-space study's inputs.
#include "core/study/feature_space_inputs.h"

#include <cmath>
#include <tuple>
#include <utility>

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

RewritingRun rewriting_run(const std::string& model, const std::string& items_rule, const std::string& rewriter,
                           const sqlspace::RewriteSummary& summary) {
  RewritingRun run;
  run.model = model;
  run.items_rule = items_rule;
  run.rewriter = rewriter;
  run.n = summary.n;
  run.chosen = summary.chosen;
  run.rewritten = summary.rewritten;
  run.no_rewriting = 100.0 * summary.no_rewriting;
  run.acc_at_1 = 100.0 * summary.acc_at_1;
  run.acc_at_3 = 100.0 * summary.acc_at_3;
  run.estimator_right_success = summary.estimator_right_success;
  run.estimator_right_failure = summary.estimator_right_failure;
  run.estimator_wrong_success = summary.estimator_wrong_success;
  run.estimator_wrong_failure = summary.estimator_wrong_failure;
  return run;
}

Result<RewritingRun> rewriting_run_from_report(const std::string& model, const nlohmann::json& report) {
  if (!report.is_object()) return Error{"not a JSON object (a report of chokepoint space rewrite --out)"};
  const auto count = [&](const nlohmann::json& o, const std::string& key, const std::string& where) -> Result<size_t> {
    if (!o.is_object() || !o.contains(key) || !o[key].is_number_integer() || o[key].get<long long>() < 0)
      return Error{"no whole number \"" + where + key + "\" (a report of chokepoint space rewrite --out)"};
    return o[key].get<size_t>();
  };
  const auto rate = [&](const std::string& key) -> Result<double> {
    if (!report.contains(key) || !report[key].is_number())
      return Error{"no number \"" + key + "\" (a report of chokepoint space rewrite --out)"};
    const double x = report[key].get<double>();
    if (!(x >= 0 && x <= 1)) return Error{"\"" + key + "\" is not a rate between 0 and 1"};
    return 100.0 * x;
  };
  const auto text = [&](const char* key) {
    return report.contains(key) && report[key].is_string() ? report[key].get<std::string>() : std::string();
  };
  RewritingRun run;
  run.model = model;
  run.items_rule = text("items_rule");
  run.rewriter = text("rewriter");
  for (auto [key, to] :
       {std::pair<const char*, size_t*>{"n", &run.n}, {"chosen", &run.chosen}, {"rewritten", &run.rewritten}}) {
    auto c = count(report, key, "");
    if (!c.ok()) return Error{c.error()};
    *to = *c;
  }
  for (auto [key, to] : {std::pair<const char*, double*>{"no_rewriting", &run.no_rewriting},
                         {"acc_at_1", &run.acc_at_1},
                         {"acc_at_3", &run.acc_at_3}}) {
    auto x = rate(key);
    if (!x.ok()) return Error{x.error()};
    *to = *x;
  }
  const nlohmann::json t4 = report.contains("table4") ? report["table4"] : nlohmann::json();
  for (auto [side, success, failure] :
       {std::tuple<const char*, size_t*, size_t*>{"estimator_right", &run.estimator_right_success,
                                                  &run.estimator_right_failure},
        {"estimator_wrong", &run.estimator_wrong_success, &run.estimator_wrong_failure}}) {
    const nlohmann::json half = t4.is_object() && t4.contains(side) ? t4[side] : nlohmann::json();
    const std::string where = std::string("table4.") + side + ".";
    auto s = count(half, "rewrite_right", where);
    if (!s.ok()) return Error{s.error()};
    auto f = count(half, "rewrite_wrong", where);
    if (!f.ok()) return Error{f.error()};
    *success = *s;
    *failure = *f;
  }
  const size_t sum = run.estimator_right_success + run.estimator_right_failure + run.estimator_wrong_success +
                     run.estimator_wrong_failure;
  if (sum != run.n)
    return Error{"table4's counts add up to " + std::to_string(sum) + ", not to n = " + std::to_string(run.n)};
  if (run.chosen > run.n || run.rewritten > run.chosen)
    return Error{"chosen or rewritten is larger than the items it is part of"};
  return run;
}

}  // namespace chokepoint::study
