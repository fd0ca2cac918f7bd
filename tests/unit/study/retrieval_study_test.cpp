// The retrieval study over hand-made scores: Table VIII's layout in the paper's approach order, FPR shown as n/a when
// nothing was retrieved, the change against O/O (ours and the paper's own numbers subtracted), the charts and the
// per-item rows.
#include "core/study/retrieval_study.h"

#include "core/study/denat_delta_study.h"

#include <cmath>

#include <gtest/gtest.h>

namespace chokepoint::study {
namespace {

linking::RetrievalScores scores(size_t n, size_t fpr_items, double fpr, double slr) {
  linking::RetrievalScores s;
  s.n = n;
  s.fpr_items = fpr_items;
  s.fpr = fpr;
  s.slr = slr;
  return s;
}

std::vector<RetrievalCell> cells() {
  return {{"full-schema", "O/O", scores(4, 4, 80, 100)},
          {"scsl", "O/O", scores(4, 3, 30, 50)},
          {"full-schema", "L/O", scores(4, 4, 80, 100)},
          {"scsl", "L/O", scores(4, 0, 0, 0)}};
}

TEST(RetrievalStudy, TableViiiInThePapersLayoutWithItsValuesBeside) {
  const auto rep = retrieval_report({"O/O", "L/O"}, {"full-schema", "scsl"}, cells(), {}, "m");
  EXPECT_EQ(report_problem(rep), "");
  const auto& t = rep.tables[0];
  EXPECT_EQ(t.columns, (std::vector<std::string>{"setting", "Full-Schema FPR (%)", "Full-Schema SLR (%)",
                                                 "SCSL FPR (%)", "SCSL SLR (%)"}));
  ASSERT_EQ(t.rows.size(), 2u);
  EXPECT_EQ(t.rows[0][3].number, 30);
  EXPECT_EQ(cell_text(t.rows[1][3]), "n/a");  // SCSL retrieved nothing on L/O: FPR undefined
  EXPECT_EQ(t.rows[1][4].number, 0);
  ASSERT_EQ(t.published.size(), 4u);
  EXPECT_EQ(cell_text(t.published[1].cells[0]), "L/O");
  EXPECT_EQ(t.published[1].cells[2].number, 30.4);  // Full-Schema SLR
  EXPECT_EQ(t.published[1].cells[3].number, 29.2);  // SCSL FPR
  EXPECT_NE(t.over.find("O/O 4;"), std::string::npos) << t.over;
}

TEST(RetrievalStudy, ChangeAgainstOOInPointsOursAndThePapers) {
  const auto rep = retrieval_report({"O/O", "L/O"}, {"full-schema", "scsl"}, cells(), {}, "m");
  ASSERT_EQ(rep.tables.size(), 2u);
  const auto& d = rep.tables[1];
  ASSERT_EQ(d.rows.size(), 1u);
  EXPECT_EQ(d.rows[0][2].number, 0);       // Full-Schema SLR unchanged
  EXPECT_EQ(cell_text(d.rows[0][3]), "");  // SCSL FPR: undefined on L/O
  EXPECT_EQ(d.rows[0][4].number, -50);     // SCSL SLR
  EXPECT_NEAR(d.published[0].cells[2].number, 30.4 - 99.5, 1e-9);
  // Without O/O there is nothing to change against.
  EXPECT_EQ(retrieval_report({"L/O"}, {"scsl"}, cells(), {}, "m").tables.size(), 1u);
}

TEST(RetrievalStudy, ChartsAndItemRows) {
  std::vector<RetrievalItemRow> items = {{"O/O", "scsl", "7", "db", "linked", 2, 3, true, 100.0 / 3},
                                         {"L/O", "scsl", "7", "db", "unreadable", 2, 0, false, std::nullopt}};
  const auto rep = retrieval_report({"O/O", "L/O"}, {"scsl"}, cells(), items, "");
  ASSERT_EQ(rep.charts.size(), 2u);
  const auto& fpr = rep.charts[0];
  ASSERT_EQ(fpr.series.size(), 2u);  // ours and the paper's
  EXPECT_EQ(fpr.series[0].values[0], 30);
  EXPECT_TRUE(std::isnan(fpr.series[0].values[1]));
  EXPECT_EQ(fpr.series[1].values[1], 29.2);
  ASSERT_EQ(rep.items.rows.size(), 2u);
  EXPECT_EQ(rep.items.rows[0][7].number, 1);
  EXPECT_EQ(cell_text(rep.items.rows[1][8]), "");
  EXPECT_NE(rep.notes[1].find("no model"), std::string::npos);
}

// One row per retrieved item, the item's own FPR and whether all its gold columns came back; an item the gold cannot
// score (no schema, unusable gold) has neither.
TEST(RetrievalStudy, ItemRowsScoreEachItemAlone) {
  EvalSet set;
  set.items = {{"q1", "tox", "", "", "", ""}, {"q2", "tox", "", "", "", ""}, {"q3", "gone", "", "", "", ""}};
  std::vector<linking::RetrievedItem> items(3);
  items[0].item = 0;
  items[0].gold.columns = {"atom.element"};
  items[0].columns = {"atom.atom_id", "atom.element"};  // all gold, one of two not in the gold: FPR 50
  items[1].item = 1;
  items[1].gold.columns = {"atom.element", "molecule.label"};
  items[1].columns = {"atom.element"};  // one gold column missing, nothing extra: FPR 0
  items[2].item = 2;
  items[2].outcome = linking::LinkOutcome::NoSchema;
  const auto rows = retrieval_item_rows(set, items, "O/L", "scsl");
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].id, "q1");
  EXPECT_EQ(rows[0].setting, "O/L");
  EXPECT_EQ(rows[0].approach, "scsl");
  EXPECT_EQ(rows[0].gold, 1u);
  EXPECT_EQ(rows[0].retrieved, 2u);
  EXPECT_EQ(rows[0].all_gold, true);
  EXPECT_EQ(rows[0].fpr, 50.0);
  EXPECT_EQ(rows[1].all_gold, false);
  EXPECT_EQ(rows[1].fpr, 0.0);
  EXPECT_EQ(rows[2].db_id, "gone");
  EXPECT_EQ(rows[2].outcome, "no_schema");
  EXPECT_FALSE(rows[2].all_gold.has_value());
  EXPECT_FALSE(rows[2].fpr.has_value());
}

