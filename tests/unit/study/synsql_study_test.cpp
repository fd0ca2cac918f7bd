// The synsql study over hand-made agreement figures: the original rows first, then one row per method and system in
// the order given, AR shown as n/a when undefined, the paper's rows beside ours, Table 3 only with labels, and the
// per-item verdicts.
#include "core/study/synsql_study.h"

#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>

namespace chokepoint::study {
namespace {

SynsqlInputs inputs() {
  SynsqlInputs in;
  in.items = 4;
  in.original_sr = 100;
  in.methods = {"synth", "suite"};
  in.systems = {"A"};
  SynsqlCell a{"synth", "A", 4, 4, 75, 50, 25, 25, 12, 40.0, "moderate", std::nullopt};
  SynsqlCell b{"suite", "A", 4, 0, 50, 0, 0, 0, 10, std::nullopt, "", std::nullopt};
  in.cells = {a, b};
  in.item_columns = {"A original", "A synth", "A suite"};
  in.items_rows = {{"1", "db", {"1", "0", "no_database"}}};
  return in;
}

TEST(SynsqlStudy, OriginalRowsThenEachMethodAndSystem) {
  const auto rep = synsql_report(inputs());
  EXPECT_EQ(report_problem(rep), "");
  const auto& t = rep.tables[0];
  ASSERT_EQ(t.rows.size(), 3u);
  EXPECT_EQ(cell_text(t.rows[0][0]), "original");
  EXPECT_EQ(t.rows[0][3].number, 100);
  EXPECT_EQ(t.rows[0][5].number, 50);  // EX on the original, from the first method's cell
  EXPECT_EQ(cell_text(t.rows[1][0]), "synth");
  EXPECT_EQ(t.rows[1][3].number, 40);
  EXPECT_EQ(cell_text(t.rows[2][3]), "n/a");  // no reference item: AR undefined
  EXPECT_EQ(t.published.size(), 34u);         // 17 published methods x 2 systems
  EXPECT_EQ(rep.tables.size(), 1u);           // no labels, no Table 3
  ASSERT_EQ(rep.charts.size(), 2u);
  EXPECT_TRUE(std::isnan(rep.charts[0].series[0].values[1]));  // AR of suite undefined: no bar
  EXPECT_EQ(rep.charts[1].categories, (std::vector<std::string>{"original", "synth", "suite"}));
}

TEST(SynsqlStudy, AMethodsFailureClassesGiveFigureFourBesideThePapers) {
  SynsqlInputs in = inputs();
  testdb::SuccessBreakdown b;
  for (auto v : {testdb::SuccessVerdict::Success, testdb::SuccessVerdict::Success,
                 testdb::SuccessVerdict::SelectorOmission, testdb::SuccessVerdict::Misinterpretation,
                 testdb::SuccessVerdict::Misinterpretation, testdb::SuccessVerdict::NoDatabase}) {
    testdb::SuccessDiagnosis d;
    d.verdict = v;
    b.add(d);
  }
  in.failures = {{"synth", b}};
  const auto rep = synsql_report(in);
  EXPECT_EQ(report_problem(rep), "");
  ASSERT_EQ(rep.tables.size(), 2u);
  const auto& f = rep.tables[1];
  EXPECT_EQ(f.id, "failures");
  ASSERT_EQ(f.rows.size(), 1u);
  // synth: 6 questions, SR 2/6, 4 failures: 1 omission, 2 misinterpretations, 1 without data.
  std::vector<std::string> row;
  for (const auto& c : f.rows[0]) row.push_back(cell_text(c));
  EXPECT_EQ(row, (std::vector<std::string>{"synth", "6", "33.33", "4", "1", "2", "1", "0"}));
  ASSERT_EQ(f.published.size(), 1u);
  EXPECT_EQ(f.published[0].cells[3].number, 84);
  EXPECT_EQ(f.published[0].cells[4].number, 40);
  EXPECT_EQ(f.published[0].cells[5].number, 44);
  EXPECT_EQ(synsql_report(inputs()).tables.size(), 1u) << "no run classed its failures: no Fig. 4";
}

TEST(SynsqlStudy, LabelsGiveTableThreeAndItemsKeepTheirVerdicts) {
  auto in = inputs();
  in.cells[0].labels = SynsqlTransitions{4, 2, 1, 1, 1, 0, 1};
  const auto rep = synsql_report(in);
  ASSERT_EQ(rep.tables.size(), 2u);
  const auto& l = rep.tables[1];
  ASSERT_EQ(l.rows.size(), 1u);
  EXPECT_EQ(l.rows[0][3].number, 2);
  EXPECT_EQ(l.published[0].cells[3].number, 21);
  ASSERT_EQ(rep.items.rows.size(), 1u);
  EXPECT_EQ(rep.items.rows[0][2].number, 1);
  EXPECT_EQ(cell_text(rep.items.rows[0][4]), "no_database");
}

// A cell from an agreement summary, as the app's Synthesis tab makes it: AR in percent with its band; undefined AR
// (no reference item) left unset with no band. A verdict is 1/0 when scored, else the status.
TEST(SynsqlStudy, CellFromAnAgreementSummaryAndVerdicts) {
  testdb::AgreementSummary s;
  s.n = 4;
  s.reference = 3;
  s.sr = 75;
  s.ex_original = 100;
  s.ex_test = 2.0 / 3 * 100;
  s.delta = 100.0 / 3;
  s.cc = 9;
  s.ar = 0.5;
  const auto c = synsql_cell("synsql", "A", s);
  EXPECT_EQ(c.method, "synsql");
  EXPECT_EQ(c.n, 4u);
  EXPECT_EQ(c.reference, 3u);
  ASSERT_TRUE(c.ar);
  EXPECT_DOUBLE_EQ(*c.ar, 50.0);
  EXPECT_EQ(c.ar_band, "moderate");
  EXPECT_DOUBLE_EQ(c.delta, 100.0 / 3);
  s.ar.reset();
  const auto none = synsql_cell("synsql", "A", s);
  EXPECT_FALSE(none.ar);
  EXPECT_EQ(none.ar_band, "");

  ItemEvaluation e;
  e.status = ItemStatus::Scored;
  e.ex = true;
  EXPECT_EQ(synsql_verdict(e), "1");
  e.ex = false;
  EXPECT_EQ(synsql_verdict(e), "0");
  e.status = ItemStatus::NoDatabase;
  EXPECT_EQ(synsql_verdict(e), "no_database");
}

// One root's run: the cell over the questions judged on both databases, the originals' SR over them, and a row per
// question, the one without an original database reading "no_database".
TEST(SynsqlStudy, InputsOfOneRunOverItsQuestions) {
  auto judged = [](bool original_right, bool test_right, size_t gold_rows) {
    testdb::AgreementItem a;
    a.original.status = a.test.status = ItemStatus::Scored;
    a.original.ex = original_right;
    a.test.ex = test_right;
    a.original.gold_rows = a.test.gold_rows = gold_rows;
    a.test_columns = 6;
    return a;
  };
  const auto a = judged(true, true, 1), b = judged(true, false, 0);
  const auto in =
      synsql_inputs_of_run("synsql", "A", {{"1", "db__q1", &a}, {"2", "db__q2", &b}, {"3", "x__q3", nullptr}});
  EXPECT_EQ(in.items, 3u);
  EXPECT_DOUBLE_EQ(in.original_sr, 50.0);  // one of the two judged golds returns a row
  ASSERT_EQ(in.cells.size(), 1u);
  EXPECT_EQ(in.cells[0].n, 2u);
  EXPECT_DOUBLE_EQ(in.cells[0].ex_original, 100.0);
  EXPECT_DOUBLE_EQ(in.cells[0].ex_test, 50.0);
  EXPECT_EQ(in.item_columns, (std::vector<std::string>{"A original", "A synsql"}));
  ASSERT_EQ(in.items_rows.size(), 3u);
  EXPECT_EQ(in.items_rows[1].verdicts, (std::vector<std::string>{"1", "0"}));
  EXPECT_EQ(in.items_rows[2].db_id, "x__q3");
  EXPECT_EQ(in.items_rows[2].verdicts, (std::vector<std::string>{"no_database"}));
  EXPECT_EQ(report_problem(synsql_report(in)), "");
}

// A second root over the same questions (the page's distilled suite beside its synthesis): its own cell, its column,
// its verdict after the first root's on each judged row; the question without an original keeps its one verdict.
TEST(SynsqlStudy, ASecondMethodOfTheRunAddsItsCellAndColumn) {
  auto judged = [](bool original_right, bool test_right) {
    testdb::AgreementItem a;
    a.original.status = a.test.status = ItemStatus::Scored;
    a.original.ex = original_right;
    a.test.ex = test_right;
    a.original.gold_rows = a.test.gold_rows = 1;
    return a;
  };
  const auto a = judged(true, true), b = judged(false, false);
  const auto sa = judged(true, false), sb = judged(false, false);
  auto in = synsql_inputs_of_run("synsql", "A", {{"1", "q1", &a}, {"2", "q2", &b}, {"3", "q3", nullptr}});
  add_method_of_run(in, "tsa", {&sa, &sb, nullptr});
  EXPECT_EQ(in.methods, (std::vector<std::string>{"synsql", "tsa"}));
  EXPECT_EQ(in.item_columns, (std::vector<std::string>{"A original", "A synsql", "A tsa"}));
  ASSERT_EQ(in.cells.size(), 2u);
  EXPECT_EQ(in.cells[1].method, "tsa");
  EXPECT_EQ(in.cells[1].system, "A");
  EXPECT_EQ(in.cells[1].n, 2u);
  EXPECT_DOUBLE_EQ(in.cells[1].ex_original, 50.0);
  EXPECT_DOUBLE_EQ(in.cells[1].ex_test, 0.0);
  EXPECT_EQ(in.items_rows[0].verdicts, (std::vector<std::string>{"1", "1", "0"}));
  EXPECT_EQ(in.items_rows[1].verdicts, (std::vector<std::string>{"0", "0", "0"}));
  EXPECT_EQ(in.items_rows[2].verdicts, (std::vector<std::string>{"no_database"}));
  EXPECT_EQ(report_problem(synsql_report(in)), "");
  EXPECT_NE(distilled_suite_note("tsa", 4, 2).find("tsa is a distilled test suite (4 databases over 2 db_ids)"),
            std::string::npos);
}

// With the humans' verdicts: Table 3 over the judged questions, as agreement --labels counts them. Item 2 is right on
// the original and wrong on the test database; the human says the prediction is right: positive -> negative, TP -> FN.
TEST(SynsqlStudy, InputsOfOneRunWithLabelsGiveTableThree) {
  testdb::AgreementItem a, b;
  for (auto* x : {&a, &b}) {
    x->original.status = x->test.status = ItemStatus::Scored;
    x->original.gold_rows = x->test.gold_rows = 1;
  }
  a.id = "1";
  b.id = "2";
  a.original.ex = a.test.ex = true;
  b.original.ex = true;
  b.test.ex = false;
  auto labels = testdb::parse_human_labels(R"({"1": true, "2": true})", {"1", "2", "3"});
  ASSERT_TRUE(labels.ok()) << labels.error();
  const auto in =
      synsql_inputs_of_run("synsql", "A", {{"1", "q1", &a}, {"2", "q2", &b}, {"3", "q3", nullptr}}, nullptr, &*labels);
  ASSERT_TRUE(in.cells[0].labels.has_value());
  const auto& t = *in.cells[0].labels;
  EXPECT_EQ(t.labelled, 2u);
  EXPECT_EQ(t.positive_to_negative, 1u);
  EXPECT_EQ(t.tp_to_fn, 1u);
  EXPECT_EQ(t.negative_to_positive, 0u);
  const auto rep = synsql_report(in);
  EXPECT_EQ(report_problem(rep), "");
  EXPECT_TRUE(
      std::any_of(rep.tables.begin(), rep.tables.end(), [](const StudyTable& x) { return x.id == "disagreements"; }));
}

}  // namespace
}  // namespace chokepoint::study
