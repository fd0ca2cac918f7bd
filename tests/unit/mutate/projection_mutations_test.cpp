// projection_drop, add_star_wildcard and distinct_toggle on queries whose mutants are known.
#include "core/mutate/projection_mutations.h"

#include "tests/unit/mutate/mutation_fixtures.h"

namespace chokepoint::mutate {
namespace {
using testing::mutate_text;
using V = std::vector<std::string>;

TEST(ProjectionDrop, RemovesEachColumnInTurn) {
  EXPECT_EQ(mutate_text(projection_drop, "SELECT name, age FROM singer WHERE age > 20"),
            (V{"SELECT age FROM singer WHERE age > 20", "SELECT name FROM singer WHERE age > 20"}));
}

TEST(ProjectionDrop, KeepsTheLastColumn) {
  EXPECT_TRUE(mutate_text(projection_drop, "SELECT name FROM singer").empty());
}

TEST(ProjectionDrop, LeavesSubqueryColumnsAlone) {
  EXPECT_TRUE(mutate_text(projection_drop, "SELECT a FROM (SELECT name AS a, age FROM singer) AS s").empty());
}

TEST(AddStarWildcard, AppendsTheFirstAliasStar) {
  EXPECT_EQ(mutate_text(add_star_wildcard,
                        "SELECT T1.name FROM singer AS T1 JOIN concert AS T2 ON T1.singer_id = T2.singer_id"),
            (V{"SELECT T1.name, T1.* FROM singer AS T1 JOIN concert AS T2 ON T1.singer_id = T2.singer_id"}));
}

TEST(AddStarWildcard, UsesTheTableNameWithoutAlias) {
  EXPECT_EQ(mutate_text(add_star_wildcard, "SELECT count(*) FROM singer"),
            (V{"SELECT count(*), singer.* FROM singer"}));
}

TEST(AddStarWildcard, NothingWhenAStarIsThere) {
  EXPECT_TRUE(mutate_text(add_star_wildcard, "SELECT * FROM singer").empty());
  EXPECT_TRUE(mutate_text(add_star_wildcard, "SELECT name, T1.* FROM singer AS T1").empty());
}

TEST(AddStarWildcard, BareStarWithoutANamedSource) {
  EXPECT_EQ(mutate_text(add_star_wildcard, "SELECT a FROM (SELECT name AS a FROM singer)"),
            (V{"SELECT a, * FROM (SELECT name AS a FROM singer)"}));
}

TEST(DistinctToggle, RemovesDistinct) {
  EXPECT_EQ(mutate_text(distinct_toggle, "SELECT DISTINCT country FROM singer"), (V{"SELECT country FROM singer"}));
}

TEST(DistinctToggle, AddsDistinct) {
  EXPECT_EQ(mutate_text(distinct_toggle, "SELECT country FROM singer"), (V{"SELECT DISTINCT country FROM singer"}));
}

TEST(DistinctToggle, LeavesSubqueryDistinctAlone) {
  EXPECT_EQ(
      mutate_text(distinct_toggle, "SELECT name FROM singer WHERE country IN (SELECT DISTINCT country FROM singer)"),
      (V{"SELECT DISTINCT name FROM singer WHERE country IN (SELECT DISTINCT country FROM singer)"}));
}

}  // namespace
}  // namespace chokepoint::mutate
