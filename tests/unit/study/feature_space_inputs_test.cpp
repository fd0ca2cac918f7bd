// SQLSpace's own results as the feature-space study's inputs: EX and its interval in percent, blind spots and
// universal ones carried over, every feature named by the given text, the estimator's percentages and its undefined
// figures left out.
#include "core/study/feature_space_inputs.h"

#include <cmath>

#include <gtest/gtest.h>

namespace chokepoint::study {
namespace {

TEST(FeatureSpaceInputs, ClustersModelsAndForestsFromSqlspaceResults) {
  sqlspace::FeatureClusters fc;
  fc.k = 2;
  fc.labels = {0, 0, 1, 1, 1};
  fc.sizes = {2, 3};
  fc.explanations = {{{10, 1.0, 0.4, 2.5}}, {{20, 1.0, 0.6, 1.7}, {30, 0.7, 0.4, 1.7}}};
  std::vector<sqlspace::ModelOutcomes> models = {{"A", 0, {true, true, false, false, true}}};
  const auto spots = sqlspace::blind_spots(fc.labels, fc.k, models, {});
  sqlspace::MulticlassClusterImportance multiclass{{{20, 0.6}, {10, 0.4}}, {{{10, 0.4}}, {{20, 0.6}}}};
  const std::vector<std::vector<sqlspace::FeatureImportance>> own = {{{10, 0.9}}, {{20, 0.7}, {30, 0.3}}};
  SqlspaceResults r;
  r.items = 5;
  r.features = 3;
  r.clusters = &fc;
  r.blind_spots = &spots;
  r.multiclass = &multiclass;
  r.one_vs_rest = &own;
  r.item_keys = {"a", "b", "c", "d", "e"};
  const auto in = feature_space_inputs(r, [](int id) { return "f" + std::to_string(id); });
  EXPECT_EQ(in.k, 2);
  EXPECT_EQ(in.k_source, "elbow");
  ASSERT_EQ(in.clusters.size(), 2u);
  EXPECT_EQ(in.clusters[1].size, 3u);
  EXPECT_EQ(in.clusters[1].top_features, (std::vector<std::string>{"f20", "f30"}));
  EXPECT_EQ(in.clusters[0].multiclass_forest_features, (std::vector<std::string>{"f10"}));
  EXPECT_EQ(in.clusters[1].one_vs_rest_features, (std::vector<std::string>{"f20", "f30"}));
  EXPECT_EQ(in.multiclass_forest_features, (std::vector<std::string>{"f20", "f10"}));
  ASSERT_EQ(in.models.size(), 1u);
  EXPECT_EQ(in.models[0].overall.correct, 3u);
  EXPECT_DOUBLE_EQ(in.models[0].overall.accuracy, 60.0);
  ASSERT_EQ(in.models[0].clusters.size(), 2u);
  EXPECT_DOUBLE_EQ(in.models[0].clusters[0].accuracy, 100.0);
  EXPECT_NEAR(in.models[0].clusters[1].accuracy, 100.0 / 3, 1e-9);
  EXPECT_DOUBLE_EQ(in.models[0].clusters[1].upper, 100.0 * spots.models[0].clusters[1].accuracy.upper);
  EXPECT_EQ(in.models[0].clusters[1].blind_spot, spots.models[0].clusters[1].blind_spot);
  ASSERT_EQ(in.item_clusters.size(), 5u);
  EXPECT_EQ(in.item_clusters[2], (std::pair<std::string, int>{"c", 1}));
  EXPECT_EQ(report_problem(feature_space_report(in)), "");
}

TEST(FeatureSpaceInputs, EstimatorRunInPercentWithUndefinedFiguresLeftOut) {
  sqlspace::EstimatorReport e;
  e.train = 9;
  e.test = 3;
  e.metrics.accuracy = 2.0 / 3;
  e.metrics.precision = 1;
  e.metrics.recall = 0.5;
  e.metrics.f1 = 2.0 / 3;
  e.metrics.roc_auc = std::nan("");
  e.metrics.brier = 0.25;
  e.negative_features = {{40, 0.2, 0.5, 0.1}};
  const auto run = estimator_run("A", true, e, [](int id) { return "f" + std::to_string(id); });
  EXPECT_TRUE(run.online);
  EXPECT_EQ(run.test, 3u);
  ASSERT_TRUE(run.accuracy);
  EXPECT_NEAR(*run.accuracy, 200.0 / 3, 1e-9);
  EXPECT_DOUBLE_EQ(*run.recall, 50.0);
  EXPECT_FALSE(run.roc_auc);
  EXPECT_DOUBLE_EQ(*run.brier, 0.25);
  EXPECT_EQ(run.negative_features, (std::vector<std::string>{"f40"}));
}

}  // namespace
}  // namespace chokepoint::study
