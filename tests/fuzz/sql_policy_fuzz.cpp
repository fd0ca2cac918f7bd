// libFuzzer target for the sandbox (core/db/sql_policy.h): any text runs as evaluated SQL on a read-only database
// file in a folder of its own. Aborts when a statement leaves a file in that folder, changes the database's bytes,
// attaches a database, opens a transaction, creates a temporary object or turns query_only off: the promises the
// sandbox makes to a user evaluating a hostile prediction file. Seeds: tests/hostile/hostile_sql.txt, a line a file.
#include <dirent.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "core/db/connection.h"

namespace {

using chokepoint::Connection;

struct Fixture {
  std::string dir, path, bytes;
  Connection db = Connection::open_memory().value();
  size_t runs = 0;

  Fixture() {
    char tmpl[] = "/tmp/chokepoint_policy_fuzz_XXXXXX";
    dir = mkdtemp(tmpl);
    path = dir + "/evaluated.sqlite";
    sqlite3* raw = nullptr;
    sqlite3_open(path.c_str(), &raw);
    sqlite3_exec(raw,
                 "CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT); INSERT INTO t VALUES (1, 'x'), (2, 'y');"
                 "CREATE VIEW v AS SELECT a FROM t;",
                 nullptr, nullptr, nullptr);
    sqlite3_close(raw);
    bytes = read();
    db = Connection::open_read_only(path).value();
  }
  std::string read() const {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }
  size_t files() const {
    size_t n = 0;
    if (DIR* d = opendir(dir.c_str())) {
      while (dirent* e = readdir(d)) n += e->d_name[0] != '.';
      closedir(d);
    }
    return n;
  }
};

void fail(const char* what, const std::string& sql) {
  std::fprintf(stderr, "sandbox broken: %s after: %s\n", what, sql.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static Fixture f;
  const std::string sql(reinterpret_cast<const char*>(data), size);
  chokepoint::QueryLimits limits;
  limits.timeout_ms = 200;
  limits.max_rows = 1000;
  limits.max_value_bytes = 1 << 20;
  limits.max_result_bytes = 4 << 20;
  (void)f.db.query(sql, limits);
  (void)f.db.prepare_check_single(sql);
  // The cheap checks every run, the file's bytes every 64th.
  if (f.files() != 1) fail("a file appeared", sql);
  if (!sqlite3_get_autocommit(f.db.handle())) fail("a transaction is open", sql);
  if (sqlite3_total_changes(f.db.handle()) != 0) fail("a row changed", sql);
  // main, and temp once anything (this check's own sqlite_temp_schema query below) has touched it; nothing else.
  const auto attached = f.db.inspect("SELECT count(*) FROM pragma_database_list WHERE name NOT IN ('main', 'temp')");
  if (!attached.ok() || attached.result.rows.at(0).at(0).integer != 0) fail("a database is attached", sql);
  const auto temp = f.db.query("SELECT count(*) FROM sqlite_temp_schema");
  if (!temp.ok() || temp.result.rows.at(0).at(0).integer != 0) fail("a temporary object exists", sql);
  const auto guard = f.db.inspect("PRAGMA query_only");
  if (!guard.ok() || guard.result.rows.at(0).at(0).integer != 1) fail("query_only is off", sql);
  if (++f.runs % 64 == 0 && f.read() != f.bytes) fail("the database's bytes changed", sql);
  return 0;
}
