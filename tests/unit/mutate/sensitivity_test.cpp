// The sensitivity experiment end to end on the concert database, with scores computed by hand, and the table's
// means and equivalent-mutant filter on hand-made records.
#include "core/metrics/execution_accuracy.h"
#include "core/metrics/fine_grained_metrics.h"
#include "core/metrics/regime.h"
#include "core/mutate/metrics_scorer.h"
#include "core/mutate/sensitivity_run.h"
#include "core/mutate/sensitivity_table.h"
#include "tests/unit/mutate/mutation_fixtures.h"

namespace chokepoint::mutate {
namespace {

const OperatorSensitivity& row_of(const SensitivityTable& t, const std::string& op) {
  for (const auto& r : t.rows)
    if (r.op == op) return r;
  static OperatorSensitivity none;
  ADD_FAILURE() << "no row " << op;
  return none;
}

MutantRecord record(const std::string& op, bool ex, double exp, double exr, double f1, const std::string& gold = "0") {
  MutantRecord m;
  m.gold_id = gold;
  m.db_id = "db";
  m.op = op;
  m.scores = {ex, {exp}, {exr}, {f1}};
  return m;
}

TEST(SensitivityTable, MeansAreDeltasFromOneHundred) {
  std::vector<MutantRecord> ms = {record("limit_decrease", false, 1.0, 0.5, 2.0 / 3),
                                  record("limit_decrease", false, 0.5, 0.5, 0.5, "1"),
                                  record("limit_decrease", true, 1.0, 1.0, 1.0, "1")};
  auto t = tabulate_sensitivity(ms, {"EC-EC-IE"}, false);
  ASSERT_EQ(t.rows.size(), 15u);
  const auto& r = row_of(t, "limit_decrease");
  EXPECT_EQ(r.mutants, 3u);
  EXPECT_EQ(r.golds, 2u);
  EXPECT_EQ(r.equivalent, 1u);
  EXPECT_NEAR(r.ex, 100.0 / 3 - 100, 1e-9);
  EXPECT_NEAR(r.regimes[0].exp, 250.0 / 3 - 100, 1e-9);
  EXPECT_NEAR(r.regimes[0].exr, 200.0 / 3 - 100, 1e-9);
  EXPECT_EQ(row_of(t, "join_break").mutants, 0u);
}

TEST(SensitivityTable, DroppingEquivalentMutantsLeavesOnlyChangedResults) {
  std::vector<MutantRecord> ms = {record("limit_decrease", false, 1.0, 0.5, 2.0 / 3),
                                  record("limit_decrease", true, 1.0, 1.0, 1.0)};
  auto t = tabulate_sensitivity(ms, {"EC-EC-IE"}, true, {"limit_decrease"});
  ASSERT_EQ(t.rows.size(), 1u);
  EXPECT_EQ(t.rows[0].mutants, 1u);
  EXPECT_EQ(t.rows[0].equivalent, 1u);
  EXPECT_DOUBLE_EQ(t.rows[0].ex, -100.0);
  EXPECT_DOUBLE_EQ(t.rows[0].regimes[0].exp, 0.0);
  EXPECT_DOUBLE_EQ(t.rows[0].regimes[0].exr, -50.0);
  EXPECT_NE(format_sensitivity_table(t).find("limit_decrease"), std::string::npos);
}

// Gold: singers aged 35 or more = {Bob, Cid, Dee}. Under EC-EC-IE (BIRD EX):
//   where_condition_flip  age <= 35 -> {Ann, Bob}: EXP 1/2, EXR 1/3, F1 2/5
//   where_strengthen      age > 35  -> {Cid, Dee}: EXP 1,   EXR 2/3, F1 4/5
//   where_remove          all four:                EXP 3/4, EXR 1,   F1 6/7
//   distinct_toggle       DISTINCT adds nothing: EX = 1, an equivalent mutant
TEST(SensitivityRun, ScoresEachMutantAgainstTheGold) {
  DatabasePool pool("/nonexistent");
  pool.add("concert", testing::concert_database());
  std::vector<Regime> regimes = {*parse_regime("EC-EC-IE")};
  ResultScorer scorer = metrics_scorer(ExSemantics::Bird, regimes);
  SensitivityOptions options;
  options.regime_count = 1;
  auto run =
      run_sensitivity({{"q0", "concert", "SELECT name FROM singer WHERE age >= 35"}, {"q1", "missing_db", "SELECT 1"}},
                      pool, options, scorer);
  EXPECT_EQ(run.golds, 2u);
  ASSERT_EQ(run.skipped.size(), 1u);
  EXPECT_EQ(run.skipped[0].id, "q1");
  EXPECT_TRUE(run.error.empty()) << run.error;
  auto t = tabulate_sensitivity(run.mutants, {"EC-EC-IE"}, false);

  const auto& flip = row_of(t, "where_condition_flip");
  EXPECT_EQ(flip.mutants, 1u);
  EXPECT_DOUBLE_EQ(flip.ex, -100.0);
  EXPECT_NEAR(flip.regimes[0].exp, -50.0, 1e-9);
  EXPECT_NEAR(flip.regimes[0].exr, 100.0 / 3 - 100, 1e-9);
  EXPECT_NEAR(flip.regimes[0].f1, -60.0, 1e-9);

  const auto& strict = row_of(t, "where_strengthen");
  EXPECT_EQ(strict.mutants, 1u);
  EXPECT_NEAR(strict.regimes[0].exp, 0.0, 1e-9);
  EXPECT_NEAR(strict.regimes[0].exr, 200.0 / 3 - 100, 1e-9);
  EXPECT_NEAR(strict.regimes[0].f1, -20.0, 1e-9);

  const auto& removed = row_of(t, "where_remove");
  EXPECT_NEAR(removed.regimes[0].exp, -25.0, 1e-9);
  EXPECT_NEAR(removed.regimes[0].exr, 0.0, 1e-9);
  EXPECT_NEAR(removed.regimes[0].f1, 600.0 / 7 - 100, 1e-9);

  const auto& distinct = row_of(t, "distinct_toggle");
  EXPECT_EQ(distinct.equivalent, 1u);
  EXPECT_DOUBLE_EQ(distinct.ex, 0.0);

  EXPECT_EQ(row_of(t, "where_weaken").mutants, 0u);  // ">=" has no looser form
  EXPECT_EQ(row_of(t, "projection_drop").mutants, 0u);
}

}  // namespace
}  // namespace chokepoint::mutate
