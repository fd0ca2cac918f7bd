// Schema snapshots: every field of a schema survives writing and reading, names with the separators in them
// included, and text that is not a snapshot is refused with the line and the fault named.
#include "core/schema/schema_snapshot.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/db/connection.h"
#include "core/schema/sqlite_schema.h"

namespace chokepoint {
namespace {

// Two databases; every field set somewhere, and each of the escaped characters in a name.
std::vector<SchemaSnapshotEntry> every_field() {
  Schema a{"shop", {}};
  Table orders;
  orders.name = "orders";
  orders.natural_name = "customer orders";
  orders.row_count = 12;
  orders.columns = {Column{"id", "INTEGER", "order id", true, ""}, Column{"note", "", "", false, "NOCASE"},
                    Column{"odd\tname\nwith\\all\r", "TEXT", "", false, "RTRIM"}};
  orders.primary_key = {"id"};
  Table lines;
  lines.name = "order lines";
  lines.row_count = -1;
  lines.columns = {Column{"order_id", "int", "", true, ""}, Column{"line", "int", "", true, ""},
                   Column{"sku", "text", "", false, ""}};
  lines.primary_key = {"order_id", "line"};
  lines.foreign_keys = {ForeignKey{{"order_id"}, "orders", {"id"}},
                        ForeignKey{{"sku", "line"}, "odd\ttable", {"code", "n"}}};
  a.tables = {orders, lines};
  Schema b{"empty", {}};
  Table bare;
  bare.name = "t";
  bare.row_count = 0;
  b.tables = {bare};
  return {{"shop.sqlite", a}, {"empty.db", b}};
}

TEST(SchemaSnapshot, EveryFieldSurvivesTheRoundTrip) {
  const auto entries = every_field();
  const std::string text = write_schema_snapshot(entries);
  auto read = read_schema_snapshot(text);
  ASSERT_TRUE(read.ok()) << read.error() << "\n" << text;
  ASSERT_EQ(read->size(), 2u);
  for (size_t i = 0; i < entries.size(); ++i) {
    EXPECT_EQ((*read)[i].file, entries[i].file);
    EXPECT_TRUE((*read)[i].schema == entries[i].schema) << "database " << i << "\n" << text;
  }
  // The separators never appear raw inside a field: one line per record, as many fields as the record has.
  EXPECT_EQ(text.find("odd\tname"), std::string::npos);
  EXPECT_NE(text.find("odd\\tname\\nwith\\\\all\\r"), std::string::npos);
  // A different schema reads back different: the comparison sees each field.
  auto changed = entries;
  changed[0].schema.tables[1].foreign_keys[1].to_columns[1] = "m";
  EXPECT_FALSE(read_schema_snapshot(write_schema_snapshot(changed))->at(0).schema == entries[0].schema);
  changed = entries;
  changed[0].schema.tables[0].columns[1].collation = "";
  EXPECT_FALSE(read_schema_snapshot(write_schema_snapshot(changed))->at(0).schema == entries[0].schema);
}

TEST(SchemaSnapshot, ASchemaReadThroughSqliteSurvivesTheRoundTrip) {
  auto db = Connection::open_memory();
  ASSERT_TRUE(db.ok()) << db.error();
  ASSERT_TRUE(db->exec_script("CREATE TABLE \"a b\"(x INTEGER PRIMARY KEY, y TEXT NOT NULL COLLATE NOCASE);"
                              "CREATE TABLE c(p, q REAL, FOREIGN KEY(p) REFERENCES \"a b\"(x));"
                              "INSERT INTO \"a b\" VALUES (1, 'u'), (2, 'v'); INSERT INTO c VALUES (1, 0.5);")
                  .ok());
  auto schema = read_schema(*db, "mem");
  ASSERT_TRUE(schema.ok()) << schema.error();
  ASSERT_EQ(schema->tables.size(), 2u);
  EXPECT_EQ(schema->tables[0].row_count, 2);
  auto read = read_schema_snapshot(write_schema_snapshot({{"mem.sqlite", *schema}}));
  ASSERT_TRUE(read.ok()) << read.error();
  ASSERT_EQ(read->size(), 1u);
  EXPECT_TRUE(read->at(0).schema == *schema);
}

TEST(SchemaSnapshot, AnEmptyListIsTheHeaderAlone) {
  const std::string text = write_schema_snapshot({});
  EXPECT_EQ(text, "chokepoint schema snapshot 1\n");
  auto read = read_schema_snapshot(text);
  ASSERT_TRUE(read.ok()) << read.error();
  EXPECT_TRUE(read->empty());
}

TEST(SchemaSnapshot, RefusesWhatIsNotASnapshotNamingTheLine) {
  const std::string head = "chokepoint schema snapshot 1\n";
  const std::string db = "database\tx.sqlite\tx\n";
  const std::string table = "table\tt\t\t3\n";
  struct Case {
    std::string text, says;
  };
  const std::vector<Case> cases = {
      {"", "the text is empty"},
      {"chokepoint schema snapshot 2\n", "line 1: expected \"chokepoint schema snapshot 1\""},
      {"{\"db_id\": \"x\"}", "line 1: expected"},
      {head + "table\tt\t\t3\n", "line 2: a table before any database"},
      {head + db + "column\ta\tTEXT\t\t0\t\n", "line 3: a column before any table"},
      {head + db + "primary_key\ta\n", "line 3: a primary key before any table"},
      {head + db + "foreign_key\t1\ta\tt\t1\tb\n", "line 3: a foreign key before any table"},
      {head + "database\tx.sqlite\n", "line 2: a database needs a file and a db_id"},
      {head + db + "table\tt\t\tmany\n", "line 3: a table needs a name, a natural name and a row count"},
      {head + db + "table\tt\t\t-2\n", "line 3: a table needs"},
      {head + db + table + "column\ta\tTEXT\t\tyes\t\n", "line 4: a column needs"},
      {head + db + table + "column\ta\tTEXT\t\t0\n", "line 4: a column needs"},
      {head + db + table + "primary_key\n", "line 4: a primary key needs a column"},
      {head + db + table + "foreign_key\t2\ta\tt\t1\tb\n", "line 4: a foreign key needs a count and the columns"},
      {head + db + table + "foreign_key\t9\ta\n", "line 4: a foreign key needs a count, its columns"},
      {head + db + table + "foreign_key\t1\ta\tt\t1\tb\textra\n", "and nothing more"},
      {head + db + table + "index\ti\n", "line 4: unknown record 'index'"},
      {head + db + "\n", "line 3: unknown record ''"},
      {head + "database\tx\\q.sqlite\tx\n", "line 2: unknown escape \\q"},
      {head + "database\tx.sqlite\tx\\\n", "line 2: a backslash ends the line"},
  };
  for (const auto& c : cases) {
    auto read = read_schema_snapshot(c.text);
    ASSERT_FALSE(read.ok()) << c.text;
    EXPECT_NE(read.error().find(c.says), std::string::npos) << read.error() << "\n-- for --\n" << c.text;
  }
}

}  // namespace
}  // namespace chokepoint
