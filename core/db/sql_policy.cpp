// The sandbox's settings and the authorizer's decisions (see sql_policy.h).
#include "core/db/sql_policy.h"

#include <sqlite3.h>

#include <algorithm>
#include <cctype>
#include <cstring>

#include "core/base/text.h"

namespace chokepoint {
namespace {

// What an authorizer action is, for the refusal message; indexed by SQLite's action code (sqlite3.h, 0..33).
const char* action_name(int action) {
  static const char* const names[] = {"CREATE INDEX",
                                      "CREATE INDEX",
                                      "CREATE TABLE",
                                      "CREATE TEMP INDEX",
                                      "CREATE TEMP TABLE",
                                      "CREATE TEMP TRIGGER",
                                      "CREATE TEMP VIEW",
                                      "CREATE TRIGGER",
                                      "CREATE VIEW",
                                      "DELETE",
                                      "DROP INDEX",
                                      "DROP TABLE",
                                      "DROP TEMP INDEX",
                                      "DROP TEMP TABLE",
                                      "DROP TEMP TRIGGER",
                                      "DROP TEMP VIEW",
                                      "DROP TRIGGER",
                                      "DROP VIEW",
                                      "INSERT",
                                      "PRAGMA",
                                      "READ",
                                      "SELECT",
                                      "a transaction",
                                      "UPDATE",
                                      "ATTACH",
                                      "DETACH",
                                      "ALTER TABLE",
                                      "REINDEX",
                                      "ANALYZE",
                                      "CREATE VIRTUAL TABLE",
                                      "DROP VIRTUAL TABLE",
                                      "a function",
                                      "a savepoint",
                                      "a recursive query"};
  if (action == SQLITE_COPY) return "COPY";
  return action >= 0 && action < static_cast<int>(sizeof names / sizeof names[0]) ? names[action] : "an operation";
}

std::string text_or_empty(const char* s) { return s ? std::string(s) : std::string(); }

// What the denied action touched, as the user would write it: "PRAGMA query_only = 0", "ATTACH 'x.db'", "INSERT
// into t", "function load_extension()".
std::string describe(int action, const char* a1, const char* a2) {
  const std::string x = text_or_empty(a1), y = text_or_empty(a2);
  switch (action) {
    case SQLITE_PRAGMA:
      return "PRAGMA " + x + (y.empty() ? "" : " = " + y);
    case SQLITE_ATTACH:
      return "ATTACH '" + x + "'";
    case SQLITE_DETACH:
      return "DETACH " + x;
    case SQLITE_FUNCTION:
      return "function " + y + "()";
    case SQLITE_TRANSACTION:
      return x.empty() ? "a transaction" : x + " TRANSACTION";
    case SQLITE_SAVEPOINT:
      return "SAVEPOINT " + y;
    case SQLITE_INSERT:
    case SQLITE_UPDATE:
    case SQLITE_DELETE:
      return std::string(action_name(action)) + (x.empty() ? "" : " on " + x);
    default:
      return std::string(action_name(action)) + (x.empty() ? "" : " " + x);
  }
}

// Every PRAGMA of SQLite 3.40 (PRAGMA pragma_list), for naming their table-valued functions.
bool pragma_name(const std::string& name) {
  static const std::set<std::string> names = {"analysis_limit",
                                              "application_id",
                                              "auto_vacuum",
                                              "automatic_index",
                                              "busy_timeout",
                                              "cache_size",
                                              "cache_spill",
                                              "case_sensitive_like",
                                              "cell_size_check",
                                              "checkpoint_fullfsync",
                                              "collation_list",
                                              "compile_options",
                                              "count_changes",
                                              "data_version",
                                              "database_list",
                                              "default_cache_size",
                                              "defer_foreign_keys",
                                              "empty_result_callbacks",
                                              "encoding",
                                              "foreign_key_check",
                                              "foreign_key_list",
                                              "foreign_keys",
                                              "freelist_count",
                                              "full_column_names",
                                              "fullfsync",
                                              "function_list",
                                              "hard_heap_limit",
                                              "ignore_check_constraints",
                                              "incremental_vacuum",
                                              "index_info",
                                              "index_list",
                                              "index_xinfo",
                                              "integrity_check",
                                              "journal_mode",
                                              "journal_size_limit",
                                              "legacy_alter_table",
                                              "locking_mode",
                                              "max_page_count",
                                              "mmap_size",
                                              "module_list",
                                              "optimize",
                                              "page_count",
                                              "page_size",
                                              "pragma_list",
                                              "query_only",
                                              "quick_check",
                                              "read_uncommitted",
                                              "recursive_triggers",
                                              "reverse_unordered_selects",
                                              "schema_version",
                                              "secure_delete",
                                              "short_column_names",
                                              "shrink_memory",
                                              "soft_heap_limit",
                                              "synchronous",
                                              "table_info",
                                              "table_list",
                                              "table_xinfo",
                                              "temp_store",
                                              "temp_store_directory",
                                              "threads",
                                              "trusted_schema",
                                              "user_version",
                                              "wal_autocheckpoint",
                                              "wal_checkpoint",
                                              "writable_schema"};
  return names.count(name) > 0;
}

// The pragmas that only describe the schema or the build, whatever their argument.
bool describing_pragma(const std::string& name) {
  static const char* const names[] = {"collation_list",   "compile_options", "database_list", "foreign_key_check",
                                      "foreign_key_list", "function_list",   "index_info",    "index_list",
                                      "index_xinfo",      "module_list",     "pragma_list",   "table_info",
                                      "table_list",       "table_xinfo"};
  const std::string n = to_lower_ascii(name);
  for (const char* k : names)
    if (n == k) return true;
  return false;
}

int authorize(void* user, int action, const char* a1, const char* a2, const char* a3, const char* a4) {
  auto* policy = static_cast<SqlPolicy*>(user);
  if (policy->first_action < 0) policy->first_action = action;
  SqlDecision d = decide_action(*policy, action, a1, a2, a3, a4);
  if (d.code != SQLITE_OK && policy->refusal.empty()) policy->refusal = std::move(d.refusal);
  return d.code;
}

}  // namespace

const std::vector<std::string>& allowed_functions() {
  // SQLite 3.40's built-in functions (https://www.sqlite.org/lang_corefunc.html, lang_aggfunc, windowfunctions,
  // lang_datefunc, lang_mathfunc, json1) and the read-only FTS3/FTS5 auxiliary functions. "->" and "->>" are
  // the JSON operators, which SQLite authorizes as functions of those names.
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v = {
        // core scalar functions
        "abs", "changes", "char", "coalesce", "format", "glob", "hex", "ifnull", "iif", "instr", "last_insert_rowid",
        "length", "like", "likelihood", "likely", "lower", "ltrim", "max", "min", "nullif", "printf", "quote", "random",
        "randomblob", "replace", "round", "rtrim", "sign", "soundex", "sqlite_compileoption_get",
        "sqlite_compileoption_used", "sqlite_offset", "sqlite_source_id", "sqlite_version", "substr", "substring",
        "total_changes", "trim", "typeof", "unicode", "unlikely", "upper", "zeroblob", "subtype",
        // aggregates
        "avg", "count", "group_concat", "sum", "total",
        // window functions
        "row_number", "rank", "dense_rank", "percent_rank", "cume_dist", "ntile", "lag", "lead", "first_value",
        "last_value", "nth_value",
        // date and time
        "date", "time", "datetime", "julianday", "unixepoch", "strftime", "current_date", "current_time",
        "current_timestamp",
        // math
        "acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "ceil", "ceiling", "cos", "cosh", "degrees", "exp",
        "floor", "ln", "log", "log10", "log2", "mod", "pi", "pow", "power", "radians", "sin", "sinh", "sqrt", "tan",
        "tanh", "trunc",
        // JSON
        "json", "json_array", "json_array_length", "json_extract", "json_insert", "json_object", "json_patch",
        "json_remove", "json_replace", "json_set", "json_type", "json_valid", "json_quote", "json_group_array",
        "json_group_object", "->", "->>",
        // full-text search, reading only
        "match", "snippet", "offsets", "matchinfo", "highlight", "bm25"};
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
  }();
  return names;
}

