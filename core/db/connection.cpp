// SQLite connection wrapper: opening modes, bounded query execution, script execution.
#include "core/db/connection.h"
#include "core/base/text.h"
#include "core/db/bounded_printf.h"

#include <sqlite3.h>

#include <cctype>
#include <chrono>
#include <cstring>
#include <fstream>

namespace chokepoint {
namespace {

using Clock = std::chrono::steady_clock;

struct Deadline {
  Clock::time_point end;
  bool hit = false;
};

// Called every N virtual-machine steps; a non-zero return interrupts the statement with SQLITE_INTERRUPT.
int progress_check(void* p) {
  auto* d = static_cast<Deadline*>(p);
  if (Clock::now() >= d->end) {
    d->hit = true;
    return 1;
  }
  return 0;
}

// SQLite counts every allocation under one global mutex unless memory statistics are off; with --jobs N threads
// each on its own connection that mutex was the main contention (a tenth of the run). Nothing here reads the
// statistics (sqlite3_memory_used, heap limits), so they are switched off once, before SQLite initialises.
void configure_sqlite_once() {
  static const bool configured = [] {
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);  // refused (harmlessly) if SQLite is already initialised
    return true;
  }();
  (void)configured;
}

// Restores the policy's trust when a call that changed it returns, however it returns.
class TrustScope {
 public:
  TrustScope(SqlPolicy* policy, SqlTrust trust) : policy_(policy), saved_(policy->trust) { policy->trust = trust; }
  ~TrustScope() { policy_->trust = saved_; }
  TrustScope(const TrustScope&) = delete;
  TrustScope& operator=(const TrustScope&) = delete;

 private:
  SqlPolicy* policy_;
  SqlTrust saved_;
};

bool file_exists(const std::string& path) { return std::ifstream(path).good(); }

bool only_trailing_noise(const char* tail) {
  // Whitespace, semicolons and comments may follow the statement; anything else is a second statement.
  const char* p = tail;
  while (p && *p) {
    if (std::isspace(static_cast<unsigned char>(*p)) || *p == ';') {
      ++p;
      continue;
    }
    if (p[0] == '-' && p[1] == '-') {
      while (*p && *p != '\n') ++p;
      continue;
    }
    if (p[0] == '/' && p[1] == '*') {
      const char* e = std::strstr(p + 2, "*/");
      if (!e) return true;  // an unterminated comment at the end is still only a comment
      p = e + 2;
      continue;
    }
    return false;
  }
  return true;
}

Value read_value(sqlite3_stmt* st, int i) {
  switch (sqlite3_column_type(st, i)) {
    case SQLITE_INTEGER:
      return Value::of_int(sqlite3_column_int64(st, i));
    case SQLITE_FLOAT:
      return Value::of_real(sqlite3_column_double(st, i));
    case SQLITE_TEXT: {
      const auto* t = reinterpret_cast<const char*>(sqlite3_column_text(st, i));
      return Value::of_text(std::string(t, static_cast<size_t>(sqlite3_column_bytes(st, i))));
    }
    case SQLITE_BLOB: {
      const auto* b = static_cast<const char*>(sqlite3_column_blob(st, i));
      return Value::of_blob(b ? std::string(b, static_cast<size_t>(sqlite3_column_bytes(st, i))) : std::string());
    }
    default:
      return Value::null();
  }
}

// The stored size of the row under the cursor, before reading it (see stored_bytes in value.h).
size_t row_bytes_at(sqlite3_stmt* st, int ncol) {
  size_t n = sizeof(Row) + static_cast<size_t>(ncol) * sizeof(Value);
  for (int i = 0; i < ncol; ++i) {
    const int t = sqlite3_column_type(st, i);
    if (t != SQLITE_TEXT && t != SQLITE_BLOB) continue;
    const size_t b = static_cast<size_t>(sqlite3_column_bytes(st, i));
    if (b > 15) n += b;
  }
  return n;
}

// Sets SQLITE_LIMIT_LENGTH for one query and puts the connection's own limit back afterwards.
class LengthLimit {
 public:
  LengthLimit(sqlite3* db, size_t max_bytes) : db_(db) {
    if (max_bytes == 0) return;
    const int v = max_bytes > 1000000000u ? 1000000000 : static_cast<int>(max_bytes);
    previous_ = sqlite3_limit(db_, SQLITE_LIMIT_LENGTH, v);
  }
  ~LengthLimit() {
    if (previous_ >= 0) sqlite3_limit(db_, SQLITE_LIMIT_LENGTH, previous_);
  }
  LengthLimit(const LengthLimit&) = delete;
  LengthLimit& operator=(const LengthLimit&) = delete;

