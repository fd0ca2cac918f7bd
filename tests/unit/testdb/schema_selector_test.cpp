// SynSQL's schema selector (Algorithm 1): the union of the three selection answers, the expansion capped at three
// new columns, the key rule (primary keys and the foreign-key columns between kept tables, recorded as added by it),
// and unreadable answers as errors.
#include "core/testdb/schema_selector.h"

#include <gtest/gtest.h>

#include "core/schema/schema_ddl.h"
#include "tests/unit/testdb/synsql_fixture.h"

namespace chokepoint::testdb {
namespace {

std::vector<std::string> texts(const std::vector<ColumnRef>& refs) {
  std::vector<std::string> out;
  for (const auto& r : refs) out.push_back(r.text());
  return out;
}

TEST(SchemaSelector, ReadsTheA11ShapeInAFenceResolvingNamesAndForeignKeys) {
  const Schema s = fixture::formula_1();
  auto sel = parse_column_selection(
      "Here is my selection:\n```json\n{\"chain_of_thought_reasoning\": \"location of the latest race\",\n"
      " \"CIRCUITS\": [\"Location\", \"country\", \"altitude\"],\n \"races\": [\"races.date\"],\n"
      " \"foreign_keys\": [\"races.circuitId = circuits.circuitId, races.raceId = laps.raceId\"]}\n```",
      s);
  ASSERT_TRUE(sel.ok()) << sel.error();
  EXPECT_EQ(texts(sel->columns), (std::vector<std::string>{"circuits.location", "circuits.country", "races.date"}));
  EXPECT_EQ(texts(sel->join_columns), (std::vector<std::string>{"races.circuitId", "circuits.circuitId"}));
  EXPECT_EQ(sel->unknown, (std::vector<std::string>{"circuits.altitude", "races.raceId = laps.raceId"}));
}

TEST(SchemaSelector, UnreadableOrEmptySelectionsAreErrors) {
  const Schema s = fixture::formula_1();
  EXPECT_FALSE(parse_column_selection("", s).ok());
  EXPECT_FALSE(parse_column_selection("I would pick circuits.location", s).ok());
  EXPECT_FALSE(parse_column_selection("{\"circuits\": [\"altitude\"", s).ok());  // truncated
  auto none = parse_column_selection("{\"laps\": [\"time\"], \"chain_of_thought_reasoning\": \"x\"}", s);
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.error(), "the answer names no column of the schema");
}

TEST(SchemaSelector, TheThreeTemperaturesAreUnionedInOrderOnce) {
  const Schema s = fixture::formula_1();
  auto t0 = parse_column_selection("{\"circuits\": [\"location\"], \"races\": [\"date\"]}", s);
  auto t3 = parse_column_selection("{\"races\": [\"date\", \"year\"]}", s);
  auto t7 = parse_column_selection("{\"circuits\": [\"country\", \"LOCATION\"], \"foreign_keys\": []}", s);
  ASSERT_TRUE(t0.ok() && t3.ok() && t7.ok());
  EXPECT_EQ(texts(union_selections({*t0, *t3, *t7})),
            (std::vector<std::string>{"circuits.location", "races.date", "races.year", "circuits.country"}));
}

TEST(SchemaSelector, ExpansionAddsAtMostThreeNewColumns) {
  const Schema s = fixture::formula_1();
  const std::vector<ColumnRef> selected = {{"circuits", "location"}, {"races", "date"}};
  auto e = parse_column_expansion(
      "{\"chain_of_thought_reasoning\": \"more context\", \"columns\": [\"circuits.location\", \"races.name\", "
      "\"circuits.name\", \"nowhere.x\", \"races.year\", \"circuits.country\"]}",
      s, selected);
  ASSERT_TRUE(e.ok()) << e.error();
  EXPECT_EQ(texts(*e), (std::vector<std::string>{"races.name", "circuits.name", "races.year"}));
  // The selection shape is read too; an answer adding nothing is an empty list, not an error.
  auto shaped = parse_column_expansion("{\"races\": [\"year\"]}", s, selected);
  ASSERT_TRUE(shaped.ok());
  EXPECT_EQ(texts(*shaped), (std::vector<std::string>{"races.year"}));
  auto nothing = parse_column_expansion("{\"columns\": []}", s, selected);
  ASSERT_TRUE(nothing.ok());
  EXPECT_TRUE(nothing->empty());
  EXPECT_FALSE(parse_column_expansion("no JSON here", s, selected).ok());
}

TEST(SchemaSelector, KeyRuleKeepsPrimaryKeysAndTheForeignKeyBetweenKeptTables) {
  const Schema s = fixture::formula_1();
  const auto r = reduce_schema(s, {{"circuits", "location"}, {"races", "date"}}, {{"circuits", "country"}});
  EXPECT_EQ(texts(r.key_added), (std::vector<std::string>{"circuits.circuitId", "races.raceId", "races.circuitId"}));
  ASSERT_EQ(r.schema.tables.size(), 2u);  // drivers and results are not kept
  EXPECT_EQ(r.column_count(), 6u);
  const Table* races = r.schema.find_table("races");
  ASSERT_NE(races, nullptr);
  ASSERT_EQ(races->columns.size(), 3u);  // schema order: raceId, circuitId, date
  EXPECT_EQ(races->columns[1].name, "circuitId");
  ASSERT_EQ(races->foreign_keys.size(), 1u);
  EXPECT_EQ(races->foreign_keys[0].to_table, "circuits");
  const std::string ddl = schema_to_ddl(r.schema);
  EXPECT_NE(ddl.find("FOREIGN KEY (\"circuitId\") REFERENCES \"circuits\" (\"circuitId\")"), std::string::npos) << ddl;
  EXPECT_NE(ddl.find("PRIMARY KEY (\"circuitId\")"), std::string::npos);
  EXPECT_EQ(ddl.find("drivers"), std::string::npos);
}

TEST(SchemaSelector, ForeignKeysToATableNotKeptAreDroppedWithoutAddingIt) {
  const Schema s = fixture::formula_1();
  const auto r = reduce_schema(s, {{"results", "position"}, {"drivers", "surname"}}, {});
  EXPECT_EQ(texts(r.key_added), (std::vector<std::string>{"drivers.driverId", "results.resultId", "results.driverId"}));
  const Table* results = r.schema.find_table("results");
  ASSERT_NE(results, nullptr);
  ASSERT_EQ(results->foreign_keys.size(), 1u);  // to drivers; the one to races is gone with races
  EXPECT_EQ(results->foreign_keys[0].to_table, "drivers");
  EXPECT_EQ(r.schema.find_table("races"), nullptr);
}

}  // namespace
}  // namespace chokepoint::testdb
