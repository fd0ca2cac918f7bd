// One SQLite connection, RAII and move-only. Evaluation queries run read-only (SQLITE_OPEN_READONLY plus
// PRAGMA query_only) within limits a query cannot talk its way past (decisions.md §10): a wall-clock limit enforced
// by the progress handler (a cartesian product stops instead of hanging the page or the CLI), a maximum value length
// enforced by SQLite itself (SQLITE_LIMIT_LENGTH: printf('%.*c', 900000000, 'x') fails at once instead of
// allocating 900 MB), and caps on the rows and bytes kept, reported as truncation with the cap that was hit.
#pragma once
#include <string>

#include "core/base/result.h"
#include "core/db/value.h"

struct sqlite3;

namespace chokepoint {

struct QueryLimits {
  int timeout_ms = 5000;                // <= 0: no limit
  size_t max_rows = 100000;             // rows kept; reading stops after this and sets ResultSet::truncated
  size_t max_value_bytes = 16u << 20;   // longest string or blob a query may make; 0: SQLite's own (1e9)
  size_t max_result_bytes = 64u << 20;  // result_bytes() kept; reading stops before the row that would pass it
};

// "16 MiB", "1000 bytes": how limits are named in messages.
std::string size_label(size_t bytes);

enum class QueryStatus { Ok, Error, Timeout };
const char* query_status_name(QueryStatus s);  // "ok", "error", "timeout" (stable: reports and CSV use it)

struct QueryOutcome {
  QueryStatus status = QueryStatus::Ok;
  std::string message;  // SQLite's message on Error, a sentence on Timeout
  ResultSet result;     // valid when status == Ok
  double elapsed_ms = 0;
  bool ok() const { return status == QueryStatus::Ok; }
};

class Connection {
 public:
  static Result<Connection> open_read_only(const std::string& path);
  static Result<Connection> open_read_write(const std::string& path);  // creates the file if missing
  static Result<Connection> open_memory();

  Connection(Connection&& other) noexcept;
  Connection& operator=(Connection&& other) noexcept;
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;
  ~Connection();

  // Runs one statement and collects its rows within the limits. Only the first statement of `sql` runs;
  // trailing text other than whitespace, comments and semicolons is an error, so "SELECT 1; DROP ..." cannot sneak by.
  QueryOutcome query(const std::string& sql, const QueryLimits& limits = {}) const;
  // Prepares without stepping: syntax and name errors surface here.
  Status prepare_check(const std::string& sql) const;  // the first statement of sql
  // The whole text as one statement: a second statement after the first is refused, as Python's sqlite3 refuses it
  // ("You can only execute one statement at a time"), which BIRD's and Spider's evaluators use.
  Status prepare_check_single(const std::string& sql) const;
  // Runs a whole script (DDL/DML) on a writable connection.
  Status exec_script(const std::string& sql) const;

  sqlite3* handle() const { return db_; }
  static Connection adopt(sqlite3* db, std::string path);  // takes ownership
  const std::string& path() const { return path_; }

 private:
  Connection(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {}
  sqlite3* db_ = nullptr;
  std::string path_;
};

}  // namespace chokepoint
