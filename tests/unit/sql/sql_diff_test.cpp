// The token diff shown beside an expansion or a mutant.
#include "core/sql/sql_diff.h"

#include <gtest/gtest.h>

namespace chokepoint::sql {

TEST(SqlDiff, TokensAreWordsStringsAndSinglePunctuation) {
  auto t = sql_tokens("SELECT T1.a,count(*) FROM t WHERE b = 'x y'");
  std::vector<std::string> want = {"SELECT", "T1.a", ",",     "count", "(", "*",    ")",
                                   "FROM",   "t",    "WHERE", "b",     "=", "'x y'"};
  EXPECT_EQ(t, want);
}

TEST(SqlDiff, RespacingIsNotAChange) {
  auto runs = sql_diff("SELECT a FROM t", "SELECT   a\n FROM t");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].kind, DiffKind::same);
  EXPECT_EQ(runs[0].text, "SELECT a FROM t");
}

TEST(SqlDiff, AddedJoinIsOneAddedRun) {
  auto runs = sql_diff("SELECT a FROM t WHERE x = 1", "SELECT a FROM t JOIN u ON t.id = u.id WHERE x = 1");
  EXPECT_EQ(diff_text(runs, DiffKind::added), "JOIN u ON t.id = u.id");
  EXPECT_EQ(diff_text(runs, DiffKind::removed), "");
}

TEST(SqlDiff, ReplacedOperatorShowsRemovedBeforeAdded) {
  auto runs = sql_diff("SELECT a FROM t WHERE x > 1", "SELECT a FROM t WHERE x < 1");
  ASSERT_EQ(runs.size(), 4u);
  EXPECT_EQ(runs[1].kind, DiffKind::removed);
  EXPECT_EQ(runs[1].text, ">");
  EXPECT_EQ(runs[2].kind, DiffKind::added);
  EXPECT_EQ(runs[2].text, "<");
}

TEST(SqlDiff, EmptyBeforeIsAllAdded) {
  auto runs = sql_diff("", "SELECT 1");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].kind, DiffKind::added);
}

}  // namespace chokepoint::sql
