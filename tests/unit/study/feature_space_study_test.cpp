// The feature-space study over hand-made clusters and estimator runs: the overall row first, one row per cluster
// with each model's EX and blind spot, the estimator beside the paper's Table 8, the negative features (five at
// most) and the items' clusters.
#include "core/study/feature_space_study.h"

#include <gtest/gtest.h>

namespace chokepoint::study {
namespace {

FeatureSpaceInputs inputs() {
  FeatureSpaceInputs in;
  in.items = 10;
  in.features = 40;
  in.k = 2;
  in.k_source = "given";
  in.clusters = {{6, {"has a join", "asks for a count", "names a column", "fourth"}}, {4, {"has a subquery"}}};
  FeatureSpaceModel m;
  m.name = "A";
  m.overall = {10, 7, 70, 40, 90, false};
  m.clusters = {{6, 6, 100, 60, 100, false}, {4, 1, 25, 5, 70, true}};
  in.models = {m};
  EstimatorRun e;
  e.model = "A";
  e.train = 9;
  e.test = 1;
  e.accuracy = 100;
  e.negative_features = {"f1", "f2", "f3", "f4", "f5", "f6"};
  in.estimators = {e};
  in.item_clusters = {{"q1", 0}, {"q2", 1}};
  return in;
}

TEST(FeatureSpaceStudy, ClustersWithEachModelsExAndBlindSpots) {
  const auto rep = feature_space_report(inputs());
  EXPECT_EQ(report_problem(rep), "");
  const auto& t = rep.tables[0];
  ASSERT_EQ(t.rows.size(), 3u);
  EXPECT_EQ(cell_text(t.rows[0][0]), "all");
  EXPECT_EQ(t.rows[0][3].number, 70);
  EXPECT_EQ(cell_text(t.rows[1][2]), "has a join; asks for a count; names a column");  // three at most
  EXPECT_EQ(t.rows[2][3].number, 25);
  EXPECT_EQ(cell_text(t.rows[2][4]), "yes");
  EXPECT_EQ(rep.charts[0].categories, (std::vector<std::string>{"all", "C0", "C1"}));
}

TEST(FeatureSpaceStudy, EstimatorBesideTheirsAndFiveNegativeFeatures) {
  const auto rep = feature_space_report(inputs());
  const auto& est = rep.tables[1];
  ASSERT_EQ(est.rows.size(), 1u);
  EXPECT_EQ(est.rows[0][8].number, 100);
  EXPECT_EQ(cell_text(est.rows[0][5]), "n/a");  // precision not computed
  EXPECT_EQ(est.published.size(), 8u);
  EXPECT_EQ(est.published[1].cells[8].number, 70.9);
  EXPECT_EQ(rep.tables[2].rows.size(), 5u);
  ASSERT_EQ(rep.items.rows.size(), 2u);
  EXPECT_EQ(cell_text(rep.items.rows[1][1]), "C1");
}

TEST(FeatureSpaceStudy, TheForestsFeaturesPerClusterWhenGiven) {
  auto in = inputs();
  in.multiclass_forest_features = {"has a join", "has a subquery"};
  in.clusters[0].multiclass_forest_features = {"has a join"};
  in.clusters[1].one_vs_rest_features = {"has a subquery", "asks for a count"};
  const auto rep = feature_space_report(in);
  EXPECT_EQ(report_problem(rep), "");
  ASSERT_GE(rep.tables.size(), 2u);
  const auto& t = rep.tables[1];
  EXPECT_EQ(t.id, "cluster_features");
  ASSERT_EQ(t.rows.size(), 3u);
  EXPECT_EQ(cell_text(t.rows[0][2]), "has a join; has a subquery");
  EXPECT_EQ(cell_text(t.rows[1][2]), "has a join");
  EXPECT_EQ(cell_text(t.rows[2][2]), "");
  EXPECT_EQ(cell_text(t.rows[2][3]), "has a subquery; asks for a count");
  EXPECT_EQ(feature_space_report(inputs()).tables[1].id, "estimator") << "no forest table without its features";
}

}  // namespace
}  // namespace chokepoint::study
