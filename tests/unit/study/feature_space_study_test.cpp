// The feature-space study over hand-made clusters and estimator runs: the overall row first, one row per cluster
// with each model's EX and blind spot, the estimator beside the paper's Table 8, the negative features (five at
// most) and the items' clusters; with a rewriting run, Tables 3 and 4 beside the paper's, and without one a note.
#include "core/study/feature_space_study.h"

#include <gtest/gtest.h>

#include <algorithm>

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

TEST(FeatureSpaceStudy, WithoutRewritingNoTables3And4ButANoteSayingHow) {
  const auto rep = feature_space_report(inputs());
  for (const auto& t : rep.tables) EXPECT_NE(t.id.rfind("rewriting", 0), 0u) << t.id;
  bool noted = false;
  for (const auto& n : rep.notes) noted |= n.find("--rewrite MODEL=R.json") != std::string::npos;
  EXPECT_TRUE(noted);
}

TEST(FeatureSpaceStudy, RewritingRunsBesideTheirTables3And4) {
  auto in = inputs();
  RewritingRun r;
  r.model = "A";
  r.items_rule = "predicted";
  r.rewriter = "gpt";
  r.n = 8;
  r.chosen = 3;
  r.rewritten = 2;
  r.no_rewriting = 50;
  r.acc_at_1 = 62.5;
  r.acc_at_3 = 75;
  // 8 items: estimator right on 5 (3 of them right at Acc@3), wrong on 3 (3 right).
  r.estimator_right_success = 3;
  r.estimator_right_failure = 2;
  r.estimator_wrong_success = 3;
  r.estimator_wrong_failure = 0;
  in.rewriting = {r};
  const auto rep = feature_space_report(in);
  EXPECT_EQ(report_problem(rep), "");
  const StudyTable* acc = nullptr;
  const StudyTable* split = nullptr;
  for (const auto& t : rep.tables) {
    if (t.id == "rewriting") acc = &t;
    if (t.id == "rewriting_outcomes") split = &t;
  }
  ASSERT_TRUE(acc && split);
  ASSERT_EQ(acc->rows.size(), 1u);
  EXPECT_EQ(cell_text(acc->rows[0][1]), "the estimator's expected failures");
  EXPECT_EQ(acc->rows[0][3].number, 8);
  EXPECT_EQ(acc->rows[0][6].number, 50);
  EXPECT_EQ(acc->rows[0][8].number, 75);
  ASSERT_EQ(acc->published.size(), 2u);
  EXPECT_EQ(acc->published[0].cells[8].number, 37.7);  // code-gemma-7b's Acc@3
  EXPECT_EQ(acc->published[1].cells[6].number, 23.5);  // deepseek-coder-7b without rewriting
  ASSERT_EQ(split->rows.size(), 2u);
  EXPECT_EQ(cell_text(split->rows[0][1]), "right");
  EXPECT_EQ(split->rows[0][2].number, 5);
  EXPECT_EQ(split->rows[0][3].number, 37.5);  // 3 of 8
  EXPECT_EQ(split->rows[0][4].number, 25);    // 2 of 8
  EXPECT_EQ(split->rows[1][3].number, 37.5);
  EXPECT_EQ(split->rows[1][4].number, 0);
  ASSERT_EQ(split->published.size(), 4u);
  EXPECT_EQ(split->published[0].cells[3].number, 22.8);
  EXPECT_EQ(split->published[3].cells[4].number, 14.7);
  // The paper's four cells of a model cover every item.
  EXPECT_NEAR(split->published[0].cells[3].number + split->published[0].cells[4].number +
                  split->published[1].cells[3].number + split->published[1].cells[4].number,
              100.0, 1e-9);
}

// 003 Fig. 5: the map coloured by BIRD's difficulty in the paper's order, the unlabelled items apart; without labels,
// by cluster; without a map, a note saying how to add one.
TEST(FeatureSpaceStudy, TheMapColouredByDifficultyElseByCluster) {
  auto in = inputs();
  const auto without = feature_space_report(in);
  EXPECT_TRUE(
      std::none_of(without.charts.begin(), without.charts.end(), [](const StudyChart& c) { return c.id == "map"; }));
  bool noted = false;
  for (const auto& n : without.notes) noted |= n.find("--umap") != std::string::npos;
  EXPECT_TRUE(noted);

  in.map = {{1.5, -2, "challenging"}, {0, 3, ""}};
  in.map_method = "UMAP, seed 0";
  auto rep = feature_space_report(in);
  ASSERT_EQ(rep.charts.back().id, "map");
  const StudyChart& map = rep.charts.back();
  EXPECT_EQ(map.kind, ChartKind::Scatter);
  EXPECT_EQ(map.y_label, "UMAP, seed 0");
  EXPECT_EQ(map.categories, (std::vector<std::string>{"simple", "moderate", "challenging", "no difficulty"}));
  ASSERT_EQ(map.points.size(), 2u);
  EXPECT_EQ(map.points[0].group, 2u);
  EXPECT_DOUBLE_EQ(map.points[0].x, 1.5);
  EXPECT_EQ(map.points[1].group, 3u);
  EXPECT_EQ(report_problem(rep), "");

  in.map = {{1, 1, ""}, {2, 2, ""}};
  rep = feature_space_report(in);
  const StudyChart& by_cluster = rep.charts.back();
  EXPECT_EQ(by_cluster.categories, (std::vector<std::string>{"C0", "C1"}));
  EXPECT_EQ(by_cluster.points[0].group, 0u);  // q1 in cluster 0
  EXPECT_EQ(by_cluster.points[1].group, 1u);  // q2 in cluster 1
  EXPECT_NE(by_cluster.title.find("by cluster"), std::string::npos);
}

}  // namespace
}  // namespace chokepoint::study
