// The per-group tables' cells: a group with nothing scored shows no percentage, and a count names what was left out.
#include "web/panels/metrics/group_cells.h"

#include <gtest/gtest.h>

namespace chokepoint::web {
namespace {

TEST(GroupCells, APercentageOverNoScoredItemIsADash) {
  EXPECT_EQ(group_percent(0.0, 0), "-");
  EXPECT_EQ(group_percent(0.0, 4), "0.0");  // four scored, all wrong: a real 0
  EXPECT_EQ(group_percent(200.0 / 3.0, 3), "66.7");
  EXPECT_EQ(group_percent(100.0, 1), "100.0");
}

TEST(GroupCells, TheCountSaysHowManyWereGivenWhenSomeWereNotScored) {
  EXPECT_EQ(group_scored(12, 12), "12");
  EXPECT_EQ(group_scored(12, 15), "12 of 15");
  EXPECT_EQ(group_scored(0, 7), "0 of 7");
  EXPECT_EQ(group_scored(0, 0), "0");
}

}  // namespace
}  // namespace chokepoint::web
