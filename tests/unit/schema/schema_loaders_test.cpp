// Schemas from tables.json and from live SQLite databases agree on tables, keys and foreign keys.
#include <gtest/gtest.h>

#include "core/schema/schema_ddl.h"
#include "core/schema/sqlite_schema.h"
#include "core/schema/tables_json.h"

namespace chokepoint {
namespace {

const char* kTablesJson = R"([{
  "db_id": "shop",
  "table_names_original": ["customer", "order item"],
  "table_names": ["customer", "order item"],
  "column_names_original": [[-1, "*"], [0, "id"], [0, "Name"], [1, "order_id"], [1, "line"], [1, "customer_id"]],
  "column_names": [[-1, "*"], [0, "id"], [0, "name"], [1, "order id"], [1, "line"], [1, "customer id"]],
  "column_types": ["text", "number", "text", "number", "number", "number"],
  "primary_keys": [1, [3, 4]],
  "foreign_keys": [[5, 1]]
}])";

TEST(TablesJson, ReadsTablesColumnsCompositeKeysAndForeignKeys) {
  auto r = parse_tables_json(kTablesJson);
  ASSERT_TRUE(r.ok()) << r.error();
  ASSERT_EQ(r->size(), 1u);
  const Schema& s = (*r)[0];
  EXPECT_EQ(s.db_id, "shop");
  ASSERT_EQ(s.tables.size(), 2u);
  EXPECT_EQ(s.tables[0].primary_key, std::vector<std::string>{"id"});
  EXPECT_EQ(s.tables[1].primary_key, (std::vector<std::string>{"order_id", "line"}));
  ASSERT_EQ(s.tables[1].foreign_keys.size(), 1u);
  EXPECT_EQ(s.tables[1].foreign_keys[0].to_table, "customer");
  EXPECT_EQ(s.tables[1].foreign_keys[0].to_columns, std::vector<std::string>{"id"});
  EXPECT_EQ(s.tables[0].columns[1].natural_name, "name");
  ASSERT_NE(s.find_table("ORDER ITEM"), nullptr);
  EXPECT_NE(s.find_table("customer")->find_column("NAME"), nullptr);
}

TEST(TablesJson, MalformedInputIsAnErrorNotACrash) {
  EXPECT_FALSE(parse_tables_json("[{").ok());
  EXPECT_FALSE(parse_tables_json("{}").ok());
  EXPECT_FALSE(parse_tables_json(R"([{"db_id":"x"}])").ok());
  EXPECT_FALSE(parse_tables_json(R"([{"db_id":"x","table_names_original":["a"],
      "column_names_original":[[0,"c"]],"primary_keys":[7]}])")
                   .ok());
  EXPECT_FALSE(load_tables_json("/nonexistent/tables.json").ok());
}

TEST(SchemaDdl, RoundTripsThroughALiveDatabase) {
  auto r = parse_tables_json(kTablesJson);
  ASSERT_TRUE(r.ok());
  auto db = create_schema_database((*r)[0]);
  ASSERT_TRUE(db.ok()) << db.error();
  auto back = read_schema(*db, "shop");
  ASSERT_TRUE(back.ok()) << back.error();
  ASSERT_EQ(back->tables.size(), 2u);
  EXPECT_EQ(back->tables[1].name, "order item");
  EXPECT_EQ(back->tables[1].primary_key, (std::vector<std::string>{"order_id", "line"}));
  ASSERT_EQ(back->tables[1].foreign_keys.size(), 1u);
  EXPECT_EQ(back->tables[1].foreign_keys[0].from_columns, std::vector<std::string>{"customer_id"});
  EXPECT_EQ(back->tables[0].row_count, 0);
}

TEST(SqliteSchema, ForeignKeyWithoutColumnsMeansThePrimaryKey) {
  auto db = Connection::open_memory();
  ASSERT_TRUE(db.ok());
  ASSERT_TRUE(db->exec_script("CREATE TABLE p(a, b, PRIMARY KEY(b, a)); CREATE TABLE c(x, y, FOREIGN KEY(x, y) "
                              "REFERENCES p); INSERT INTO p VALUES (1, 2);")
                  .ok());
  auto s = read_schema(*db, "t");
  ASSERT_TRUE(s.ok()) << s.error();
  EXPECT_EQ(s->tables[0].primary_key, (std::vector<std::string>{"b", "a"}));
  EXPECT_EQ(s->tables[0].row_count, 1);
  ASSERT_EQ(s->tables[1].foreign_keys.size(), 1u);
  EXPECT_EQ(s->tables[1].foreign_keys[0].from_columns, (std::vector<std::string>{"x", "y"}));
  EXPECT_EQ(s->tables[1].foreign_keys[0].to_columns, (std::vector<std::string>{"b", "a"}));
}

}  // namespace
}  // namespace chokepoint
