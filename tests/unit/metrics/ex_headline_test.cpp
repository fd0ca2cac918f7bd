// The headline says what EX is over: all items, or the scored ones with the others counted by reason and EX over
// every given item beside it.
#include "core/metrics/ex_headline.h"

#include <gtest/gtest.h>

namespace chokepoint {
namespace {

TEST(ExHeadline, EveryItemScoredSaysOverAll) {
  EvaluationSummary s;
  s.n = s.scored = 4;
  s.correct = 3;
  s.ex = 75;
  EXPECT_EQ(ex_headline(s, ExSemantics::Bird), "EX 75.00% (BIRD semantics) over all 4 items");
  EXPECT_EQ(not_scored_reasons(s), "");
  EXPECT_DOUBLE_EQ(ex_over_n(s), 75.0);
}

TEST(ExHeadline, UnscoredItemsAreCountedApartWithTheirReasonAndTheScriptsDenominator) {
  // 34 items: 3 without a database, 1 gold failed and 1 gold timed out (gold_errors counts both), 29 scored, 21 right.
  EvaluationSummary s;
  s.n = 34;
  s.scored = 29;
  s.correct = 21;
  s.ex = 100.0 * 21 / 29;
  s.no_database = 3;
  s.gold_errors = 2;
  s.gold_timeouts = 1;
  EXPECT_EQ(not_scored_reasons(s), "3 without their database, 1 whose gold failed, 1 whose gold timed out");
  EXPECT_EQ(ex_headline(s, ExSemantics::Spider),
            "EX 72.41% (Spider semantics) over 29 scored of 34 items; 5 not scored: 3 without their database, 1 whose "
            "gold failed, 1 whose gold timed out; EX over all 34: 61.76%");
}

TEST(ExHeadline, NoItemIsZeroNotADivisionByZero) {
  EvaluationSummary s;
  EXPECT_DOUBLE_EQ(ex_over_n(s), 0.0);
  EXPECT_EQ(ex_headline(s, ExSemantics::TestSuite), "EX 0.00% (Spider test-suite semantics) over all 0 items");
}

}  // namespace
}  // namespace chokepoint