bool function_denied_always(const std::string& name) {
  const std::string n = to_lower_ascii(name);
  return n == "load_extension" || n == "fts3_tokenizer" || n == "fts5" || n == "optimize";
}

bool function_allowed(const std::string& name) {
  const auto& v = allowed_functions();
  return std::binary_search(v.begin(), v.end(), to_lower_ascii(name));
}

SqlDecision decide_action(const SqlPolicy& policy, int action, const char* a1, const char* a2, const char*,
                          const char*) {
  if (action == SQLITE_FUNCTION) {
    const std::string name = text_or_empty(a2);
    if (function_allowed(name) || policy.registered_functions.count(to_lower_ascii(name))) return {SQLITE_OK, ""};
    // The program's own statements may also use SQLite's internal functions (ALTER TABLE ... RENAME runs
    // sqlite_rename_column and friends), never the ones that load code or take pointers.
    if (policy.trust == SqlTrust::Own && !function_denied_always(name)) return {SQLITE_OK, ""};
    return {SQLITE_DENY, "function " + name + "() is not on the list of functions evaluated SQL may call"};
  }
  if (action == SQLITE_ATTACH || action == SQLITE_DETACH)
    return {SQLITE_DENY, describe(action, a1, a2) + " is not allowed: a query sees only its own database"};
  if (policy.trust == SqlTrust::Own) return {SQLITE_OK, ""};
  switch (action) {
    case SQLITE_READ: {
      // A PRAGMA's table-valued function is read like a table; only the describing ones may be (see below). A
      // table of the database with such a name would shadow the function, but no real schema names one so.
      const std::string table = to_lower_ascii(text_or_empty(a1));
      if (table.rfind("pragma_", 0) == 0 && pragma_name(table.substr(7)) && !describing_pragma(table.substr(7)))
        return {SQLITE_DENY, "table-valued function " + table + "() is not allowed: evaluated SQL may only read"};
      return {SQLITE_OK, ""};
    }
    case SQLITE_SELECT:
    case SQLITE_RECURSIVE:
      return {SQLITE_OK, ""};
    case SQLITE_UPDATE: {
      // The first use of a table-valued function on a connection (json_each, pragma_table_info) declares its virtual
      // table, which SQLite authorizes as an UPDATE of the schema table's columns; nothing is written, and a
      // statement that began as a SELECT cannot write (query_refusal checks sqlite3_stmt_readonly besides).
      const std::string table = text_or_empty(a1);
      if (policy.first_action == SQLITE_SELECT && (table == "sqlite_master" || table == "sqlite_temp_master"))
        return {SQLITE_OK, ""};
      break;
    }
    case SQLITE_PRAGMA:
      // A PRAGMA table-valued function (SELECT ... FROM pragma_table_info('t')) prepares its PRAGMA while the
      // SELECT runs. Only the pragmas that describe the schema pass: pragma_query_only(0) or pragma_journal_mode('x')
      // would also be table-valued functions, and they change the connection.
      if (policy.first_action == SQLITE_SELECT && describing_pragma(text_or_empty(a1))) return {SQLITE_OK, ""};
      break;
    default:
      break;
  }
  return {SQLITE_DENY, describe(action, a1, a2) + " is not allowed: evaluated SQL may only read (SELECT)"};
}

