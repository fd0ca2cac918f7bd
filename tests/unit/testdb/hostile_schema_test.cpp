// A database from the internet may store, as a table's CREATE text, more than one statement: SQLite reads only the
// first when it opens the file, but a program that replays the text as a script runs the rest. Test databases are
// rebuilt from the schema read through PRAGMAs and printed by schema_ddl, so the rest never runs.
#include "core/testdb/testsuite_baseline.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <sys/stat.h>

#include <cstdio>

#include "core/schema/sqlite_schema.h"
#include "core/testdb/random_database.h"
#include "core/testdb/unique_keys.h"

namespace chokepoint::testdb {
namespace {

bool exists(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0;
}

// A database file whose table `singer` is stored with trailing statements that attach and fill `target`. Written
// with the raw API and writable_schema, as an attacker would.
std::string hostile_database(const std::string& path, const std::string& target) {
  std::remove(path.c_str());
  sqlite3* db = nullptr;
  EXPECT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  const std::string stored =
      "CREATE TABLE singer(id INTEGER PRIMARY KEY, name TEXT COLLATE NOCASE, age INT); ATTACH '" + target +
      "' AS x; CREATE TABLE x.p AS SELECT 'owned' AS k";
  std::string script =
      "CREATE TABLE singer(id INTEGER PRIMARY KEY, name TEXT COLLATE NOCASE, age INT);"
      "INSERT INTO singer VALUES (1, 'Joe', 52), (2, 'Rose', 41);"
      "PRAGMA writable_schema = ON;"
      "UPDATE sqlite_schema SET sql = '";
  for (char c : stored) script += c == '\'' ? std::string("''") : std::string(1, c);
  script += "' WHERE name = 'singer'; PRAGMA writable_schema = OFF;";
  char* err = nullptr;
  EXPECT_EQ(sqlite3_exec(db, script.c_str(), nullptr, nullptr, &err), SQLITE_OK) << (err ? err : "");
  sqlite3_free(err);
  sqlite3_close(db);
  return stored;
}

TEST(HostileSchema, TrailingStatementsInStoredSqlNeverRun) {
  const std::string path = ::testing::TempDir() + "/chokepoint_hostile_schema.sqlite";
  const std::string target = ::testing::TempDir() + "/chokepoint_hostile_target.sqlite";
  std::remove(target.c_str());
  hostile_database(path, target);
  auto original = Connection::open_read_only(path);
  ASSERT_TRUE(original.ok()) << original.error();
  // SQLite itself still reads the file: the stored text's first statement is the table.
  auto schema = read_schema(*original, "hostile", {false});
  ASSERT_TRUE(schema.ok()) << schema.error();
  ASSERT_EQ(schema->tables.size(), 1u);
  EXPECT_EQ(schema->tables[0].columns.at(1).collation, "NOCASE");
  auto uniques = unique_keys_of(*original, *schema);
  ASSERT_TRUE(uniques.ok());
  auto script = schema_script(*original, *schema, *uniques);
  ASSERT_TRUE(script.ok()) << script.error();
  EXPECT_EQ(script->find("ATTACH"), std::string::npos) << *script;
  EXPECT_NE(script->find("COLLATE NOCASE"), std::string::npos) << *script;  // what changes results is kept
  const std::vector<SuiteItem> items = {
      {"0", "SELECT name FROM singer WHERE age > 40", {"SELECT name FROM singer WHERE age >= 40"}}};
  auto built = build_test_database(*original, *schema, items, {});
  ASSERT_TRUE(built.ok()) << built.error();
  EXPECT_FALSE(exists(target)) << "the stored text's ATTACH ran";
  std::remove(path.c_str());
}

}  // namespace
}  // namespace chokepoint::testdb
