// compare_results_for_regimes shares column and cell matching between regimes; it must give exactly what
// compare_results gives regime by regime.
#include <gtest/gtest.h>

#include "core/metrics/cell_matching.h"
#include "core/metrics/column_matching.h"
#include "core/metrics/fine_grained_metrics.h"
#include "tests/unit/metrics/result_builders.h"

namespace chokepoint {
using namespace testing_support;

TEST(SharedRegimeWork, SameScoresAsOneRegimeAtATime) {
  auto g = result({"name", "age", "city"}, {{T("ann"), I(31), T("Paris")},
                                            {T("bob"), I(42), T("Lyon")},
                                            {T("cy"), I(42), T("Lyon")},
                                            {T("dee"), N(), T("Nice")}});
  auto p = result({"age", "name", "town", "extra"}, {{I(31), T("ann"), T("Paris"), I(1)},
                                                     {I(42), T("bob"), T("Nice"), I(1)},
                                                     {R(42.0), T("cy"), T("Lyon"), I(2)},
                                                     {I(7), T("zed"), T("Lyon"), I(2)}});
  auto all = compare_results_for_regimes(g, p, all_regimes(), false);
  ASSERT_TRUE(all.ok());
  ASSERT_EQ(all->size(), all_regimes().size());
  for (size_t i = 0; i < all->size(); ++i) {
    auto one = compare_results(g, p, all_regimes()[i], false);
    ASSERT_TRUE(one.ok());
    EXPECT_EQ((*all)[i].score.matched_cells, one->score.matched_cells) << one->regime.name();
    EXPECT_EQ((*all)[i].score.pred_cells, one->score.pred_cells) << one->regime.name();
    EXPECT_EQ((*all)[i].score.exp, one->score.exp) << one->regime.name();
    EXPECT_EQ((*all)[i].rows.size(), one->rows.size()) << one->regime.name();
  }
  // Scores only: the same numbers, no column pairs or rows copied out.
  auto scores = compare_results_for_regimes(g, p, all_regimes(), false, {}, true);
  ASSERT_TRUE(scores.ok());
  ASSERT_EQ(scores->size(), all->size());
  for (size_t i = 0; i < all->size(); ++i) {
    EXPECT_EQ((*scores)[i].score.matched_cells, (*all)[i].score.matched_cells);
    EXPECT_EQ((*scores)[i].score.f1, (*all)[i].score.f1);
    EXPECT_TRUE((*scores)[i].rows.empty());
    EXPECT_TRUE((*scores)[i].columns.empty());
  }
}

// SC usually pairs the same columns as EC; the shared cell matching must still give SC its own pairs' scores when
// the two differ (here SC pairs "cities" with "city", which EC cannot).
TEST(SharedRegimeWork, SemanticPairsDifferentFromExactAreMatchedOnTheirOwn) {
  auto g = result({"name", "city"}, {{T("ann"), T("Paris")}, {T("bob"), T("Lyon")}});
  auto p = result({"name", "cities"}, {{T("ann"), T("Paris")}, {T("bob"), T("Lyon")}});
  std::vector<Regime> regimes = {*parse_regime("EC-EC-IE"), *parse_regime("SC-EC-IE")};
  auto all = compare_results_for_regimes(g, p, regimes, false);
  ASSERT_TRUE(all.ok());
  for (size_t i = 0; i < regimes.size(); ++i) {
    auto one = compare_results(g, p, regimes[i], false);
    ASSERT_TRUE(one.ok());
    EXPECT_EQ((*all)[i].score.matched_cells, one->score.matched_cells) << regimes[i].name();
    EXPECT_EQ((*all)[i].columns.size(), one->columns.size()) << regimes[i].name();
  }
  EXPECT_EQ((*all)[0].score.matched_cells, 2u);  // EC: only "name" is paired; ann and bob match on it
  EXPECT_EQ((*all)[1].columns.size(), 2u);       // SC: "city" and "cities" too
  EXPECT_EQ((*all)[1].score.matched_cells, 4u);
}

// One CellMatcher serves all of a pair's matchings (and could serve many pairs): what it leaves in its buffers must
// never reach the next matching.
TEST(SharedRegimeWork, AReusedCellMatcherMatchesAsAFreshOne) {
  auto big = result({"a", "b"}, {});
  for (int i = 0; i < 30; ++i) big.rows.push_back({I(i % 4), T(std::to_string(i % 6))});
  auto big_pred = big;
  for (size_t i = 0; i < big_pred.rows.size(); i += 3) big_pred.rows[i][1] = T("changed");
  const auto small = result({"a", "b"}, {{I(1), T("1")}, {I(2), T("x")}});
  const auto small_pred = result({"b", "a"}, {{T("1"), I(1)}, {T("2"), I(2)}});
  const std::vector<ColumnPair> same = {{0, 0, 1.0}, {1, 1, 1.0}}, swapped = {{0, 1, 1.0}, {1, 0, 1.0}};
  CellMatcher reused;
  for (int round = 0; round < 2; ++round) {
    for (auto regime : {CellRegime::Exact, CellRegime::Partial}) {
      const auto expect_same = [](const CellMatching& a, const CellMatching& b) {
        ASSERT_EQ(a.matches.size(), b.matches.size());
        EXPECT_EQ(a.matched_cells, b.matched_cells);
        for (size_t i = 0; i < a.matches.size(); ++i) {
          EXPECT_EQ(a.matches[i].gold_row, b.matches[i].gold_row);
          EXPECT_EQ(a.matches[i].pred_row, b.matches[i].pred_row);
          EXPECT_EQ(a.matches[i].cells, b.matches[i].cells);
          EXPECT_EQ(a.matches[i].exact, b.matches[i].exact);
        }
      };
      expect_same(reused.on_columns(big, big_pred, same, regime), match_cells_on_columns(big, big_pred, same, regime));
      expect_same(reused.without_columns(small, small_pred, regime),
                  match_cells_without_columns(small, small_pred, regime));
      expect_same(reused.on_columns(small, small_pred, swapped, regime),
                  match_cells_on_columns(small, small_pred, swapped, regime));
      expect_same(reused.without_columns(big, big_pred, regime), match_cells_without_columns(big, big_pred, regime));
    }
  }
  EXPECT_EQ(reused.on_columns(small, small_pred, swapped, CellRegime::Partial).matched_cells, 3u);
}

// The same for SC's matcher: a wide pair, then a narrow one, then the wide one again give what fresh matchers give,
// and a predicted column equal to the gold's (its descriptor reused) scores as one counted on its own.
TEST(SharedRegimeWork, AReusedSemanticMatcherMatchesAsAFreshOne) {
  const auto wide = result({"name", "city", "age"},
                           {{T("ann"), T("Paris"), I(31)}, {T("bob"), T("Lyon"), I(42)}, {T("cy"), T("Lyon"), N()}});
  const auto wide_pred = result(
      {"name", "town", "years", "extra"},
      {{T("ann"), T("Paris"), R(31.0), I(1)}, {T("bob"), T("Nice"), I(42), I(1)}, {T("cy"), T("Lyon"), I(7), I(1)}});
  const auto narrow = result({"n"}, {{I(1)}, {I(2)}, {I(2)}});
  const auto narrow_pred = result({"count"}, {{I(2)}, {I(1)}});
  const auto same_first = result({"name", "x"}, {{T("ann"), I(1)}, {T("bob"), I(1)}, {T("cy"), I(1)}});
  SemanticColumnMatcher reused;
  const auto expect_same = [&](const ResultSet& g, const ResultSet& p) {
    auto a = reused.match(g, p, {});
    auto b = match_columns_semantic(g, p, {});
    ASSERT_TRUE(a.ok());
    ASSERT_TRUE(b.ok());
    ASSERT_EQ(a->size(), b->size());
    for (size_t i = 0; i < a->size(); ++i) {
      EXPECT_EQ((*a)[i].gold, (*b)[i].gold);
      EXPECT_EQ((*a)[i].pred, (*b)[i].pred);
      EXPECT_EQ((*a)[i].similarity, (*b)[i].similarity);
    }
  };
  for (int round = 0; round < 2; ++round) {
    expect_same(wide, wide_pred);
    expect_same(narrow, narrow_pred);
    expect_same(wide, same_first);
    expect_same(narrow, wide);
  }
  auto own = reused.match(wide, same_first, {});
  ASSERT_TRUE(own.ok());
  ASSERT_FALSE(own->empty());
  EXPECT_EQ((*own)[0].gold, 0u);
  EXPECT_EQ((*own)[0].pred, 0u);
  EXPECT_DOUBLE_EQ((*own)[0].similarity, 1.0);  // the name column, equal on both sides
}

}  // namespace chokepoint
