// The gold's schema items by name resolution and Table 4's oracle schema built from them (the gold's own tables and
// columns, no key rule), on A.9's formula_1 fixture: aliases, COUNT(*), stars, USING, and what a reduced schema lacks
// of a gold.
#include "core/testdb/oracle_schema.h"

#include <gtest/gtest.h>

#include "tests/unit/testdb/synsql_fixture.h"

namespace chokepoint::testdb {
namespace {

std::vector<std::string> texts(const std::vector<ColumnRef>& refs) {
  std::vector<std::string> out;
  for (const auto& r : refs) out.push_back(r.text());
  return out;
}

TEST(OracleSchema, TheA9GoldReadsFourColumnsOfTwoTablesThroughItsAliases) {
  auto items = gold_schema_items(fixture::kGold, fixture::formula_1());
  ASSERT_TRUE(items.ok()) << items.error();
  EXPECT_EQ(items->tables, (std::vector<std::string>{"circuits", "races"}));
  EXPECT_EQ(texts(items->columns),
            (std::vector<std::string>{"circuits.circuitId", "circuits.location", "races.circuitId", "races.date"}));
}

TEST(OracleSchema, CountStarNamesNoColumnButTheTableKeepsItsPrimaryKey) {
  auto items = gold_schema_items("SELECT count(*) FROM drivers", fixture::formula_1());
  ASSERT_TRUE(items.ok());
  EXPECT_EQ(items->tables, (std::vector<std::string>{"drivers"}));
  EXPECT_TRUE(items->columns.empty());
  auto oracle = oracle_schema(fixture::formula_1(), "SELECT count(*) FROM drivers");
  ASSERT_TRUE(oracle.ok());
  EXPECT_EQ(oracle->column_count(), 1u);
  EXPECT_EQ(texts(oracle->selected), (std::vector<std::string>{"drivers.driverId"}));
}

TEST(OracleSchema, AStarReadsEveryColumnOfItsTable) {
  auto items = gold_schema_items("SELECT * FROM circuits WHERE country = 'Italy'", fixture::formula_1());
  ASSERT_TRUE(items.ok());
  EXPECT_EQ(items->columns.size(), 4u);
}

TEST(OracleSchema, UsingReadsTheColumnOnBothSides) {
  auto items = gold_schema_items("SELECT year FROM races JOIN circuits USING (circuitId)", fixture::formula_1());
  ASSERT_TRUE(items.ok());
  EXPECT_EQ(texts(items->columns), (std::vector<std::string>{"circuits.circuitId", "races.year", "races.circuitId"}));
}

TEST(OracleSchema, NothingIsAddedAndOnlyWholeKeysAreDeclared) {
  // races.raceId, races.year, results.raceId and results.position are named: races keeps its primary key, results
  // (resultId not named) declares none, and results.raceId -> races stays while results.driverId's key goes.
  auto oracle = oracle_schema(fixture::formula_1(),
                              "SELECT T2.position FROM races AS T1 JOIN results AS T2 ON T1.raceId = T2.raceId "
                              "WHERE T1.year = 2009");
  ASSERT_TRUE(oracle.ok());
  EXPECT_TRUE(oracle->key_added.empty());
  EXPECT_EQ(oracle->column_count(), 4u);
  ASSERT_EQ(oracle->schema.tables.size(), 2u);
  EXPECT_EQ(oracle->schema.tables[0].primary_key, (std::vector<std::string>{"raceId"}));
  EXPECT_TRUE(oracle->schema.tables[1].primary_key.empty());
  ASSERT_EQ(oracle->schema.tables[1].foreign_keys.size(), 1u);
  EXPECT_EQ(oracle->schema.tables[1].foreign_keys[0].to_table, "races");
}

TEST(OracleSchema, AGoldThatDoesNotParseOrReadsNoTableHasNoOracle) {
  EXPECT_FALSE(oracle_schema(fixture::formula_1(), "SELEC location FROM circuits").ok());
  auto none = oracle_schema(fixture::formula_1(), "SELECT 1");
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.error(), "the gold query reads no table of the schema");
}

TEST(OracleSchema, MissingItemsAreTheTablesThenTheColumnsAReducedSchemaLacks) {
  auto items = gold_schema_items(fixture::kGold, fixture::formula_1());
  ASSERT_TRUE(items.ok());
  // Only circuits, without location: races is missing as a table, circuits.location as a column.
  const ReducedSchema reduced = reduce_schema(fixture::formula_1(), {{"circuits", "country"}}, {});
  EXPECT_EQ(missing_gold_items(*items, reduced.schema), (std::vector<std::string>{"races", "circuits.location"}));
  EXPECT_TRUE(missing_gold_items(*items, fixture::formula_1()).empty());
}

}  // namespace
}  // namespace chokepoint::testdb