std::string leading_keyword(const std::string& sql) {
  size_t i = 0;
  while (i < sql.size()) {
    const unsigned char c = static_cast<unsigned char>(sql[i]);
    if (std::isspace(c) || c == ';' || c == '(') {
      ++i;
    } else if (sql.compare(i, 2, "--") == 0) {
      while (i < sql.size() && sql[i] != '\n') ++i;
    } else if (sql.compare(i, 2, "/*") == 0) {
      const size_t end = sql.find("*/", i + 2);
      i = end == std::string::npos ? sql.size() : end + 2;
    } else {
      break;
    }
  }
  std::string word;
  while (i < sql.size() && (std::isalpha(static_cast<unsigned char>(sql[i])) || sql[i] == '_'))
    word += static_cast<char>(std::toupper(static_cast<unsigned char>(sql[i++])));
  return word;
}

std::string query_refusal(const SqlPolicy& policy, const std::string& sql, bool statement_read_only) {
  if (!policy.refusal.empty()) return "refused: " + policy.refusal;
  const std::string keyword = leading_keyword(sql);
  const std::string what = keyword.empty() ? "this statement" : keyword;
  if (policy.first_action != SQLITE_SELECT)
    return "refused: " + what + " is not allowed: evaluated SQL may only read (SELECT)";
  if (!statement_read_only) return "refused: " + what + " may write: evaluated SQL may only read (SELECT)";
  return "";
}

Status harden_connection(sqlite3* db, SqlPolicy* policy) {
  struct Setting {
    int option;
    int value;
    const char* name;
  };
  const Setting settings[] = {
      {SQLITE_DBCONFIG_DEFENSIVE, 1, "defensive mode"},
      {SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, "untrusted schema"},
      {SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER, 0, "no fts3_tokenizer pointers"},
      {SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, "no extension loading"},
      {SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, "no triggers"},
  };
  for (const auto& s : settings) {
    int now = -1;
    if (sqlite3_db_config(db, s.option, s.value, &now) != SQLITE_OK || now != s.value)
      return Error{std::string("SQLite refused a sandbox setting (") + s.name + ")"};
  }
  sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0);
  // Corrupt b-tree cells are caught before they are used (security.html, "untrusted database files").
  if (sqlite3_exec(db, "PRAGMA cell_size_check = ON", nullptr, nullptr, nullptr) != SQLITE_OK)
    return Error{"SQLite refused PRAGMA cell_size_check"};
  if (sqlite3_set_authorizer(db, authorize, policy) != SQLITE_OK) return Error{"SQLite refused the authorizer"};
  return ok_status();
}

}  // namespace chokepoint