// Runs kept one per (approach, setting), given out of order: laid out in the paper's orders, inputs naming each
// setting's sets, a note per setting without a run; the refusals say why.
TEST(RetrievalStudy, RunsOfATabLaidOutInThePapersOrder) {
  using linking::RetrievalApproach;
  auto run = [](RetrievalApproach a, int setting, const std::string& set, const std::string& model) {
    RetrievalRun r;
    r.approach = a;
    r.setting = setting;
    r.set = set;
    r.model = model;
    r.scores.n = 1;
    r.rows = {{denat_settings()[static_cast<size_t>(setting)], linking::retrieval_approach_name(a), "0", "db", "linked",
               1, 1, true, 0.0}};
    return r;
  };
  const std::vector<RetrievalRun> runs = {run(RetrievalApproach::Tcsl, 1, "L_O.json", "m"),
                                          run(RetrievalApproach::FullSchema, 0, "O_O.json", ""),
                                          run(RetrievalApproach::Scsl, 0, "O_O_again.json", "m")};
  auto report = retrieval_report_of_runs(runs);
  ASSERT_TRUE(report.ok()) << report.error();
  std::vector<std::pair<std::string, std::string>> inputs;
  for (const auto& in : report->inputs) inputs.push_back({in.name, in.value});
  EXPECT_EQ(inputs, (std::vector<std::pair<std::string, std::string>>{
                        {"O/O", "O_O.json (full-schema); O_O_again.json (scsl)"}, {"L/O", "L_O.json"}, {"fk", "no"}}));
  std::vector<std::string> order;
  for (const auto& r : report->items.rows) order.push_back(r[0].text + " " + r[1].text);
  EXPECT_EQ(order, (std::vector<std::string>{"O/O full-schema", "O/O scsl", "L/O tcsl"}));
  std::vector<std::string> skipped;
  for (const auto& n : report->notes)
    if (n.rfind("Setting ", 0) == 0) skipped.push_back(n);
  EXPECT_EQ(skipped, (std::vector<std::string>{"Setting O/L skipped: no retrieval ran on a set labelled O/L.",
                                               "Setting L/L skipped: no retrieval ran on a set labelled L/L."}));

  EXPECT_EQ(retrieval_report_of_runs({}).error(),
            "no retrieval has run: run one in Run a model > Retrieval (each run fills a cell of Table VIII)");
  auto two_models = runs;
  two_models[0].model = "other";
  EXPECT_EQ(retrieval_report_of_runs(two_models).error(),
            "the table's cells were retrieved by two models (other, m): run every approach with one model");
  auto mixed_fk = runs;
  mixed_fk[1].foreign_keys = true;
  EXPECT_EQ(retrieval_report_of_runs(mixed_fk).error(),
            "the table's cells were retrieved with and without foreign keys: run every cell with one choice");
}

}  // namespace
}  // namespace chokepoint::study
