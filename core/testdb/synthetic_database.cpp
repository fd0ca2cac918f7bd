// Synthetic databases as SQLite files (see synthetic_database.h).
#include "core/testdb/synthetic_database.h"

#include <sqlite3.h>

#include <cctype>
#include <cstdio>

#include "core/db/connection.h"
#include "core/db/sql_quote.h"
#include "core/schema/schema_ddl.h"

namespace chokepoint::testdb {
namespace {

std::string sql_literal(const Value& v) {
  switch (v.type) {
    case ValueType::Null:
      return "NULL";
    case ValueType::Text:
      return quote_string(v.bytes);
    default:
      return v.to_string();  // numbers plainly, blobs as X'..'
  }
}

int bind(sqlite3_stmt* st, int i, const Value& v) {
  switch (v.type) {
    case ValueType::Null:
      return sqlite3_bind_null(st, i);
    case ValueType::Integer:
      return sqlite3_bind_int64(st, i, v.integer);
    case ValueType::Real:
      return sqlite3_bind_double(st, i, v.real);
    case ValueType::Text:
      return sqlite3_bind_text(st, i, v.bytes.data(), static_cast<int>(v.bytes.size()), SQLITE_TRANSIENT);
    case ValueType::Blob:
      return sqlite3_bind_blob(st, i, v.bytes.data(), static_cast<int>(v.bytes.size()), SQLITE_TRANSIENT);
  }
  return SQLITE_MISUSE;
}

Status insert_rows(const Connection& db, const ValidatedTable& t) {
  std::string sql = "INSERT INTO " + quote_identifier(t.name) + " (";
  for (size_t i = 0; i < t.columns.size(); ++i) sql += (i ? ", " : "") + quote_identifier(t.columns[i]);
  sql += ") VALUES (";
  for (size_t i = 0; i < t.columns.size(); ++i) sql += i ? ", ?" : "?";
  sql += ")";
  auto prepared = db.prepare_own(sql);
  if (!prepared.ok()) return Error{t.name + ": " + prepared.error()};
  sqlite3_stmt* st = prepared->get();
  for (const auto& row : t.rows) {
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    for (size_t i = 0; i < row.size() && i < t.columns.size(); ++i) bind(st, static_cast<int>(i + 1), row[i]);
    if (sqlite3_step(st) != SQLITE_DONE) return Error{t.name + ": " + sqlite3_errmsg(db.handle())};
  }
  return ok_status();
}

}  // namespace

std::string synthetic_db_id(const std::string& db_id, const std::string& key) {
  std::string id = db_id + "__q";
  for (unsigned char c : key) id += (std::isalnum(c) || c == '-' || c == '_') ? static_cast<char>(c) : '_';
  return id;
}

std::string validated_inserts_sql(const std::vector<ValidatedTable>& tables, size_t max_rows) {
  std::string out;
  size_t written = 0, left = 0;
  for (const auto& t : tables) {
    std::string head = "INSERT INTO " + quote_identifier(t.name) + " (";
    for (size_t i = 0; i < t.columns.size(); ++i) head += (i ? ", " : "") + quote_identifier(t.columns[i]);
    head += ") VALUES (";
    for (const auto& row : t.rows) {
      if (max_rows && written >= max_rows) {
        ++left;
        continue;
      }
      out += head;
      for (size_t i = 0; i < row.size(); ++i) out += (i ? ", " : "") + sql_literal(row[i]);
      out += ");\n";
      ++written;
    }
  }
  if (left) out += "-- " + std::to_string(left) + " more rows not shown\n";
  return out;
}

Status build_synthetic_database(const std::string& path, const Schema& schema,
                                const std::vector<ValidatedTable>& tables) {
  const std::string part = path + ".part";
  std::remove(part.c_str());
  {
    auto db = Connection::open_read_write(part);
    if (!db.ok()) return Error{part + ": " + db.error()};
    auto st = db->exec_script("BEGIN;\n" + schema_to_ddl(schema));
    for (const auto& t : tables) {
      if (!st.ok()) break;
      st = insert_rows(*db, t);
    }
    if (st.ok()) st = db->exec_script("COMMIT;");
    if (!st.ok()) {
      std::remove(part.c_str());
      return Error{"cannot build " + path + ": " + st.error()};
    }
  }
  if (std::rename(part.c_str(), path.c_str()) != 0) {
    std::remove(part.c_str());
    return Error{"cannot write " + path};
  }
  return ok_status();
}

Result<Connection> open_synthetic_database(const Schema& schema, const std::vector<ValidatedTable>& tables) {
  auto db = Connection::open_memory();
  if (!db.ok()) return Error{db.error()};
  auto st = db->exec_script("BEGIN;\n" + schema_to_ddl(schema));
  for (const auto& t : tables) {
    if (!st.ok()) break;
    st = insert_rows(*db, t);
  }
  if (st.ok()) st = db->exec_script("COMMIT;");
  if (!st.ok()) return Error{"cannot build the synthetic database: " + st.error()};
  return std::move(*db);
}

}  // namespace chokepoint::testdb
