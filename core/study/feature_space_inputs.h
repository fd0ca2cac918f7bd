// The feature-space study's inputs from SQLSpace's own results (core/sqlspace), for a caller that computed them
// itself, as the app's Feature space tab does over frames. The CLI's `study feature-space` reads the same figures
// from the reports of `space clusters --importance` and `space estimate`; both then lay them out with
// feature_space_report.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/base/result.h"
#include "core/sqlspace/blind_spots.h"
#include "core/sqlspace/cluster_importance.h"
#include "core/sqlspace/correctness_estimator.h"
#include "core/sqlspace/feature_clusters.h"
#include "core/sqlspace/question_rewriting.h"
#include "core/study/feature_space_study.h"

namespace chokepoint::study {

// A feature as the tables name it: its predicate, or its column name when the catalogue has none.
using FeatureText = std::function<std::string(int id)>;

struct SqlspaceResults {
  size_t items = 0, features = 0;  // the clustered vectors' rows and columns
  bool k_given = false;            // else the elbow's knee
  const sqlspace::FeatureClusters* clusters = nullptr;
  const sqlspace::BlindSpotReport* blind_spots = nullptr;  // the models' EX per cluster
  // The forests' explanations (space clusters --importance): the multi-class forest and one forest per cluster.
  const sqlspace::MulticlassClusterImportance* multiclass = nullptr;
  const std::vector<std::vector<sqlspace::FeatureImportance>>* one_vs_rest = nullptr;
  std::vector<std::string> item_keys;  // one per clustered row
};

// The clusters, models and explanations; estimators are added with estimator_run. Needs clusters and blind_spots.
FeatureSpaceInputs feature_space_inputs(const SqlspaceResults& results, const FeatureText& text);

// One estimator run as Table 8 and Table 7 read it: precision, recall, F1 and accuracy in percent, ROC-AUC and Brier as
// they are; an undefined figure (NaN) is left out.
EstimatorRun estimator_run(const std::string& model, bool online, const sqlspace::EstimatorReport& report,
                           const FeatureText& text);

// A rewriting run from its summary (core/sqlspace/question_rewriting.h), rates as percent.
RewritingRun rewriting_run(const std::string& model, const std::string& items_rule, const std::string& rewriter,
                           const sqlspace::RewriteSummary& summary);

// A rewriting run from the report `chokepoint space rewrite --out` writes (its summary fields: n, chosen, rewritten,
// no_rewriting, acc_at_1, acc_at_3 as fractions, table4's four counts, items_rule, rewriter). An error names the
// first field missing or of the wrong kind, or counts that do not add up to n.
Result<RewritingRun> rewriting_run_from_report(const std::string& model, const nlohmann::json& report);

}  // namespace chokepoint::study
