// The mutation-sensitivity study over a hand-made run: three mutants of two operators, one of them equivalent to its
// gold. The table's means, the published row beside ours, the drop charts and the per-mutant rows are worked out by
// hand from the scores below.
#include "core/study/mutation_sensitivity_study.h"

#include <cmath>

#include <gtest/gtest.h>

namespace chokepoint::study {
namespace {

mutate::MutantRecord mutant(const std::string& gold, const std::string& op, bool ex, double exp, double exr) {
  mutate::MutantRecord m;
  m.gold_id = gold;
  m.db_id = "db";
  m.op = op;
  m.description = op + " on " + gold;
  m.sql = "SELECT 1";
  m.scores.ex = ex;
  m.scores.exp = {exp};
  m.scores.exr = {exr};
  m.scores.f1 = {exp + exr > 0 ? 2 * exp * exr / (exp + exr) : 0};
  return m;
}

mutate::SensitivityRun hand_run() {
  mutate::SensitivityRun run;
  run.golds = 3;
  run.skipped.push_back({"g3", "db", "the gold query fails"});
  run.mutants = {mutant("g1", "limit_decrease", false, 1.0, 0.5), mutant("g2", "limit_decrease", true, 1.0, 1.0),
                 mutant("g1", "projection_drop", false, 1.0, 0.25)};
  return run;
}

// Rows come in Table X's order (projection_drop before limit_decrease), whatever order the operators are given in.
const std::vector<Cell>& row_of(const std::vector<std::vector<Cell>>& rows, const std::string& op) {
  for (const auto& r : rows)
    if (cell_text(r[0]) == op) return r;
  throw std::runtime_error("no row " + op);
}

const StudyTable& table_named(const StudyReport& r, const std::string& id) {
  for (const auto& t : r.tables)
    if (t.id == id) return t;
  throw std::runtime_error("no table " + id);
}

TEST(MutationSensitivityStudy, TableXMeansOverEveryMutantByDefault) {
  const auto run = hand_run();
  const auto table =
      mutate::tabulate_sensitivity(run.mutants, {"EC-EC-IE"}, false, {"limit_decrease", "projection_drop"});
  const auto report = mutation_sensitivity_report(run, table);
  EXPECT_EQ(report_problem(report), "");
  const auto& t = table_named(report, "sensitivity");
  ASSERT_EQ(t.columns.size(), 9u);
  ASSERT_EQ(t.rows.size(), 2u);
  // limit_decrease: two mutants of two golds, one equivalent. ΔEX = mean(-100, 0) = -50; ΔEXP = 0;
  // ΔEXR = mean(-50, 0) = -25.
  const auto& ld = row_of(t.rows, "limit_decrease");
  EXPECT_EQ(ld[1].number, 2);
  EXPECT_EQ(ld[2].number, 2);
  EXPECT_EQ(ld[3].number, 1);
  EXPECT_DOUBLE_EQ(ld[5].number, -50);
  EXPECT_DOUBLE_EQ(ld[6].number, 0);
  EXPECT_DOUBLE_EQ(ld[7].number, -25);
  // projection_drop: EXR 0.25 -> -75, F1 = 2*0.25/1.25 = 0.4 -> -60.
  const auto& pd = row_of(t.rows, "projection_drop");
  EXPECT_DOUBLE_EQ(pd[7].number, -75);
  EXPECT_NEAR(pd[8].number, -60, 1e-9);
  // The paper's rows for the same operators, under EC-EC-IE: limit_decrease -4, -61, -45.
  ASSERT_EQ(t.published.size(), 2u);
  EXPECT_EQ(t.published[0].source, "SQLMorph Table X");
  std::vector<std::vector<Cell>> published;
  for (const auto& p : t.published) published.push_back(p.cells);
  const auto& pld = row_of(published, "limit_decrease");
  EXPECT_EQ(pld[5].number, -100);
  EXPECT_EQ(pld[6].number, -4);
  EXPECT_EQ(pld[7].number, -61);
  EXPECT_EQ(pld[8].number, -45);
  // What the table is over, and the notes on what was left out.
  EXPECT_NE(t.over.find("3 mutants of 2 gold queries"), std::string::npos) << t.over;
  bool skipped_said = false;
  for (const auto& n : report.notes)
    skipped_said = skipped_said || n.find("2 of 3 gold queries ran (skipped: 1;") != std::string::npos;
  EXPECT_TRUE(skipped_said);
}

TEST(MutationSensitivityStudy, DroppingEquivalentMutantsLeavesThemOutOfTheMeans) {
  const auto run = hand_run();
  const auto table = mutate::tabulate_sensitivity(run.mutants, {"EC-EC-IE"}, true, {"limit_decrease"});
  const auto report = mutation_sensitivity_report(run, table);
  const auto& ld = table_named(report, "sensitivity").rows[0];  // the only operator
  EXPECT_EQ(ld[1].number, 1);                                   // in the means
  EXPECT_EQ(ld[3].number, 1);                                   // equivalent, counted apart
  EXPECT_DOUBLE_EQ(ld[5].number, -100);
  EXPECT_DOUBLE_EQ(ld[7].number, -50);
}

TEST(MutationSensitivityStudy, ChartsShowDropsOursBesideThePapers) {
  const auto run = hand_run();
  const auto table =
      mutate::tabulate_sensitivity(run.mutants, {"EC-EC-IE", "EC-PC-IE"}, false, {"limit_decrease", "projection_drop"});
  const auto report = mutation_sensitivity_report(run, table);
  ASSERT_EQ(report.charts.size(), 2u);  // one per regime
  const auto& c = report.charts[0];
  EXPECT_EQ(c.categories, (std::vector<std::string>{"projection_drop", "limit_decrease"}));
  ASSERT_EQ(c.series.size(), 4u);
  EXPECT_DOUBLE_EQ(c.series[1].values[1], 25);  // our EXR drop of limit_decrease
  EXPECT_DOUBLE_EQ(c.series[3].values[1], 61);  // the paper's
  // The paper publishes no EC-PC-IE column: no published bar, and empty published cells in the table.
  EXPECT_TRUE(std::isnan(report.charts[1].series[2].values[0]));
  EXPECT_EQ(cell_text(table_named(report, "sensitivity").published[0].cells[9]), "");
}

TEST(MutationSensitivityStudy, OneItemRowPerMutantWithItsScoresInPercent) {
  const auto run = hand_run();
  const auto table = mutate::tabulate_sensitivity(run.mutants, {"EC-EC-IE"}, false);
  const auto report = mutation_sensitivity_report(run, table);
  ASSERT_EQ(report.items.rows.size(), 3u);
  const auto& first = report.items.rows[0];
  EXPECT_EQ(cell_text(first[0]), "g1");
  EXPECT_EQ(cell_text(first[2]), "limit_decrease");
  EXPECT_EQ(cell_text(first[4]), "ok");
  EXPECT_EQ(first[5].number, 0);
  EXPECT_DOUBLE_EQ(first[7].number, 50);  // EXR
}

TEST(MutationSensitivityStudy, PublishedValuesOnlyForTheColumnsThePaperPrints) {
  PublishedDeltas d;
  ASSERT_TRUE(table_x_published("add_star_wildcard", "SC-EC-IE", &d));
  EXPECT_EQ(d.ex, -100);
  EXPECT_EQ(d.exp, -82);
  EXPECT_EQ(d.exr, 0);
  EXPECT_EQ(d.f1, -71);
  EXPECT_FALSE(table_x_published("add_star_wildcard", "EC-PC-IE", &d));
  EXPECT_FALSE(table_x_published("no_such_operator", "EC-EC-IE", &d));
}

}  // namespace
}  // namespace chokepoint::study