 private:
  sqlite3* db_;
  int previous_ = -1;
};

}  // namespace

const char* query_status_name(QueryStatus s) {
  switch (s) {
    case QueryStatus::Ok:
      return "ok";
    case QueryStatus::Error:
      return "error";
    case QueryStatus::Timeout:
      return "timeout";
  }
  return "";
}

std::string size_label(size_t bytes) {
  if (bytes >= (1u << 20) && bytes % (1u << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  if (bytes >= (1u << 10) && bytes % (1u << 10) == 0) return std::to_string(bytes >> 10) + " KiB";
  return std::to_string(bytes) + " bytes";
}

Statement& Statement::operator=(Statement&& o) noexcept {
  if (this != &o) {
    sqlite3_finalize(st_);
    st_ = o.st_;
    o.st_ = nullptr;
  }
  return *this;
}
Statement::~Statement() { sqlite3_finalize(st_); }

std::string sqlite_file_uri(const std::string& path, const std::string& query) {
  static const char* hex = "0123456789ABCDEF";
  std::string uri = "file:";
  for (size_t i = 0; i < path.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(path[i]);
    // A second leading slash would start an authority ("file://host/..."): encode it.
    const bool authority = i == 1 && path[0] == '/' && c == '/';
    if (!authority && (std::isalnum(c) || c == '/' || c == '.' || c == '_' || c == '~' || c == '-')) {
      uri += static_cast<char>(c);
    } else {
      uri += '%';
      uri += hex[c >> 4];
      uri += hex[c & 15];
    }
  }
  return query.empty() ? uri : uri + "?" + query;
}

// Opens `target` (a file: URI, "" for a private temporary file, or ":memory:") and puts it in the sandbox; `shown`
// is how messages name it.
Result<Connection> open_connection(const std::string& target, const std::string& shown, int flags, bool read_only,
                                   const std::string* image) {
  configure_sqlite_once();
  sqlite3* db = nullptr;
  int rc = sqlite3_open_v2(target.c_str(), &db, flags, nullptr);
  if (rc != SQLITE_OK) {
    std::string msg = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    sqlite3_close(db);
    return Error{"cannot open database '" + shown + "': " + msg};
  }
  sqlite3_extended_result_codes(db, 1);
  if (image) {
    // sqlite3_deserialize attaches the image itself (an ATTACH the sandbox would refuse), so it comes first.
    auto* copy = static_cast<unsigned char*>(sqlite3_malloc64(image->size()));
    if (!copy) {
      sqlite3_close(db);
      return Error{"'" + shown + "' is too big to open in memory"};
    }
    std::memcpy(copy, image->data(), image->size());
    const auto size = static_cast<sqlite3_int64>(image->size());
    // SQLite frees the copy when the connection closes, or at once if it refuses it.
    rc =
        sqlite3_deserialize(db, "main", copy, size, size, SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY);
    if (rc != SQLITE_OK) {
      sqlite3_close(db);
      return Error{"'" + shown + "' cannot be opened: " + sqlite3_errstr(rc)};
    }
  }
  if (read_only) sqlite3_exec(db, "PRAGMA query_only=1", nullptr, nullptr, nullptr);
  auto policy = std::make_unique<SqlPolicy>();
  if (auto hardened = harden_connection(db, policy.get()); !hardened.ok()) {
    sqlite3_close(db);
    return Error{"cannot open database '" + shown + "': " + hardened.error()};
  }
  // Touch the schema now so a non-SQLite or corrupt file fails at open time with a clear message.
  char* err = nullptr;
  rc = sqlite3_exec(db, "SELECT count(*) FROM sqlite_schema", nullptr, nullptr, &err);
  if (rc != SQLITE_OK) {
    std::string msg = err ? err : sqlite3_errstr(rc);
    sqlite3_free(err);
    sqlite3_close(db);
    return Error{"'" + shown + "' is not a readable SQLite database: " + msg};
  }
  install_bounded_printf(db);
  return Result<Connection>(Connection(db, shown, std::move(policy)));
}

Result<Connection> Connection::open_read_only(const std::string& path, FileChanges changes) {
  if (changes == FileChanges::Never && file_exists(path + "-wal"))
    return Error{"'" + path + "' has a write-ahead log beside it (" + path +
                 "-wal), so the file alone is not the database; open it once with sqlite3 (or run "
                 "PRAGMA wal_checkpoint(TRUNCATE)) to fold the log in, then try again"};
  const std::string uri = sqlite_file_uri(path, changes == FileChanges::Never ? "mode=ro&immutable=1" : "mode=ro");
  return open_connection(uri, path, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, true, nullptr);
}
Result<Connection> Connection::open_read_write(const std::string& path) {
  // "" is SQLite's private temporary database, which a URI cannot name.
  const std::string target = path.empty() ? path : sqlite_file_uri(path, "mode=rwc");
  return open_connection(target, path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_URI, false, nullptr);
}
Result<Connection> Connection::open_memory() {
  return open_connection(":memory:", ":memory:", SQLITE_OPEN_READWRITE | SQLITE_OPEN_MEMORY, false, nullptr);
}

Result<Connection> Connection::open_image(const std::string& bytes, const std::string& name) {
  if (bytes.empty()) return Error{"'" + name + "' is empty, not a SQLite database"};
  return open_connection(":memory:", name, SQLITE_OPEN_READWRITE | SQLITE_OPEN_MEMORY, true, &bytes);
}

Connection::Connection(Connection&& o) noexcept : db_(o.db_), path_(std::move(o.path_)), policy_(std::move(o.policy_)) {
  o.db_ = nullptr;
}
Connection& Connection::operator=(Connection&& o) noexcept {
  if (this != &o) {
    if (db_) sqlite3_close_v2(db_);
    db_ = o.db_;
    path_ = std::move(o.path_);
    policy_ = std::move(o.policy_);
    o.db_ = nullptr;
  }
  return *this;
}
Connection::~Connection() {
  if (db_) sqlite3_close_v2(db_);
}

Result<Statement> Connection::prepare(const std::string& sql, SqlTrust trust, const char** tail) const {
  TrustScope scope(policy_.get(), trust);
  policy_->first_action = -1;
  policy_->refusal.clear();
  sqlite3_stmt* raw = nullptr;
  const int rc = sqlite3_prepare_v2(db_, sql.c_str(), static_cast<int>(sql.size()), &raw, tail);
  Statement st(raw);
  if (rc != SQLITE_OK) {
    if (!policy_->refusal.empty()) return Error{"refused: " + policy_->refusal};
    std::string msg = sqlite3_errmsg(db_);
    return Error{msg};
  }
  if (!raw) return Error{"empty statement"};
  if (trust == SqlTrust::Query) {
    std::string why = query_refusal(*policy_, sql, sqlite3_stmt_readonly(raw) != 0);
    if (!why.empty()) return Error{why};
  }
  return st;
}

void Connection::allow_function(const std::string& name) const {
  policy_->registered_functions.insert(to_lower_ascii(name));
}

Result<Statement> Connection::prepare_query(const std::string& sql) const {
  return prepare(sql, SqlTrust::Query, nullptr);
}
Result<Statement> Connection::prepare_own(const std::string& sql) const { return prepare(sql, SqlTrust::Own, nullptr); }

QueryOutcome Connection::query(const std::string& sql, const QueryLimits& limits) const {
  return run(sql, limits, SqlTrust::Query);
}
QueryOutcome Connection::inspect(const std::string& sql, const QueryLimits& limits) const {
  return run(sql, limits, SqlTrust::Own);
}

QueryOutcome Connection::run(const std::string& sql, const QueryLimits& limits, SqlTrust trust) const {
  TrustScope scope(policy_.get(), trust);  // a re-prepare while stepping is judged as the first prepare was
  QueryOutcome out;
  auto start = Clock::now();
  Deadline deadline{start + std::chrono::milliseconds(limits.timeout_ms > 0 ? limits.timeout_ms : 0)};
  if (limits.timeout_ms > 0) sqlite3_progress_handler(db_, 1000, progress_check, &deadline);
  auto finish = [&](QueryStatus s, std::string msg) {
    if (limits.timeout_ms > 0) sqlite3_progress_handler(db_, 0, nullptr, nullptr);
    out.status = s;
    out.message = std::move(msg);
    out.elapsed_ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    return std::move(out);  // out is captured by reference: without the move every result would be copied
  };

  LengthLimit length_limit(db_, limits.max_value_bytes);
  const char* tail = nullptr;
  auto prepared = prepare(sql, trust, &tail);
  if (!prepared.ok()) {
    if (deadline.hit) return finish(QueryStatus::Timeout, "query exceeded the time limit");
    std::string msg = prepared.error();
    if ((sqlite3_extended_errcode(db_) & 0xff) == SQLITE_TOOBIG && limits.max_value_bytes > 0)
      msg += " (a value or the statement may be at most " + size_label(limits.max_value_bytes) + ")";
    return finish(QueryStatus::Error, msg);
  }
  sqlite3_stmt* st = prepared->get();
  if (!only_trailing_noise(tail)) return finish(QueryStatus::Error, "only one statement may be run at a time");
  int ncol = sqlite3_column_count(st);
  for (int i = 0; i < ncol; ++i) {
    const char* n = sqlite3_column_name(st, i);
    const char* t = sqlite3_column_decltype(st, i);
    out.result.column_names.push_back(n ? n : "");
    out.result.declared_types.push_back(t ? t : "");
  }
  size_t kept_bytes = 0;
  while (true) {
    const int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
      if (out.result.rows.size() >= limits.max_rows) {
        out.result.truncated = true;
        out.result.truncation = "row cap of " + std::to_string(limits.max_rows) + " rows";
        break;
      }
      const size_t row_bytes = row_bytes_at(st, ncol);
      if (limits.max_result_bytes > 0 && kept_bytes + row_bytes > limits.max_result_bytes) {
        out.result.truncated = true;
        out.result.truncation = "size cap of " + size_label(limits.max_result_bytes);
        break;
      }
      kept_bytes += row_bytes;
      Row row;
      row.reserve(static_cast<size_t>(ncol));
      for (int i = 0; i < ncol; ++i) row.push_back(read_value(st, i));
      out.result.rows.push_back(std::move(row));
      continue;
    }
    if (rc == SQLITE_DONE) break;
    std::string msg = deadline.hit ? "query exceeded the time limit of " + std::to_string(limits.timeout_ms) + " ms"
                      : !policy_->refusal.empty() ? "refused: " + policy_->refusal
                                                  : std::string(sqlite3_errmsg(db_));
    if (!deadline.hit && (rc & 0xff) == SQLITE_TOOBIG && limits.max_value_bytes > 0)
      msg += " (a value may be at most " + size_label(limits.max_value_bytes) + ")";
    out.result.rows.clear();
    return finish(deadline.hit ? QueryStatus::Timeout : QueryStatus::Error, msg);
  }
  return finish(QueryStatus::Ok, "");
}

Status Connection::prepare_check(const std::string& sql) const {
  auto st = prepare(sql, SqlTrust::Query, nullptr);
  if (!st.ok()) return Error{st.error()};
  return ok_status();
}

Status Connection::prepare_check_single(const std::string& sql) const {
  const char* tail = nullptr;
  auto first = prepare(sql, SqlTrust::Query, &tail);
  if (!first.ok()) return Error{first.error()};
  // The rest may hold only semicolons, white space and comments: preparing it gives no statement.
  TrustScope scope(policy_.get(), SqlTrust::Query);
  while (tail && *tail) {
    sqlite3_stmt* next = nullptr;
    const char* after = nullptr;
    if (sqlite3_prepare_v2(db_, tail, -1, &next, &after) != SQLITE_OK) return Error{sqlite3_errmsg(db_)};
    const bool statement = next != nullptr;
    sqlite3_finalize(next);
    if (statement) return Error{"more than one statement"};
    if (after == tail) break;
    tail = after;
  }
  return ok_status();
}

Status Connection::exec_script(const std::string& sql) const {
  TrustScope scope(policy_.get(), SqlTrust::Own);
  policy_->refusal.clear();
  char* err = nullptr;
  int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err);
  if (rc != SQLITE_OK) {
    std::string msg = !policy_->refusal.empty() ? "refused: " + policy_->refusal : err ? err : sqlite3_errstr(rc);
    sqlite3_free(err);
    return Error{msg};
  }
  return ok_status();
}

}  // namespace chokepoint
