// Row counts a slice at a time equal count(*) on every kind of table: dense and sparse rowids (negative, huge),
// WITHOUT ROWID, a column named rowid, every rowid name taken, and an empty table.
#include "core/db/row_count_job.h"

#include <gtest/gtest.h>

namespace chokepoint {
namespace {

int64_t count_star(const Connection& db, const std::string& table) {
  return db.query("SELECT count(*) FROM \"" + table + "\"").result.rows.at(0).at(0).integer;
}

TEST(RowCountJob, SlicesEqualCountStarOnEveryKindOfTable) {
  auto db = Connection::open_memory();
  ASSERT_TRUE(db.ok());
  ASSERT_TRUE(db->exec_script(R"(
    CREATE TABLE dense(a INTEGER);
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000) INSERT INTO dense SELECT i FROM n;
    CREATE TABLE sparse(id INTEGER PRIMARY KEY, v TEXT);
    INSERT INTO sparse VALUES (-9000000000000000000, 'a'), (-5, 'b'), (0, 'c'), (7, 'd'), (1000000000000, 'e'),
                              (9000000000000000000, 'f');
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
      INSERT INTO sparse SELECT i * 1000003 + 11, 'x' FROM n;
    CREATE TABLE norowid(k TEXT PRIMARY KEY, v INTEGER) WITHOUT ROWID;
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
      INSERT INTO norowid SELECT 'k' || i, i FROM n;
    CREATE TABLE named(rowid TEXT, v INTEGER);
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)
      INSERT INTO named SELECT 'r' || (i % 7), i FROM n;
    CREATE TABLE taken(rowid TEXT, _rowid_ TEXT, oid TEXT);
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50)
      INSERT INTO taken SELECT 'a', 'b', 'c' FROM n;
    CREATE TABLE empty(x);
    CREATE TABLE exact(x);
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 128) INSERT INTO exact SELECT i FROM n;
  )")
                  .ok());
  const std::vector<std::string> tables = {"dense", "sparse", "norowid", "named", "taken", "empty", "exact"};
  const std::vector<std::vector<std::string>> columns = {
      {"a"}, {"id", "v"}, {"k", "v"}, {"rowid", "v"}, {"rowid", "_rowid_", "oid"}, {"x"}, {"x"}};
  RowCountJob job(*db, tables, columns, 64);
  int steps = 0;
  while (!job.step()) ASSERT_LT(++steps, 1000);
  ASSERT_TRUE(job.done());
  for (size_t i = 0; i < tables.size(); ++i) EXPECT_EQ(job.counts()[i], count_star(*db, tables[i])) << tables[i];
  EXPECT_EQ(job.counts()[0], 1000);
  EXPECT_EQ(job.counts()[1], 306);
  EXPECT_EQ(job.counts()[6], 128);  // a multiple of the slice: the last slice finds no row past it
  // dense walks 1000 / 64 slices, so the whole job took many more steps than tables.
  EXPECT_GT(steps, 20);
}

TEST(RowCountJob, AMissingTableCountsAsUnknown) {
  auto db = Connection::open_memory();
  ASSERT_TRUE(db.ok());
  RowCountJob job(*db, {"nowhere"}, {{"x"}});
  EXPECT_TRUE(job.step());
  EXPECT_EQ(job.counts()[0], -1);
}

}  // namespace
}  // namespace chokepoint
