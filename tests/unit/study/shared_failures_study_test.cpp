// The shared-failures study over three hand-made systems: which items all of them fail, the means over those items
// and the distributions of EXP and EXR. Expected values are worked out by hand in each test.
#include "core/study/shared_failures_study.h"

#include <gtest/gtest.h>

namespace chokepoint::study {
namespace {

ItemEvaluation item(bool ex, double exp, double exr, ItemStatus status = ItemStatus::Scored) {
  ItemEvaluation it;
  it.status = status;
  it.ex = ex;
  FineGrainedScore s;
  s.exp = exp;
  s.exr = exr;
  s.f1 = exp + exr > 0 ? 2 * exp * exr / (exp + exr) : 0;
  it.scores.push_back(s);
  return it;
}

// Five items. Item 0: A right. Items 1 and 2: all wrong. Item 3: gold failed (not scored) everywhere. Item 4: C right.
std::vector<SystemRun> three_systems() {
  const auto gold_error = ItemStatus::GoldError;
  return {
      {"A",
       {item(true, 1, 1), item(false, 1.0, 0.5), item(false, 0, 0), item(false, 0, 0, gold_error), item(false, 0, 0)}},
      {"B",
       {item(true, 1, 1), item(false, 0.2, 0.1), item(false, 0.6, 0.3), item(false, 0, 0, gold_error),
        item(false, 0, 0)}},
      {"C",
       {item(false, 0, 0), item(false, 0.5, 1.0), item(false, 0.05, 0.95), item(false, 0, 0, gold_error),
        item(true, 1, 1)}},
  };
}

TEST(SharedFailuresStudy, CommonFailuresAreScoredEverywhereAndWrongEverywhere) {
  auto study = shared_failures_study(three_systems(), {Regime{}});
  ASSERT_TRUE(study.ok()) << study.error();
  const auto& n = study->numbers;
  EXPECT_EQ(n.items, 5u);
  EXPECT_EQ(n.scored_in_all, 4u);  // item 3's gold failed
  EXPECT_EQ(n.common_failures, 2u);
  EXPECT_EQ(n.positions, (std::vector<size_t>{1, 2}));
}

TEST(SharedFailuresStudy, MeansAreOverTheCommonFailuresOnly) {
  auto study = shared_failures_study(three_systems(), {Regime{}});
  ASSERT_TRUE(study.ok()) << study.error();
  const auto& systems = study->numbers.systems;
  ASSERT_EQ(systems.size(), 3u);
  // A: EXP (100 + 0) / 2 = 50, EXR (50 + 0) / 2 = 25. B: EXP (20 + 60) / 2 = 40, EXR (10 + 30) / 2 = 20.
  // C: EXP (50 + 5) / 2 = 27.5, EXR (100 + 95) / 2 = 97.5.
  EXPECT_NEAR(systems[0].summary.regimes[0].exp, 50.0, 1e-9);
  EXPECT_NEAR(systems[0].summary.regimes[0].exr, 25.0, 1e-9);
  EXPECT_NEAR(systems[1].summary.regimes[0].exp, 40.0, 1e-9);
  EXPECT_NEAR(systems[1].summary.regimes[0].exr, 20.0, 1e-9);
  EXPECT_NEAR(systems[2].summary.regimes[0].exp, 27.5, 1e-9);
  EXPECT_NEAR(systems[2].summary.regimes[0].exr, 97.5, 1e-9);
  EXPECT_EQ(systems[0].summary.ex, 0.0);
}

TEST(SharedFailuresStudy, DistributionsBinTheCommonFailuresByTenPoints) {
  EXPECT_EQ(ten_bins({0, 9.99, 10, 55, 100, 100}), (std::vector<size_t>{2, 1, 0, 0, 0, 1, 0, 0, 0, 2}));
  auto study = shared_failures_study(three_systems(), {Regime{}});
  ASSERT_TRUE(study.ok()) << study.error();
  const StudyTable* dist = nullptr;
  for (const auto& t : study->report.tables)
    if (t.id == "distributions") dist = &t;
  ASSERT_NE(dist, nullptr);
  // Rows: EXP of A, B, C, then EXR of A, B, C. C's EXR: 100 and 95, both in the last bin.
  ASSERT_EQ(dist->rows.size(), 6u);
  EXPECT_EQ(cell_text(dist->rows[5][2]), "C");
  EXPECT_EQ(cell_text(dist->rows[5][12]), "2");
  // B's EXP: 20 -> bin 20-30, 60 -> bin 60-70.
  EXPECT_EQ(cell_text(dist->rows[1][3 + 2]), "1");
  EXPECT_EQ(cell_text(dist->rows[1][3 + 6]), "1");
}

TEST(SharedFailuresStudy, TableXiIsPublishedBesideOurs) {
  auto study = shared_failures_study(three_systems(), table_xi_regimes());
  ASSERT_TRUE(study.ok()) << study.error();
  const StudyTable& xi = study->report.tables[1];
  EXPECT_EQ(xi.id, "shared_failures");
  ASSERT_EQ(xi.published.size(), 3u);
  // MAC-SQL, SC-PC-IE EXR: 15.10 (column: system, n, EX, then 3 per regime; SC-PC-IE is the fourth regime).
  EXPECT_EQ(cell_text(xi.published[2].cells[0]), "MAC-SQL");
  EXPECT_EQ(cell_text(xi.published[2].cells[3 + 3 * 3 + 1]), "15.10");
  EXPECT_EQ(cell_text(xi.published[2].cells[3 + 3 * 4]), "N/A");  // NC-PC
}

TEST(SharedFailuresStudy, RunsOfDifferentLengthsOrNamesGivenTwiceAreRefused) {
  auto runs = three_systems();
  runs[1].items.pop_back();
  EXPECT_FALSE(shared_failures_study(runs, {Regime{}}).ok());
  runs = three_systems();
  runs[2].name = "A";
  EXPECT_FALSE(shared_failures_study(runs, {Regime{}}).ok());
  EXPECT_FALSE(shared_failures_study({}, {Regime{}}).ok());
}

}  // namespace
}  // namespace chokepoint::study
