// One SQLite connection, RAII and move-only. Every connection is opened in the sandbox of sql_policy.h: text from
// outside (query, prepare_query, the prepare checks) may only read, whatever connection it runs on, and only text
// the program printed itself (exec_script, inspect, prepare_own) may write. Files under evaluation open read-only
// and immutable, so nothing a query does can change them or create a file beside them. Queries run within limits
// they cannot talk their way past (decisions.md §10): a wall-clock limit enforced by the progress handler (a
// cartesian product stops instead of hanging the page or the CLI), a maximum value length enforced by SQLite itself
// (SQLITE_LIMIT_LENGTH: printf('%.*c', 900000000, 'x') fails at once instead of allocating 900 MB), and caps on the
// rows and bytes kept, reported as truncation with the cap that was hit.
#pragma once
#include <memory>
#include <string>

#include "core/base/result.h"
#include "core/db/sql_policy.h"
#include "core/db/value.h"

struct sqlite3;
struct sqlite3_stmt;

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

// A prepared statement, finalized when it goes. Comes from Connection::prepare_query or prepare_own.
class Statement {
 public:
  Statement() = default;
  explicit Statement(sqlite3_stmt* st) : st_(st) {}
  Statement(Statement&& o) noexcept : st_(o.st_) { o.st_ = nullptr; }
  Statement& operator=(Statement&& o) noexcept;
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  ~Statement();
  sqlite3_stmt* get() const { return st_; }

 private:
  sqlite3_stmt* st_ = nullptr;
};

// Whether a read-only file may change while it is open. A database under evaluation may not: it opens with
// immutable=1, so SQLite takes no locks, reads no journal and never creates a file beside it. A store another
// process may be writing (the run store) opens with MayChange.
enum class FileChanges { Never, MayChange };

// The file: URI SQLite opens for `path` (https://www.sqlite.org/uri.html): every byte outside [A-Za-z0-9/._~-]
// percent-encoded, so '?', '#' and '%' in a name are part of the name and a path that itself reads
// "file:x?mode=rwc" is only a path. `query` is the URI's parameters ("mode=ro&immutable=1").
std::string sqlite_file_uri(const std::string& path, const std::string& query);

class Connection {
 public:
  static Result<Connection> open_read_only(const std::string& path, FileChanges changes = FileChanges::Never);
  static Result<Connection> open_read_write(const std::string& path);  // creates the file if missing
  static Result<Connection> open_memory();
  // A read-only database held in memory from `bytes` (an upload, an archive's entry): nothing on disk is read or
  // written. `name` is how messages call it.
  static Result<Connection> open_image(const std::string& bytes, const std::string& name);

  Connection(Connection&& other) noexcept;
  Connection& operator=(Connection&& other) noexcept;
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;
  ~Connection();

  // Runs one statement of untrusted text and collects its rows within the limits. Only a read runs (a refused
  // statement is an Error whose message starts "refused: " and says what was refused). Only the first statement of
  // `sql` runs; trailing text other than whitespace, comments and semicolons is an error, so "SELECT 1; DROP ..."
  // cannot sneak by.
  QueryOutcome query(const std::string& sql, const QueryLimits& limits = {}) const;
  // Runs one read the program printed itself that untrusted text may not run: the schema PRAGMAs (table_info,
  // foreign_key_list, index_list, ...). SQLite does not mark every PRAGMA read-only, so nothing here checks that
  // it reads: never pass it text from an input.
  QueryOutcome inspect(const std::string& sql, const QueryLimits& limits = {}) const;
  // Prepares without stepping: syntax and name errors and sandbox refusals surface here.
  Status prepare_check(const std::string& sql) const;  // the first statement of sql
  // The whole text as one statement: a second statement after the first is refused, as Python's sqlite3 refuses it
  // ("You can only execute one statement at a time"), which BIRD's and Spider's evaluators use.
  Status prepare_check_single(const std::string& sql) const;
  // The first statement of untrusted text, prepared under the sandbox's read-only rule, for a caller that steps it
  // itself (query timing).
  Result<Statement> prepare_query(const std::string& sql) const;
  // Runs a whole script (DDL/DML) the program printed itself on a writable connection. Never pass it text from an
  // input: schemas are printed by schema_ddl.h, values quoted by sql_quote.h.
  Status exec_script(const std::string& sql) const;
  // A statement the program printed itself (an INSERT with parameters), to bind and step. Steps must happen before
  // the statement is re-prepared under another trust, so keep it no longer than the loop that uses it.
  Result<Statement> prepare_own(const std::string& sql) const;

  // A function the program registered on this connection itself (sqlite3_create_function), which untrusted text
  // may then call like the built-in ones of allowed_functions().
  void allow_function(const std::string& name) const;

  sqlite3* handle() const { return db_; }
  const std::string& path() const { return path_; }

 private:
  Connection(sqlite3* db, std::string path, std::unique_ptr<SqlPolicy> policy)
      : db_(db), path_(std::move(path)), policy_(std::move(policy)) {}
  friend Result<Connection> open_connection(const std::string&, const std::string&, int, bool, const std::string*);
  QueryOutcome run(const std::string& sql, const QueryLimits& limits, SqlTrust trust) const;
  Result<Statement> prepare(const std::string& sql, SqlTrust trust, const char** tail) const;
  sqlite3* db_ = nullptr;
  std::string path_;
  std::unique_ptr<SqlPolicy> policy_;  // read by the authorizer; on the heap so moves keep its address
};

}  // namespace chokepoint
