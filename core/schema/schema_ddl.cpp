// CREATE TABLE generation for a Schema.
#include "core/schema/schema_ddl.h"

#include "core/db/sql_quote.h"

namespace chokepoint {
namespace {

std::string column_list(const std::vector<std::string>& cols) {
  std::string s;
  for (size_t i = 0; i < cols.size(); ++i) s += (i ? ", " : "") + quote_identifier(cols[i]);
  return s;
}

}  // namespace

std::string schema_to_ddl(const Schema& schema) {
  std::string sql;
  for (const auto& t : schema.tables) {
    // SQLite owns the sqlite_* names (Spider's tables.json lists sqlite_sequence); they cannot be created.
    if (to_lower_ascii(t.name).rfind("sqlite_", 0) == 0) continue;
    sql += "CREATE TABLE " + quote_identifier(t.name) + " (";
    for (size_t i = 0; i < t.columns.size(); ++i) {
      const auto& c = t.columns[i];
      sql += (i ? ", " : "") + quote_identifier(c.name);
      if (!c.type.empty()) sql += " " + c.type;
      if (c.not_null) sql += " NOT NULL";
    }
    if (!t.primary_key.empty()) sql += ", PRIMARY KEY (" + column_list(t.primary_key) + ")";
    for (const auto& fk : t.foreign_keys) {
      sql += ", FOREIGN KEY (" + column_list(fk.from_columns) + ") REFERENCES " + quote_identifier(fk.to_table);
      bool named = false;
      for (const auto& c : fk.to_columns) named = named || !c.empty();
      if (named) sql += " (" + column_list(fk.to_columns) + ")";
    }
    sql += ");\n";
  }
  return sql;
}

Result<Connection> create_schema_database(const Schema& schema) {
  auto db = Connection::open_memory();
  if (!db.ok()) return db;
  auto st = db->exec_script(schema_to_ddl(schema));
  if (!st.ok()) return Error{"cannot create schema of " + schema.db_id + ": " + st.error()};
  return db;
}

}  // namespace chokepoint
