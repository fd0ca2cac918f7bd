// Gold tables and columns by name resolution: aliases, joins, subqueries in WHERE and FROM, CTEs (a CTE is not a
// table; its body's are), * and t.*, COUNT(*), USING, EXISTS (SELECT * ...), case-insensitive names given in the
// schema's spelling, and the same tables as runner::gold_tables.
#include <gtest/gtest.h>

#include "core/linking/gold_schema_items.h"
#include "core/runner/bigtable_subset.h"

namespace chokepoint::linking {
namespace {

using Names = std::vector<std::string>;

Schema movies() {
  Schema s;
  s.db_id = "movies";
  Table m{
      "movies", "", {{"movie_id", "INTEGER", ""}, {"title", "TEXT", ""}, {"year", "INTEGER", ""}}, {"movie_id"}, {}};
  Table r{"ratings", "", {{"movie_id", "INTEGER", ""}, {"user_id", "INTEGER", ""}, {"score", "INTEGER", ""}}, {}, {}};
  Table u{"Users", "", {{"user_id", "INTEGER", ""}, {"Name", "TEXT", ""}}, {"user_id"}, {}};
  s.tables = {m, r, u};
  return s;
}

SchemaItems items(const std::string& sql) {
  auto r = schema_items_of(sql, movies());
  EXPECT_TRUE(r.ok()) << sql << ": " << (r.ok() ? "" : r.error());
  return r.ok() ? *r : SchemaItems{};
}

TEST(GoldSchemaItems, AliasesResolveToTheirTables) {
  const auto i = items(
      "SELECT T1.title FROM movies AS T1 INNER JOIN ratings AS T2 ON T1.movie_id = T2.movie_id WHERE T2.score > 3");
  EXPECT_EQ(i.tables, (Names{"movies", "ratings"}));
  EXPECT_EQ(i.columns, (Names{"movies.movie_id", "movies.title", "ratings.movie_id", "ratings.score"}));
}

TEST(GoldSchemaItems, SubqueryInWhereAddsItsTablesAndColumns) {
  const auto i = items("SELECT name FROM users WHERE user_id IN (SELECT user_id FROM ratings WHERE score = 5)");
  EXPECT_EQ(i.tables, (Names{"ratings", "Users"}));
  EXPECT_EQ(i.columns, (Names{"ratings.score", "ratings.user_id", "Users.Name", "Users.user_id"}));
}

TEST(GoldSchemaItems, DerivedTableColumnsTraceToTheirBase) {
  const auto i = items("SELECT s.t FROM (SELECT title AS t FROM movies WHERE year > 2000) AS s");
  EXPECT_EQ(i.tables, (Names{"movies"}));
  EXPECT_EQ(i.columns, (Names{"movies.title", "movies.year"}));
}

TEST(GoldSchemaItems, CteIsNotATableItsBodyIs) {
  const auto i = items(
      "WITH top AS (SELECT movie_id, AVG(score) AS avg_score FROM ratings GROUP BY movie_id) "
      "SELECT m.title FROM movies m JOIN top ON m.movie_id = top.movie_id ORDER BY top.avg_score DESC");
  EXPECT_EQ(i.tables, (Names{"movies", "ratings"}));
  EXPECT_EQ(i.columns, (Names{"movies.movie_id", "movies.title", "ratings.movie_id", "ratings.score"}));
}

TEST(GoldSchemaItems, StarExpandsCountStarDoesNot) {
  EXPECT_EQ(items("SELECT * FROM users").columns, (Names{"Users.Name", "Users.user_id"}));
  EXPECT_EQ(items("SELECT r.* FROM ratings r JOIN users u ON r.user_id = u.user_id").columns,
            (Names{"ratings.movie_id", "ratings.score", "ratings.user_id", "Users.user_id"}));
  const auto c = items("SELECT COUNT(*) FROM ratings");
  EXPECT_EQ(c.tables, (Names{"ratings"}));
  EXPECT_TRUE(c.columns.empty());
}

TEST(GoldSchemaItems, ExistsSelectStarReadsOnlyItsConditionColumns) {
  const auto i =
      items("SELECT title FROM movies WHERE EXISTS (SELECT * FROM ratings WHERE ratings.movie_id = movies.movie_id)");
  EXPECT_EQ(i.columns, (Names{"movies.movie_id", "movies.title", "ratings.movie_id"}));
}

TEST(GoldSchemaItems, UsingColumnsCountOnBothSides) {
  const auto i = items("SELECT name FROM users JOIN ratings USING (user_id)");
  EXPECT_EQ(i.columns, (Names{"ratings.user_id", "Users.Name", "Users.user_id"}));
}

TEST(GoldSchemaItems, NamesInTheSchemasSpellingUnknownOnesLeftOut) {
  const auto i = items("SELECT TITLE, rowid, missing FROM MOVIES");
  EXPECT_EQ(i.tables, (Names{"movies"}));
  EXPECT_EQ(i.columns, (Names{"movies.title"}));
  EXPECT_TRUE(items("SELECT x FROM nowhere").tables.empty());
  EXPECT_FALSE(schema_items_of("SELEC title FRM movies", movies()).ok());
}

TEST(GoldSchemaItems, SameTablesAsTheBigTableCount) {
  for (const char* sql : {"SELECT name FROM users WHERE user_id IN (SELECT user_id FROM ratings)",
                          "WITH t AS (SELECT movie_id FROM ratings) SELECT * FROM t JOIN movies USING (movie_id)",
                          "SELECT a.title FROM movies a JOIN movies b ON a.year = b.year"}) {
    auto gold = runner::gold_tables(sql, movies());
    ASSERT_TRUE(gold.ok());
    auto mine = items(sql).tables;
    std::sort(mine.begin(), mine.end());
    EXPECT_EQ(mine, *gold) << sql;
  }
}

TEST(GoldSchemaItems, FullSchemaAndColumnsOfTables) {
  const auto all = full_schema_items(movies());
  EXPECT_EQ(all.tables.size(), 3u);
  EXPECT_EQ(all.columns.size(), 8u);
  EXPECT_EQ(columns_of_tables(movies(), {"USERS", "nowhere"}), (Names{"Users.Name", "Users.user_id"}));
}

}  // namespace
}  // namespace chokepoint::linking
