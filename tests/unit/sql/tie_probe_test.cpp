// The tie probe: the ordering keys of the last kept and first dropped rows of ORDER BY ... LIMIT n.
#include "core/sql/tie_probe.h"

#include <gtest/gtest.h>

namespace chokepoint::sql {
namespace {

TEST(TieProbe, SelectsTheKeysOfRowsNAndNPlusOne) {
  auto p = tie_probe("SELECT name FROM t WHERE x > 1 ORDER BY score DESC, name LIMIT 3");
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->sql, "SELECT score, name FROM t WHERE x > 1 ORDER BY score DESC, name LIMIT 2 OFFSET 2");
  EXPECT_EQ(p->limit, 3);
  EXPECT_EQ(p->keys, 2u);
}

TEST(TieProbe, AnOffsetMovesTheProbe) {
  auto p = tie_probe("SELECT a FROM t ORDER BY a LIMIT 5 OFFSET 10");
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->sql, "SELECT a FROM t ORDER BY a LIMIT 2 OFFSET 14");
}

TEST(TieProbe, AliasesAndPositionsBecomeTheirExpressions) {
  auto alias = tie_probe("SELECT name, count(*) AS n FROM t GROUP BY name ORDER BY n DESC LIMIT 1");
  ASSERT_TRUE(alias.has_value());
  EXPECT_EQ(alias->sql, "SELECT count(*) FROM t GROUP BY name ORDER BY count(*) DESC LIMIT 2 OFFSET 0");
  auto position = tie_probe("SELECT name, age FROM t ORDER BY 2 LIMIT 1");
  ASSERT_TRUE(position.has_value());
  EXPECT_EQ(position->sql, "SELECT age FROM t ORDER BY age LIMIT 2 OFFSET 0");
}

TEST(TieProbe, ShapesItCannotRewriteFaithfullyHaveNone) {
  EXPECT_FALSE(tie_probe("SELECT a FROM t ORDER BY a").has_value());                   // no LIMIT
  EXPECT_FALSE(tie_probe("SELECT a FROM t LIMIT 1").has_value());                      // no ORDER BY
  EXPECT_FALSE(tie_probe("SELECT DISTINCT a FROM t ORDER BY a LIMIT 1").has_value());  // DISTINCT
  EXPECT_FALSE(tie_probe("SELECT a FROM t UNION SELECT b FROM u ORDER BY 1 LIMIT 1").has_value());
  EXPECT_FALSE(tie_probe("SELECT max(a) FROM t ORDER BY b LIMIT 1").has_value());  // one aggregate row
  EXPECT_FALSE(tie_probe("SELECT a FROM t ORDER BY a LIMIT (SELECT 1)").has_value());
  EXPECT_FALSE(tie_probe("SELECT a FROM t ORDER BY 3 LIMIT 1").has_value());  // no third column
  EXPECT_FALSE(tie_probe("SELEC a").has_value());
}

}  // namespace
}  // namespace chokepoint::sql
