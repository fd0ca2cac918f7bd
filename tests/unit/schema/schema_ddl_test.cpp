// DDL printed from a Schema: a type name from a tables.json or a database is data, never SQL text.
#include "core/schema/schema_ddl.h"
#include "core/schema/sqlite_schema.h"

#include <gtest/gtest.h>

#include <sys/stat.h>

#include <cstdio>

namespace chokepoint {
namespace {

TEST(TypeName, TheGrammarsTypesPass) {
  for (const char* t : {"INTEGER", "int", "varchar(255)", "NUMERIC(10, 2)", "double precision", "unsigned big int",
                        "CHAR(-1)", "decimal(+5,.5)", "number", "others", "boolean", "datetime", "  text  "})
    EXPECT_TRUE(valid_type_name(t)) << t;
}

TEST(TypeName, ConstraintsClausesAndStatementsAreNotTypes) {
  for (const char* t : {"",
                        "TEXT PRIMARY KEY",
                        "INT DEFAULT 1",
                        "INT NOT NULL",
                        "TEXT COLLATE NOCASE",
                        "INT REFERENCES t",
                        "INT); ATTACH 'x' AS y; --",
                        "INT(",
                        "INT(1",
                        "INT(a)",
                        "INT(1,2,3)",
                        "varchar(max)",
                        "INT -- comment",
                        "INT /* c */",
                        "'text'",
                        "\"int\"",
                        "int;",
                        "select",
                        "TEXT AS (1)",
                        "INT CONSTRAINT c"})
    EXPECT_FALSE(valid_type_name(t)) << t;
}

TEST(TypeName, AnInvalidTypeKeepsItsAffinity) {
  EXPECT_EQ(ddl_type_name("varchar(255)"), "varchar(255)");
  EXPECT_EQ(ddl_type_name("INT); ATTACH 'x' AS y; --"), "INTEGER");
  EXPECT_EQ(ddl_type_name("TEXT PRIMARY KEY"), "TEXT");
  EXPECT_EQ(ddl_type_name("varchar(max)"), "TEXT");
  EXPECT_EQ(ddl_type_name("double; DROP"), "REAL");
  EXPECT_EQ(ddl_type_name("'blob'"), "BLOB");
  EXPECT_EQ(ddl_type_name("DATE DEFAULT x"), "NUMERIC");
}

TEST(SchemaDdl, AHostileTypeFromTablesJsonCreatesNoFile) {
  const std::string target = ::testing::TempDir() + "/chokepoint_ddl_target.sqlite";
  std::remove(target.c_str());
  Schema s;
  s.db_id = "hostile";
  Table t;
  t.name = "t\"; DROP TABLE x; --";
  Column c;
  c.name = "a";
  c.type = "INT); ATTACH 'file:" + target + "?mode=rwc' AS x; CREATE TABLE x.p(q";
  t.columns.push_back(c);
  s.tables.push_back(t);
  const std::string ddl = schema_to_ddl(s);
  EXPECT_EQ(ddl, "CREATE TABLE \"t\"\"; DROP TABLE x; --\" (\"a\" INTEGER);\n");
  auto db = create_schema_database(s);
  ASSERT_TRUE(db.ok()) << db.error();
  struct stat st;
  EXPECT_NE(stat(target.c_str(), &st), 0) << "a file appeared at " << target;
  const auto out = db->query("SELECT type FROM pragma_table_info('t\"; DROP TABLE x; --')");
  ASSERT_TRUE(out.ok()) << out.message;
  ASSERT_EQ(out.result.rows.size(), 1u);
  EXPECT_EQ(out.result.rows[0][0].bytes, "INTEGER");
}

TEST(SchemaDdl, CollationsAndUniqueKeysArePrintedWhenKnown) {
  Schema s;
  Table t;
  t.name = "p";
  Column a;
  a.name = "name";
  a.type = "TEXT";
  a.collation = "NOCASE";
  t.columns.push_back(a);
  s.tables.push_back(t);
  UniqueKeys u{{"p", {{"name"}}}};
  EXPECT_EQ(schema_to_ddl(s, &u), "CREATE TABLE \"p\" (\"name\" TEXT COLLATE NOCASE, UNIQUE (\"name\"));\n");
}

TEST(SqliteSchema, ReadsTheCollationsThatChangeResults) {
  auto db = Connection::open_memory();
  ASSERT_TRUE(db.ok());
  ASSERT_TRUE(
      db->exec_script("CREATE TABLE p(a TEXT COLLATE NOCASE, b TEXT COLLATE rtrim, c TEXT COLLATE BINARY, d);").ok());
  auto s = read_schema(*db, "c");
  ASSERT_TRUE(s.ok()) << s.error();
  const auto& cols = s->tables.at(0).columns;
  EXPECT_EQ(cols.at(0).collation, "NOCASE");
  EXPECT_EQ(cols.at(1).collation, "RTRIM");
  EXPECT_EQ(cols.at(2).collation, "");
  EXPECT_EQ(cols.at(3).collation, "");
}

}  // namespace
}  // namespace chokepoint
