// Live-schema reader. Foreign keys that name no target column mean the target's primary key (SQLite's rule), and
// are resolved here so every ForeignKey has as many target columns as source columns.
#include "core/schema/sqlite_schema.h"

#include "core/db/sql_quote.h"

#include <sqlite3.h>

#include <algorithm>
#include <map>

namespace chokepoint {
namespace {

std::string text_of(const Value& v) { return v.type == ValueType::Text ? v.bytes : v.to_string(); }

// NOCASE or RTRIM when the column declares it, else "" (BINARY, or a collation only the creating program knew).
// No PRAGMA says a column's collation; sqlite3_table_column_metadata does (SQLITE_ENABLE_COLUMN_METADATA).
std::string collation_of(const Connection& db, const std::string& table, const std::string& column) {
  const char* collation = nullptr;
  if (sqlite3_table_column_metadata(db.handle(), "main", table.c_str(), column.c_str(), nullptr, &collation, nullptr,
                                    nullptr, nullptr) != SQLITE_OK ||
      !collation)
    return "";
  if (iequals(collation, "NOCASE")) return "NOCASE";
  if (iequals(collation, "RTRIM")) return "RTRIM";
  return "";
}

}  // namespace

Result<Schema> read_schema(const Connection& db, const std::string& db_id, const SchemaReadOptions& options) {
  Schema s;
  s.db_id = db_id;
  auto tables =
      db.query("SELECT name FROM sqlite_schema WHERE type='table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid");
  if (!tables.ok()) return Error{"cannot list tables: " + tables.message};
  for (const auto& row : tables.result.rows) {
    Table t;
    t.name = text_of(row[0]);
    auto info = db.inspect("PRAGMA table_info(" + quote_identifier(t.name) + ")");
    if (!info.ok()) return Error{"cannot read columns of " + t.name + ": " + info.message};
    // cid, name, type, notnull, dflt_value, pk (1-based position in the primary key, 0 if not part of it)
    std::vector<std::pair<int64_t, std::string>> pk;
    for (const auto& c : info.result.rows) {
      Column col;
      col.name = text_of(c[1]);
      col.type = text_of(c[2]);
      col.not_null = c[3].integer != 0;
      col.collation = collation_of(db, t.name, col.name);
      if (c[5].integer > 0) pk.emplace_back(c[5].integer, col.name);
      t.columns.push_back(std::move(col));
    }
    std::sort(pk.begin(), pk.end());
    for (auto& p : pk) t.primary_key.push_back(p.second);
    auto fks = db.inspect("PRAGMA foreign_key_list(" + quote_identifier(t.name) + ")");
    if (!fks.ok()) return Error{"cannot read foreign keys of " + t.name + ": " + fks.message};
    // id, seq, table, from, to, on_update, on_delete, match; rows of one id form one (possibly composite) key.
    std::map<int64_t, ForeignKey> by_id;
    for (const auto& f : fks.result.rows) {
      auto& fk = by_id[f[0].integer];
      fk.to_table = text_of(f[2]);
      fk.from_columns.push_back(text_of(f[3]));
      fk.to_columns.push_back(f[4].is_null() ? "" : text_of(f[4]));
    }
    for (auto& [id, fk] : by_id) t.foreign_keys.push_back(std::move(fk));
    if (options.count_rows) {
      auto n = db.query("SELECT count(*) FROM " + quote_identifier(t.name));
      if (n.ok() && !n.result.rows.empty()) t.row_count = n.result.rows[0][0].integer;
    }
    s.tables.push_back(std::move(t));
  }
  // Resolve FKs without target columns to the target's primary key.
  for (auto& t : s.tables) {
    for (auto& fk : t.foreign_keys) {
      bool unnamed =
          std::all_of(fk.to_columns.begin(), fk.to_columns.end(), [](const std::string& c) { return c.empty(); });
      if (!unnamed) continue;
      const Table* target = s.find_table(fk.to_table);
      if (target && target->primary_key.size() == fk.from_columns.size()) fk.to_columns = target->primary_key;
    }
  }
  return s;
}

}  // namespace chokepoint
