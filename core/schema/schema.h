// The Schema value: tables, columns, primary and foreign keys of one database, whether read from a live SQLite
// database or from a Spider/BIRD tables.json entry. Every other module reads schemas through this one type.
#pragma once
#include <string>
#include <vector>

#include "core/base/text.h"

namespace chokepoint {

struct Column {
  std::string name;               // original spelling
  std::string type;               // declared type as written ("TEXT", "integer", "" when absent)
  std::string natural_name = {};  // tables.json `column_names` (e.g. "client segment"); "" when unknown
  bool not_null = false;
  std::string collation = {};  // "NOCASE" or "RTRIM" when declared so (live databases only); "" for SQLite's BINARY
};

// A foreign key of `Table`: from_columns (in that table) reference to_columns of to_table, pairwise.
// Invariant: from_columns.size() == to_columns.size() once resolved (an FK that names no target column
// means the target's primary key, and loaders resolve it).
struct ForeignKey {
  std::vector<std::string> from_columns;
  std::string to_table;
  std::vector<std::string> to_columns;
};

struct Table {
  std::string name;                      // original spelling
  std::string natural_name;              // tables.json `table_names`; "" when unknown
  std::vector<Column> columns;           // declaration order
  std::vector<std::string> primary_key;  // column names, in key order; composite keys have several
  std::vector<ForeignKey> foreign_keys;  // declaration order
  long long row_count = -1;              // -1 when unknown (schema-only sources)

  const Column* find_column(const std::string& name) const;  // case-insensitive, like SQLite
};

struct Schema {
  std::string db_id;
  std::vector<Table> tables;  // declaration order

  const Table* find_table(const std::string& name) const;  // case-insensitive, like SQLite
  size_t column_count() const;                             // columns of every table (SynSQL's CC counts these)
};

// Every field equal, spellings exactly (a schema snapshot against the file it was read from, a round trip).
bool operator==(const Column& a, const Column& b);
bool operator==(const ForeignKey& a, const ForeignKey& b);
bool operator==(const Table& a, const Table& b);
bool operator==(const Schema& a, const Schema& b);
inline bool operator!=(const Schema& a, const Schema& b) { return !(a == b); }

// ASCII case-insensitive equality, the rule SQLite uses for identifiers.

}  // namespace chokepoint
