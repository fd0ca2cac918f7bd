// SQLite's affinity rules (datatype3.html §3.1), with the examples of its §3.1.1 table.
#include "core/db/column_affinity.h"

#include <gtest/gtest.h>

namespace chokepoint {
namespace {

TEST(ColumnAffinity, FollowsTheExamplesOfSqlitesTable) {
  for (const char* t :
       {"INT", "INTEGER", "TINYINT", "SMALLINT", "MEDIUMINT", "BIGINT", "UNSIGNED BIG INT", "INT2", "INT8"})
    EXPECT_EQ(affinity_of(t), Affinity::Integer) << t;
  for (const char* t : {"CHARACTER(20)", "VARCHAR(255)", "VARYING CHARACTER(255)", "NCHAR(55)", "NATIVE CHARACTER(70)",
                        "NVARCHAR(100)", "TEXT", "CLOB"})
    EXPECT_EQ(affinity_of(t), Affinity::Text) << t;
  for (const char* t : {"BLOB", ""}) EXPECT_EQ(affinity_of(t), Affinity::Blob) << t;
  for (const char* t : {"REAL", "DOUBLE", "DOUBLE PRECISION", "FLOAT"}) EXPECT_EQ(affinity_of(t), Affinity::Real) << t;
  for (const char* t : {"NUMERIC", "DECIMAL(10,5)", "BOOLEAN", "DATE", "DATETIME"})
    EXPECT_EQ(affinity_of(t), Affinity::Numeric) << t;
}

TEST(ColumnAffinity, AppliesTheRulesInOrderAndIgnoresCase) {
  EXPECT_EQ(affinity_of("CHARINT"), Affinity::Integer);         // rule 1 before rule 2
  EXPECT_EQ(affinity_of("FLOATING POINT"), Affinity::Integer);  // "POINT" holds "INT"
  EXPECT_EQ(affinity_of("varchar"), Affinity::Text);
  EXPECT_EQ(affinity_of("Double"), Affinity::Real);
}

}  // namespace
}  // namespace chokepoint
