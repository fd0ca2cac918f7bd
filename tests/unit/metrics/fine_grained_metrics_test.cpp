// Hand-computed EXP / EXR / F1 for every regime (SQLMorph §VI-B). Each expectation is worked out in the comment.
#include "core/metrics/fine_grained_metrics.h"

#include <gtest/gtest.h>

#include "core/metrics/execution_accuracy.h"
#include "tests/unit/metrics/result_builders.h"

namespace chokepoint {
using namespace testing_support;

namespace {

FineGrainedScore score(const ResultSet& g, const ResultSet& p, const std::string& regime) {
  auto r = parse_regime(regime);
  EXPECT_TRUE(r.ok()) << regime;
  bool ex = bird_results_match(g, p);
  auto c = compare_results(g, p, *r, ex);
  EXPECT_TRUE(c.ok());
  return c->score;
}

}  // namespace

// gold [name, age] (a,1),(b,2),(c,3); pred [name, city] (a,x),(b,y),(d,z). c∩ = {name}; rows a and b match on it:
// 2 cells. PE: 2/6 and 2/6. IE: predicted cells = 3 rows x 1 matched column -> EXP 2/3, EXR 2/6, F1 4/9.
TEST(FineGrained, ExactColumnsExtraColumnPenalisedOrIgnored) {
  auto g = result({"name", "age"}, {{T("a"), I(1)}, {T("b"), I(2)}, {T("c"), I(3)}});
  auto p = result({"name", "city"}, {{T("a"), T("x")}, {T("b"), T("y")}, {T("d"), T("z")}});
  auto pe = score(g, p, "EC-EC-PE");
  EXPECT_NEAR(pe.exp, 1.0 / 3, 1e-12);
  EXPECT_NEAR(pe.exr, 1.0 / 3, 1e-12);
  auto ie = score(g, p, "EC-EC-IE");
  EXPECT_NEAR(ie.exp, 2.0 / 3, 1e-12);
  EXPECT_NEAR(ie.exr, 1.0 / 3, 1e-12);
  EXPECT_NEAR(ie.f1, 4.0 / 9, 1e-12);
}

// [a,b,c] (1,2,3),(4,5,6) vs (1,2,9),(4,5,6): EC finds one exact row (3 cells of 6); PC adds the 2 equal cells of
// the other pair: 5/6.
TEST(FineGrained, PartialCellsCreditNearlyEqualRows) {
  auto g = result({"a", "b", "c"}, {{I(1), I(2), I(3)}, {I(4), I(5), I(6)}});
  auto p = result({"a", "b", "c"}, {{I(1), I(2), I(9)}, {I(4), I(5), I(6)}});
  EXPECT_NEAR(score(g, p, "EC-EC-IE").exp, 0.5, 1e-12);
  auto pc = score(g, p, "EC-PC-IE");
  EXPECT_NEAR(pc.exp, 5.0 / 6, 1e-12);
  EXPECT_NEAR(pc.exr, 5.0 / 6, 1e-12);
  EXPECT_EQ(pc.matched_cells, 5u);
}

// NC: gold (1,'a'),(2,'b') vs pred ('a',1),(3,'b'): the first rows are equal as value multisets (2 cells), the
// second share 'b' (1 cell): 3 of 4 on both sides.
TEST(FineGrained, NoColumnsComparesRowsAsValueMultisets) {
  auto g = result({"x", "y"}, {{I(1), T("a")}, {I(2), T("b")}});
  auto p = result({"p", "q"}, {{T("a"), I(1)}, {I(3), T("b")}});
  auto s = score(g, p, "NC-PC");
  EXPECT_NEAR(s.exp, 0.75, 1e-12);
  EXPECT_NEAR(s.exr, 0.75, 1e-12);
  // NC-EC credits only the exactly equal row: 2 of 4.
  EXPECT_NEAR(score(g, p, "NC-EC").exp, 0.5, 1e-12);
}

// Duplicates: gold (1,'a') twice and (2,'b'); pred (1,'a'),(3,'c'). One gold copy of (1,'a') matches (2 cells); the
// reference crashes here (ValueError). Gold cells 6, predicted 4: EXP 1/2, EXR 1/3, F1 2/5.
TEST(FineGrained, DuplicateGoldRowsMatchOnceUnderNoColumns) {
  auto g = result({"x", "y"}, {{I(1), T("a")}, {I(1), T("a")}, {I(2), T("b")}});
  auto p = result({"x", "y"}, {{I(1), T("a")}, {I(3), T("c")}});
  auto s = score(g, p, "NC-PC");
  EXPECT_NEAR(s.exp, 0.5, 1e-12);
  EXPECT_NEAR(s.exr, 1.0 / 3, 1e-12);
  EXPECT_NEAR(s.f1, 0.4, 1e-12);
}

// BIRD EX is set-based: (1),(1) vs (1) has EX = 1, which forces all three metrics to 1 (§VI-B).
TEST(FineGrained, ExOneForcesEverythingToOne) {
  auto g = result({"v"}, {{I(1)}, {I(1)}});
  auto p = result({"v"}, {{I(1)}});
  auto s = score(g, p, "EC-EC-IE");
  EXPECT_TRUE(s.forced_by_ex);
  EXPECT_EQ(s.exp, 1.0);
  EXPECT_EQ(s.exr, 1.0);
  // Without EX (Spider's bag semantics say 0) the multiset matching gives 1 of 1 predicted, 1 of 2 gold cells.
  auto c = compare_results(g, p, *parse_regime("EC-EC-IE"), false);
  EXPECT_NEAR(c->score.exp, 1.0, 1e-12);
  EXPECT_NEAR(c->score.exr, 0.5, 1e-12);
}

TEST(FineGrained, OneEqualsOnePointZeroInCells) {
  auto g = result({"v", "w"}, {{I(1), T("a")}, {I(2), T("b")}});
  auto p = result({"v", "w"}, {{R(1.0), T("a")}, {R(2.5), T("b")}});
  auto c = compare_results(g, p, *parse_regime("EC-PC-IE"), false);
  // Row 1 exact (1 == 1.0): 2 cells; row 2 shares 'b': 1 cell. 3 of 4.
  EXPECT_NEAR(c->score.exp, 0.75, 1e-12);
  EXPECT_EQ(c->rows.size(), 2u);
}

// NULL equals NULL, as Python's None == None: gold (NULL,1) vs pred (NULL,2) share one cell under PC.
TEST(FineGrained, NullCellsMatchEachOther) {
  auto g = result({"a", "b"}, {{N(), I(1)}});
  auto p = result({"a", "b"}, {{N(), I(2)}});
  EXPECT_NEAR(score(g, p, "EC-EC-IE").exp, 0.0, 1e-12);
  EXPECT_NEAR(score(g, p, "EC-PC-IE").exp, 0.5, 1e-12);
  EXPECT_NEAR(score(g, p, "NC-PC").exr, 0.5, 1e-12);
}

// Empty gold, non-empty prediction: EXP 0, EXR 1 (nothing to recover), F1 0.
TEST(FineGrained, EmptyGold) {
  auto s = score(result({"v"}, {}), result({"v"}, {{I(1)}}), "EC-EC-PE");
  EXPECT_EQ(s.exp, 0.0);
  EXPECT_EQ(s.exr, 1.0);
  EXPECT_EQ(s.f1, 0.0);
}

// Empty prediction, non-empty gold: EXP 0 (decisions.md §7; the reference implementation says 1), EXR 0.
TEST(FineGrained, EmptyPredictionIsNotPrecise) {
  for (const char* r : {"EC-EC-IE", "EC-PC-PE", "SC-PC-IE", "NC-PC"}) {
    auto s = score(result({"v"}, {{I(1)}}), result({"v"}, {}), r);
    EXPECT_EQ(s.exp, 0.0) << r;
    EXPECT_EQ(s.exr, 0.0) << r;
    EXPECT_EQ(s.f1, 0.0) << r;
  }
}

// Both empty: EX = 1 under both semantics, so 1, 1, 1; and the cell convention agrees when EX is not given.
TEST(FineGrained, BothEmpty) {
  auto c = compare_results(result({"v"}, {}), result({"w"}, {}), *parse_regime("EC-EC-IE"), false);
  EXPECT_EQ(c->score.exp, 1.0);
  EXPECT_EQ(c->score.exr, 1.0);
}

// Extra predicted column: gold [name] (a),(b); pred [name, age] (a,1),(b,2).
// IE: 2 of 2 both ways. PE: 2 of 4 predicted cells -> EXP 1/2, EXR 1, F1 2/3. NC: each gold value is found in its
// row (2 cells), predicted cells 4: EXP 1/2, EXR 1.
TEST(FineGrained, ExtraPredictedColumn) {
  auto g = result({"name"}, {{T("a")}, {T("b")}});
  auto p = result({"name", "age"}, {{T("a"), I(1)}, {T("b"), I(2)}});
  auto ie = score(g, p, "EC-EC-IE");
  EXPECT_EQ(ie.exp, 1.0);
  EXPECT_EQ(ie.exr, 1.0);
  auto pe = score(g, p, "EC-EC-PE");
  EXPECT_NEAR(pe.exp, 0.5, 1e-12);
  EXPECT_NEAR(pe.f1, 2.0 / 3, 1e-12);
  auto nc = score(g, p, "NC-PC");
  EXPECT_NEAR(nc.exp, 0.5, 1e-12);
  EXPECT_NEAR(nc.exr, 1.0, 1e-12);
  EXPECT_NEAR(score(g, p, "NC-EC").exr, 0.0, 1e-12);  // no row is equal as a whole
}

// Permuted columns: BIRD EX is 0 (column order matters) but matching by name (EC), by descriptor (SC) or by values
// (NC) recovers every cell.
TEST(FineGrained, PermutedColumns) {
  auto g = result({"name", "age"}, {{T("ann"), I(31)}, {T("bob"), I(42)}});
  auto p = result({"age", "name"}, {{I(42), T("bob")}, {I(31), T("ann")}});
  EXPECT_FALSE(bird_results_match(g, p));
  for (const char* r : {"EC-EC-IE", "EC-PC-PE", "SC-EC-IE", "SC-PC-PE", "NC-EC", "NC-PC"}) {
    auto s = score(g, p, r);
    EXPECT_EQ(s.exp, 1.0) << r;
    EXPECT_EQ(s.exr, 1.0) << r;
  }
}

// No common column under EC: nothing matches; IE then has no predicted cells -> EXP 0.
TEST(FineGrained, NoCommonColumn) {
  auto g = result({"a"}, {{I(1)}});
  auto p = result({"b"}, {{I(1)}, {I(2)}});
  auto s = score(g, p, "EC-EC-IE");
  EXPECT_EQ(s.exp, 0.0);
  EXPECT_EQ(s.exr, 0.0);
  EXPECT_EQ(s.pred_cells, 0u);
}

// Greedy partial matching takes the most similar pairs first: g0=(1,2,3)~p1=(1,2,8) and g1=(1,9,9)~p0=(1,9,8)
// share 2 cells each; pairing g0 with p0 (1 shared cell) first would lose a cell. 4 of 6 cells.
TEST(FineGrained, PartialMatchingTakesBestPairsFirst) {
  auto g = result({"a", "b", "c"}, {{I(1), I(2), I(3)}, {I(1), I(9), I(9)}});
  auto p = result({"a", "b", "c"}, {{I(1), I(9), I(8)}, {I(1), I(2), I(8)}});
  auto c = compare_results(g, p, *parse_regime("EC-PC-IE"), false);
  EXPECT_EQ(c->score.matched_cells, 4u);
  ASSERT_EQ(c->rows.size(), 2u);
  EXPECT_EQ(c->rows[0].pred_row, 1u);
  EXPECT_EQ(c->rows[1].pred_row, 0u);
}

// Ties are broken in sorted row order, so the matching does not depend on the order SQLite returned rows in:
// pred (1,2,5) shares 2 cells with both (1,2,3) and (1,2,4) and goes to (1,2,3), the smaller row.
TEST(FineGrained, TiesBrokenBySortedRowsWhateverTheInputOrder) {
  auto p = result({"a", "b", "c"}, {{I(1), I(2), I(5)}});
  auto g1 = result({"a", "b", "c"}, {{I(1), I(2), I(3)}, {I(1), I(2), I(4)}});
  auto g2 = result({"a", "b", "c"}, {{I(1), I(2), I(4)}, {I(1), I(2), I(3)}});
  auto c1 = compare_results(g1, p, *parse_regime("EC-PC-IE"), false);
  auto c2 = compare_results(g2, p, *parse_regime("EC-PC-IE"), false);
  ASSERT_EQ(c1->rows.size(), 1u);
  ASSERT_EQ(c2->rows.size(), 1u);
  EXPECT_EQ(c1->rows[0].gold_row, 0u);
  EXPECT_EQ(c2->rows[0].gold_row, 1u);
}

// Duplicates under EC cells are a multiset: gold (x) x3, pred (x) x1 and (y): 1 matched row.
TEST(FineGrained, DuplicateRowsAsMultisetUnderExactCells) {
  auto g = result({"v"}, {{T("x")}, {T("x")}, {T("x")}});
  auto p = result({"v"}, {{T("x")}, {T("y")}});
  auto s = score(g, p, "EC-EC-PE");
  EXPECT_NEAR(s.exp, 0.5, 1e-12);
  EXPECT_NEAR(s.exr, 1.0 / 3, 1e-12);
}

}  // namespace chokepoint
