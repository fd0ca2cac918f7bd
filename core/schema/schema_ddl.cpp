// CREATE TABLE generation for a Schema.
#include "core/schema/schema_ddl.h"

#include "core/db/column_affinity.h"
#include "core/db/sql_quote.h"

#include <cctype>

namespace chokepoint {
namespace {

bool is_word_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool is_blank(char c) { return c == ' ' || c == '\t'; }

// The words that end a type and start a column constraint (https://www.sqlite.org/syntax/column-constraint.html).
bool starts_a_constraint(const std::string& word) {
  static const char* const words[] = {"AS",        "CHECK", "COLLATE", "CONSTRAINT", "DEFAULT",    "FOREIGN",
                                      "GENERATED", "NOT",   "NULL",    "PRIMARY",    "REFERENCES", "UNIQUE"};
  for (const char* w : words)
    if (iequals(word, w)) return true;
  return false;
}

// A signed number of the grammar: [+-] digits [. digits], or [+-] . digits.
bool read_signed_number(const std::string& s, size_t& i) {
  while (i < s.size() && is_blank(s[i])) ++i;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  size_t digits = 0;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i, ++digits;
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i, ++digits;
  }
  while (i < s.size() && is_blank(s[i])) ++i;
  return digits > 0;
}

std::string column_list(const std::vector<std::string>& cols) {
  std::string s;
  for (size_t i = 0; i < cols.size(); ++i) s += (i ? ", " : "") + quote_identifier(cols[i]);
  return s;
}

}  // namespace

bool valid_type_name(const std::string& type) {
  size_t i = 0, words = 0;
  while (i < type.size() && is_blank(type[i])) ++i;
  while (i < type.size() && is_word_start(type[i])) {
    const size_t start = i;
    while (i < type.size() && is_word_char(type[i])) ++i;
    if (starts_a_constraint(type.substr(start, i - start))) return false;
    ++words;
    while (i < type.size() && is_blank(type[i])) ++i;
  }
  if (words == 0) return false;
  if (i < type.size() && type[i] == '(') {
    ++i;
    if (!read_signed_number(type, i)) return false;
    if (i < type.size() && type[i] == ',') {
      ++i;
      if (!read_signed_number(type, i)) return false;
    }
    if (i >= type.size() || type[i] != ')') return false;
    ++i;
    while (i < type.size() && is_blank(type[i])) ++i;
  }
  if (i != type.size()) return false;
  // A keyword SQLite cannot take as a name ("SELECT") would make the table fail to build: SQLite decides. The text
  // is only words and numbers by now, and it is prepared, never run.
  static thread_local Result<Connection> scratch = Connection::open_memory();
  return scratch.ok() && scratch->prepare_own("CREATE TABLE t(c " + type + ")").ok();
}

std::string ddl_type_name(const std::string& type) {
  if (valid_type_name(type)) return type;
  switch (affinity_of(type)) {
    case Affinity::Integer:
      return "INTEGER";
    case Affinity::Text:
      return "TEXT";
    case Affinity::Blob:
      return "BLOB";
    case Affinity::Real:
      return "REAL";
    case Affinity::Numeric:
      return "NUMERIC";
  }
  return "BLOB";
}

std::string schema_to_ddl(const Schema& schema, const UniqueKeys* uniques) {
  std::string sql;
  for (const auto& t : schema.tables) {
    // SQLite owns the sqlite_* names (Spider's tables.json lists sqlite_sequence); they cannot be created.
    if (to_lower_ascii(t.name).rfind("sqlite_", 0) == 0) continue;
    sql += "CREATE TABLE " + quote_identifier(t.name) + " (";
    for (size_t i = 0; i < t.columns.size(); ++i) {
      const auto& c = t.columns[i];
      sql += (i ? ", " : "") + quote_identifier(c.name);
      if (!c.type.empty()) sql += " " + ddl_type_name(c.type);
      if (c.not_null) sql += " NOT NULL";
      if (c.collation == "NOCASE" || c.collation == "RTRIM") sql += " COLLATE " + c.collation;
    }
    if (!t.primary_key.empty()) sql += ", PRIMARY KEY (" + column_list(t.primary_key) + ")";
    if (uniques) {
      auto u = uniques->find(t.name);
      if (u != uniques->end())
        for (const auto& key : u->second) sql += ", UNIQUE (" + column_list(key) + ")";
    }
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
