// BigTable's model-free steps as both front ends apply them: an item's filter change with the seed seed + index,
// counted whether it changed or not, and Table 2 laid out beside the paper's figures.
#include "core/runner/bigtable_build.h"

#include <gtest/gtest.h>

#include "core/runner/filter_value_change.h"

namespace chokepoint::runner {
namespace {

Connection cities() {
  auto db = Connection::open_memory();
  EXPECT_TRUE(db.ok());
  EXPECT_TRUE(db->exec_script("CREATE TABLE person(id INTEGER PRIMARY KEY, name TEXT, city TEXT);"
                              "INSERT INTO person VALUES (1, 'Ann', 'Paris'), (2, 'Bo', 'Oslo'), (3, 'Cy', 'Lima');")
                  .ok());
  return std::move(*db);
}

EvalItem item(const std::string& key, const std::string& sql, const std::string& question) {
  EvalItem it;
  it.key = key;
  it.db_id = "people";
  it.sql = sql;
  it.question = question;
  return it;
}

TEST(BigtableBuild, AnItemsFilterChangesWithItsOwnSeedAndIsRecorded) {
  const auto db = cities();
  EvalItem a = item("7", "SELECT name FROM person WHERE city = 'Paris'", "Who lives in Paris?");
  const EvalItem before = a;
  FilterChangeTally tally;
  change_item_filter(a, 3, &db, 10, {}, tally);
  // The same change as change_filter_value with seed 10 + 3.
  const auto expected = change_filter_value(before.sql, before.question, before.evidence, db, 13, {});
  ASSERT_TRUE(expected.changed());
  EXPECT_EQ(a.sql, expected.change->sql);
  EXPECT_EQ(a.question, expected.change->question);
  EXPECT_EQ(tally.changed, 1u);
  ASSERT_EQ(tally.changes.size(), 1u);
  EXPECT_EQ(tally.changes[0]["id"], "7");
  EXPECT_EQ(tally.changes[0]["from"], "Paris");
  EXPECT_EQ(tally.changes[0]["to"], expected.change->to);
  EXPECT_EQ(tally.changes[0]["sql_before"], before.sql);
}

TEST(BigtableBuild, AnItemThatKeepsItsValuesIsCountedByReason) {
  const auto db = cities();
  EvalItem no_where = item("1", "SELECT name FROM person", "Everyone?");
  EvalItem no_db = item("2", "SELECT name FROM person WHERE city = 'Oslo'", "Who lives in Oslo?");
  FilterChangeTally tally;
  change_item_filter(no_where, 0, &db, 1, {}, tally);
  change_item_filter(no_db, 1, nullptr, 1, {}, tally);
  EXPECT_EQ(tally.changed, 0u);
  EXPECT_EQ(tally.unchanged["no database"], 1u);
  EXPECT_EQ(tally.unchanged[filter_kept_name(FilterKept::no_where)], 1u);
  EXPECT_EQ(no_db.sql, "SELECT name FROM person WHERE city = 'Oslo'") << "an item without its database is unchanged";
  EXPECT_TRUE(tally.changes.empty());
}

TEST(BigtableBuild, Table2StandsBesideThePapersFigures) {
  SubsetReport counted;
  counted.strata = {{"1", 9, 4, 3.456}, {"2", 5, 5, 7.0}, {"3", 0, 0, 0}, {">3", 1, 1, 12.5}};
  const auto t = bigtable_table2_json(counted);
  ASSERT_EQ(t.size(), 4u);
  EXPECT_EQ(t[0]["tables"], "1");
  EXPECT_EQ(t[0]["items"], 4);
  EXPECT_DOUBLE_EQ(t[0]["avg_columns"].get<double>(), 3.46);
  EXPECT_EQ(t[0]["paper_items"], 50);
  EXPECT_DOUBLE_EQ(t[0]["paper_avg_columns"].get<double>(), 23.30);
  EXPECT_DOUBLE_EQ(t[3]["paper_avg_columns"].get<double>(), 29.04);
}

}  // namespace
}  // namespace chokepoint::runner
