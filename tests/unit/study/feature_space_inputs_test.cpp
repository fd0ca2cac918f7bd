// SQLSpace's own results as the feature-space study's inputs: EX and its interval in percent, blind spots and
// universal ones carried over, every feature named by the given text, the estimator's percentages and its undefined
// figures left out; a rewriting run from its summary or from `space rewrite`'s report, a damaged report refused.
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

TEST(FeatureSpaceInputs, RewritingRunFromItsSummaryInPercent) {
  sqlspace::RewriteSummary s;
  s.n = 4;
  s.chosen = 2;
  s.rewritten = 1;
  s.no_rewriting = 0.25;
  s.acc_at_1 = 0.5;
  s.acc_at_3 = 0.75;
  s.estimator_right_success = 2;
  s.estimator_wrong_failure = 2;
  const auto run = rewriting_run("A", "predicted", "gpt", s);
  EXPECT_EQ(run.n, 4u);
  EXPECT_DOUBLE_EQ(run.no_rewriting, 25);
  EXPECT_DOUBLE_EQ(run.acc_at_3, 75);
  EXPECT_EQ(run.estimator_right_success, 2u);
  EXPECT_EQ(run.estimator_wrong_failure, 2u);
  EXPECT_EQ(run.rewriter, "gpt");
}

nlohmann::json rewrite_report() {
  return nlohmann::json::parse(R"({"n": 4, "items_rule": "wrong", "chosen": 2, "rewritten": 1,
    "no_rewriting": 0.5, "acc_at_1": 0.5, "acc_at_3": 0.75, "rewriter": "r",
    "table4": {"estimator_right": {"rewrite_right": 3, "rewrite_wrong": 1},
               "estimator_wrong": {"rewrite_right": 0, "rewrite_wrong": 0}}})");
}

TEST(FeatureSpaceInputs, RewritingRunFromSpaceRewritesReport) {
  auto run = rewriting_run_from_report("A", rewrite_report());
  ASSERT_TRUE(run.ok()) << run.error();
  EXPECT_EQ(run->model, "A");
  EXPECT_EQ(run->items_rule, "wrong");
  EXPECT_EQ(run->rewriter, "r");
  EXPECT_DOUBLE_EQ(run->acc_at_3, 75);
  EXPECT_EQ(run->estimator_right_success, 3u);
  EXPECT_EQ(run->estimator_right_failure, 1u);
}

TEST(FeatureSpaceInputs, DamagedRewriteReportsAreRefusedByField) {
  auto no_rate = rewrite_report();
  no_rate.erase("acc_at_1");
  EXPECT_NE(rewriting_run_from_report("A", no_rate).error().find("acc_at_1"), std::string::npos);
  auto percent_not_rate = rewrite_report();
  percent_not_rate["acc_at_3"] = 75;
  EXPECT_NE(rewriting_run_from_report("A", percent_not_rate).error().find("acc_at_3"), std::string::npos);
  auto bad_count = rewrite_report();
  bad_count["table4"]["estimator_wrong"]["rewrite_right"] = "two";
  EXPECT_NE(rewriting_run_from_report("A", bad_count).error().find("table4.estimator_wrong.rewrite_right"),
            std::string::npos);
  auto not_adding_up = rewrite_report();
  not_adding_up["n"] = 5;
  EXPECT_NE(rewriting_run_from_report("A", not_adding_up).error().find("add up to 4"), std::string::npos)
      << rewriting_run_from_report("A", not_adding_up).error();
  EXPECT_FALSE(rewriting_run_from_report("A", nlohmann::json::array()).ok());
}

}  // namespace
}  // namespace chokepoint::study
