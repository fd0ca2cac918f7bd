// Complexity buckets of SynSQL A.1 (Low 1-15, Medium 16-60, High 61+ columns of the gold's tables), at their
// boundaries, and the measure itself: each table the gold reads counted once, subqueries included.
#include "core/testdb/complexity.h"

#include <gtest/gtest.h>

namespace chokepoint::testdb {
namespace {

TEST(ComplexityBucket, FifteenIsLowSixteenIsMedium) {
  EXPECT_EQ(complexity_bucket(1), ComplexityBucket::Low);
  EXPECT_EQ(complexity_bucket(15), ComplexityBucket::Low);
  EXPECT_EQ(complexity_bucket(16), ComplexityBucket::Medium);
}

TEST(ComplexityBucket, SixtyIsMediumSixtyOneIsHigh) {
  EXPECT_EQ(complexity_bucket(60), ComplexityBucket::Medium);
  EXPECT_EQ(complexity_bucket(61), ComplexityBucket::High);
}

TEST(ComplexityBucket, NoColumnsIsUnknown) { EXPECT_EQ(complexity_bucket(0), ComplexityBucket::Unknown); }

Schema formula_one() {
  // SynSQL Fig. 16's two tables: circuits (4 columns) and races (5 columns).
  Schema s;
  s.db_id = "formula_1";
  Table circuits;
  circuits.name = "circuits";
  for (const char* c : {"circuitId", "name", "location", "country"}) circuits.columns.push_back({c, "TEXT", "", false});
  Table races;
  races.name = "races";
  for (const char* c : {"raceId", "year", "circuitId", "name", "date"}) races.columns.push_back({c, "TEXT", "", false});
  s.tables = {circuits, races};
  return s;
}

TEST(GoldTableColumns, SumsTheColumnsOfEachTableReadOnce) {
  // A.9's Q1000 reads both tables (2 tables, 9 columns); the self-join reads circuits twice, counted once.
  EXPECT_EQ(gold_table_columns("SELECT T1.location FROM circuits AS T1 INNER JOIN races AS T2 ON T2.circuitID = "
                               "T1.circuitId WHERE T2.year = 2009",
                               formula_one()),
            9u);
  EXPECT_EQ(gold_table_columns("SELECT a.name FROM circuits a JOIN circuits b ON a.country = b.country", formula_one()),
            4u);
  EXPECT_EQ(
      gold_table_columns("SELECT name FROM circuits WHERE circuitId IN (SELECT circuitId FROM races)", formula_one()),
      9u);
}

TEST(GoldTableColumns, UnparsedGoldHasNone) { EXPECT_EQ(gold_table_columns("SELEC x", formula_one()), 0u); }

}  // namespace
}  // namespace chokepoint::testdb
