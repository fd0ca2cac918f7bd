// The sandbox every evaluated query runs in (core/db/sql_policy.h), attacked as a prediction file would attack it:
// the hostile corpus (tests/hostile/hostile_sql.txt) run item after item on one connection must leave no file
// behind, read no other database, keep the evaluated file byte for byte, keep the connection as it was, and say
// for each item why it was refused. Set-up writes its databases with the raw SQLite API, outside the sandbox.
#include "core/db/connection.h"
#include "core/db/sql_policy.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <dirent.h>
#include <sys/stat.h>

#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace chokepoint {
namespace {

std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

bool exists(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0;
}

std::set<std::string> files_in(const std::string& dir) {
  std::set<std::string> out;
  if (DIR* d = opendir(dir.c_str())) {
    while (dirent* e = readdir(d)) {
      const std::string n = e->d_name;
      if (n != "." && n != "..") out.insert(n);
    }
    closedir(d);
  }
  return out;
}

// Writes a database with the raw API (no sandbox): `script` runs as is.
void write_database(const std::string& path, const std::string& script) {
  std::remove(path.c_str());
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  char* err = nullptr;
  const int rc = sqlite3_exec(db, script.c_str(), nullptr, nullptr, &err);
  EXPECT_EQ(rc, SQLITE_OK) << (err ? err : "");
  sqlite3_free(err);
  sqlite3_close(db);
}

constexpr const char* kEvaluated =
    "CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT); INSERT INTO t VALUES (1, 'x'), (2, 'y');"
    "CREATE VIEW v AS SELECT a FROM t; CREATE INDEX tb ON t(b);"
    "CREATE TRIGGER tr AFTER UPDATE ON t BEGIN DELETE FROM t; END;";
constexpr const char* kOther = "CREATE TABLE secrets(s TEXT); INSERT INTO secrets VALUES ('the other file');";

struct Corpus {
  std::vector<std::string> lines;
};

Corpus hostile_corpus(const std::string& target, const std::string& target_dir, const std::string& other) {
  std::ifstream in(CHOKEPOINT_SOURCE_DIR "/tests/hostile/hostile_sql.txt");
  EXPECT_TRUE(in.good()) << "tests/hostile/hostile_sql.txt is missing";
  Corpus c;
  std::string line;
  auto replace_all = [](std::string s, const std::string& from, const std::string& to) {
    for (size_t p = s.find(from); p != std::string::npos; p = s.find(from, p + to.size()))
      s.replace(p, from.size(), to);
    return s;
  };
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    line = replace_all(line, "@TARGET_DIR@", target_dir);
    line = replace_all(line, "@TARGET@", target);
    line = replace_all(line, "@OTHER@", other);
    c.lines.push_back(line);
  }
  return c;
}

// Whether SQLite itself, without the sandbox, would prepare `sql` on a copy of the evaluated database: such a line
// must be refused by the sandbox ("refused: ..."), not merely fail. A PRAGMA is never prepared here: SQLite runs
// many of them while preparing (PRAGMA hard_heap_limit = 1 would cap this very process), and it prepares every
// PRAGMA, even an unknown one.
bool sqlite_would_prepare(const std::string& path, const std::string& sql) {
  if (leading_keyword(sql) == "PRAGMA") return true;
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    sqlite3_close(db);
    return false;
  }
  sqlite3_stmt* st = nullptr;
  const int rc = sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr);
  sqlite3_finalize(st);
  sqlite3_close(db);
  return rc == SQLITE_OK && st != nullptr;
}

class Sandbox : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ =
        ::testing::TempDir() + "/chokepoint_sandbox_" + ::testing::UnitTest::GetInstance()->current_test_info()->name();
    mkdir(dir_.c_str(), 0700);
    for (const auto& f : files_in(dir_)) std::remove((dir_ + "/" + f).c_str());
    evaluated_ = dir_ + "/evaluated.sqlite";
    other_ = dir_ + "/other.sqlite";
    target_ = dir_ + "/authorized_keys";
    write_database(evaluated_, kEvaluated);
    write_database(other_, kOther);
    before_ = file_bytes(evaluated_);
    other_before_ = file_bytes(other_);
  }
  void TearDown() override {
    for (const auto& f : files_in(dir_)) std::remove((dir_ + "/" + f).c_str());
    rmdir(dir_.c_str());
  }

  // Runs every corpus line on `db`, as the items of one run, and checks each is refused and nothing happened.
  // `read_only`: the connection was opened read-only (a file or an image), so PRAGMA query_only must still be on.
  void attack(const Connection& db, bool read_only = true) {
    const int changes_before = sqlite3_total_changes(db.handle());
    const Corpus corpus = hostile_corpus(target_, dir_, other_);
    ASSERT_GT(corpus.lines.size(), 250u);
    size_t refused = 0;
    for (const auto& sql : corpus.lines) {
      const QueryOutcome out = db.query(sql);
      EXPECT_EQ(out.status, QueryStatus::Error) << sql;
      EXPECT_FALSE(out.message.empty()) << sql;
      EXPECT_FALSE(db.prepare_check_single(sql).ok()) << sql;
      // "SELECT 1; DROP TABLE t": the first statement is a read, the second is refused as a second statement.
      if (sql.rfind("SELECT 1; ", 0) == 0) {
        EXPECT_EQ(out.message, "only one statement may be run at a time");
      } else {
        EXPECT_FALSE(db.prepare_check(sql).ok()) << sql;
        EXPECT_FALSE(db.prepare_query(sql).ok()) << sql;
        if (sqlite_would_prepare(evaluated_, sql)) {
          EXPECT_EQ(out.message.rfind("refused: ", 0), 0u) << sql << " -> " << out.message;
          ++refused;
        }
      }
      EXPECT_FALSE(exists(target_)) << "after " << sql;
    }
    EXPECT_GT(refused, 200u);  // the rest SQLite itself cannot prepare (no such table or function)
    // The connection is as it was: still read-only, still one database, no temporary objects, nothing changed.
    if (read_only) {
      EXPECT_EQ(db.inspect("PRAGMA query_only").result.rows.at(0).at(0).integer, 1);
    }
    EXPECT_EQ(db.inspect("PRAGMA database_list").result.rows.size(), 1u);
    EXPECT_EQ(db.query("SELECT count(*) FROM sqlite_temp_schema").result.rows.at(0).at(0).integer, 0);
    EXPECT_EQ(sqlite3_total_changes(db.handle()), changes_before);
    EXPECT_TRUE(sqlite3_get_autocommit(db.handle()));
    // Reading still works.
    const auto rows = db.query("SELECT b FROM t ORDER BY a");
    ASSERT_TRUE(rows.ok()) << rows.message;
    EXPECT_EQ(rows.result.rows.size(), 2u);
  }

  void expect_untouched() {
    EXPECT_FALSE(exists(target_));
    EXPECT_EQ(files_in(dir_), (std::set<std::string>{"evaluated.sqlite", "other.sqlite"}));
    EXPECT_EQ(file_bytes(evaluated_), before_);
    EXPECT_EQ(file_bytes(other_), other_before_);
  }

  std::string dir_, evaluated_, other_, target_, before_, other_before_;
};

// Natively SQLite has load_extension() and the authorizer refuses it; the wasm module is compiled without extension
// loading (SQLITE_OMIT_LOAD_EXTENSION), so there the name is unknown before the authorizer is asked.
#ifdef __EMSCRIPTEN__
constexpr const char* kNoLoadExtension = "no such function: load_extension";
#else
constexpr const char* kNoLoadExtension =
    "refused: function load_extension() is not on the list of functions evaluated SQL may call";
#endif

TEST_F(Sandbox, AFileUnderEvaluationRefusesTheWholeHostileCorpus) {
  {
    auto db = Connection::open_read_only(evaluated_);
    ASSERT_TRUE(db.ok()) << db.error();
    attack(*db);
  }
  expect_untouched();
}

TEST_F(Sandbox, AnInMemoryDatabaseBuiltByTheProgramRefusesItToo) {
  // The page's sample databases and tables.json schemas are built in memory by the program's own DDL; predictions
  // then run on them. They may not write there either.
  auto db = Connection::open_memory();
  ASSERT_TRUE(db.ok());
  ASSERT_TRUE(db->exec_script(kEvaluated).ok());
  attack(*db, false);
  expect_untouched();
}

TEST_F(Sandbox, AnImageInMemoryRefusesItToo) {
  auto db = Connection::open_image(before_, "upload.sqlite");
  ASSERT_TRUE(db.ok()) << db.error();
  attack(*db);
  expect_untouched();
}

TEST_F(Sandbox, TheAttackOfOneRunIsStoppedAtEveryStepWithItsReason) {
  auto db = Connection::open_read_only(evaluated_);
  ASSERT_TRUE(db.ok());
  const auto off = db->query("PRAGMA query_only=0");
  EXPECT_EQ(off.message, "refused: PRAGMA query_only = 0 is not allowed: evaluated SQL may only read (SELECT)");
  const auto attach = db->query("ATTACH 'file:mem1?mode=memory' AS mm");
  EXPECT_EQ(attach.message,
            "refused: ATTACH 'file:mem1?mode=memory' is not allowed: a query sees only its own database");
  const auto vacuum = db->query("VACUUM INTO '" + target_ + "'");
  EXPECT_EQ(vacuum.message, "refused: VACUUM is not allowed: evaluated SQL may only read (SELECT)");
  const auto other = db->query("ATTACH '" + other_ + "' AS o");
  EXPECT_NE(other.message.find("ATTACH"), std::string::npos);
  const auto load = db->query("SELECT load_extension('x')");
  EXPECT_EQ(load.message, kNoLoadExtension);
  db = Error{""};
  expect_untouched();
}

TEST_F(Sandbox, ThePointerTokenizerCannotBeInstalled) {
  // Debian's SQLite enables the two-argument fts3_tokenizer(); through it a query could make SQLite call any
  // address. Refused by the authorizer and switched off by SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER.
  auto db = Connection::open_read_only(evaluated_);
  ASSERT_TRUE(db.ok());
  EXPECT_FALSE(db->query("SELECT fts3_tokenizer('simple', x'4141414141414141')").ok());
  auto mem = Connection::open_memory();
  ASSERT_TRUE(mem.ok());
  // Not even the program's own scripts can use it.
  EXPECT_FALSE(mem->exec_script("SELECT fts3_tokenizer('simple', x'4141414141414141');").ok());
  EXPECT_FALSE(mem->exec_script("CREATE VIRTUAL TABLE f USING fts3(x, tokenize=simple); SELECT 1;").ok() &&
               mem->exec_script("SELECT fts3_tokenizer('simple', x'4141414141414141');").ok());
}

TEST_F(Sandbox, ReadsOfEveryKindStillRun) {
  auto db = Connection::open_read_only(evaluated_);
  ASSERT_TRUE(db.ok());
  for (const char* sql :
       {"SELECT * FROM t", "SELECT a FROM v",
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5) "
        "SELECT count(*) FROM n",
        "VALUES (1), (2)", "SELECT count(*), max(a), group_concat(b) FROM t",
        "SELECT a, row_number() OVER (ORDER BY b DESC) FROM t", "SELECT * FROM json_each('[1, 2]')",
        "SELECT '{\"k\": 3}' ->> '$.k'", "SELECT name FROM pragma_table_info('t')",
        "SELECT count(*) FROM pragma_foreign_key_check", "SELECT sqrt(16), round(2.5), iif(1, 'a', 'b')",
        "SELECT strftime('%Y', '2020-01-02'), CAST('3' AS INTEGER), printf('%5.2f', 3.14159)",
        "SELECT name FROM sqlite_schema ORDER BY name", "EXPLAIN QUERY PLAN SELECT * FROM t WHERE b = 'x'",
        "SELECT CURRENT_DATE IS NOT NULL", "SELECT * FROM t WHERE b LIKE 'x%' OR b GLOB 'y*'"}) {
    const auto out = db->query(sql);
    EXPECT_TRUE(out.ok()) << sql << ": " << out.message;
  }
  db = Error{""};
  expect_untouched();
}

TEST_F(Sandbox, TableValuedPragmasThatChangeTheConnectionAreRefused) {
  auto db = Connection::open_read_only(evaluated_);
  ASSERT_TRUE(db.ok());
  for (const char* sql : {"SELECT * FROM pragma_query_only(0)", "SELECT * FROM pragma_journal_mode('wal')",
                          "SELECT * FROM pragma_writable_schema(1)", "SELECT * FROM pragma_trusted_schema(1)"}) {
    const auto out = db->query(sql);
    EXPECT_EQ(out.status, QueryStatus::Error) << sql;
  }
  EXPECT_EQ(db->inspect("PRAGMA query_only").result.rows.at(0).at(0).integer, 1);
  EXPECT_EQ(db->inspect("PRAGMA trusted_schema").result.rows.at(0).at(0).integer, 0);
}

TEST_F(Sandbox, AStoredViewIsJudgedAsTheQueryThatReadsIt) {
  // A database from the internet may carry a view whose body calls what a query may not.
  write_database(dir_ + "/evaluated.sqlite",
                 std::string(kEvaluated) + "CREATE VIEW bad AS SELECT load_extension('" + target_ + "') AS x;");
  auto db = Connection::open_read_only(evaluated_);
  ASSERT_TRUE(db.ok()) << db.error();
  const auto out = db->query("SELECT * FROM bad");
  EXPECT_EQ(out.status, QueryStatus::Error);
  // TRUSTED_SCHEMA off stops it first ("unsafe use of load_extension()"); the authorizer would too. The wasm
  // module is built without extension loading, so there the function does not exist at all.
  EXPECT_NE(out.message.find("load_extension"), std::string::npos) << out.message;
  EXPECT_FALSE(exists(target_));
}

TEST_F(Sandbox, TheProgramsOwnScriptsCannotAttachOrLoadEither) {
  auto db = Connection::open_memory();
  ASSERT_TRUE(db.ok());
  EXPECT_TRUE(db->exec_script("CREATE TABLE x(a); INSERT INTO x VALUES (1); PRAGMA foreign_keys = ON;").ok());
  const auto attach = db->exec_script("ATTACH '" + target_ + "' AS y;");
  EXPECT_FALSE(attach.ok());
  EXPECT_NE(attach.error().find("ATTACH"), std::string::npos) << attach.error();
  EXPECT_FALSE(db->exec_script("VACUUM INTO '" + target_ + "';").ok());
  EXPECT_FALSE(db->exec_script("SELECT load_extension('x');").ok());
  EXPECT_FALSE(exists(target_));
}

TEST_F(Sandbox, OpeningReadOnlyLeavesNoJournalOrLockFileAndChangesNoByte) {
  {
    auto db = Connection::open_read_only(evaluated_);
    ASSERT_TRUE(db.ok());
    EXPECT_TRUE(db->query("SELECT * FROM t").ok());
    EXPECT_EQ(files_in(dir_), (std::set<std::string>{"evaluated.sqlite", "other.sqlite"}));
  }
  expect_untouched();
}

TEST_F(Sandbox, AWriteAheadLogBesideTheFileIsNamedNotIgnored) {
  std::ofstream(evaluated_ + "-wal") << "x";
  auto db = Connection::open_read_only(evaluated_);
  ASSERT_FALSE(db.ok());
  EXPECT_NE(db.error().find("write-ahead log"), std::string::npos) << db.error();
  std::remove((evaluated_ + "-wal").c_str());
}

TEST_F(Sandbox, APathIsOnlyEverAPath) {
  // A file whose name holds URI characters opens as that file; a "path" that reads as a URI asking to create a
  // file opens nothing and creates nothing.
  const std::string odd = dir_ + "/a?b#c%d.sqlite";
  write_database(odd, "CREATE TABLE z(q); INSERT INTO z VALUES (7);");
  auto db = Connection::open_read_only(odd);
  ASSERT_TRUE(db.ok()) << db.error();
  EXPECT_EQ(db->query("SELECT q FROM z").result.rows.at(0).at(0).integer, 7);
  std::remove(odd.c_str());
  EXPECT_FALSE(Connection::open_read_only("file:" + target_ + "?mode=rwc").ok());
  EXPECT_FALSE(exists(target_));
  EXPECT_EQ(sqlite_file_uri("/x/a b?c", "mode=ro"), "file:/x/a%20b%3Fc?mode=ro");
  EXPECT_EQ(sqlite_file_uri("//host/x", ""), "file:/%2Fhost/x");
}

TEST(SqlPolicy, DecisionsNameWhatWasRefused) {
  SqlPolicy query;
  EXPECT_EQ(decide_action(query, SQLITE_SELECT, nullptr, nullptr, nullptr, nullptr).code, SQLITE_OK);
  EXPECT_EQ(decide_action(query, SQLITE_READ, "t", "a", "main", nullptr).code, SQLITE_OK);
  const auto pragma = decide_action(query, SQLITE_PRAGMA, "query_only", "0", nullptr, nullptr);
  EXPECT_EQ(pragma.code, SQLITE_DENY);
  EXPECT_EQ(pragma.refusal, "PRAGMA query_only = 0 is not allowed: evaluated SQL may only read (SELECT)");
  EXPECT_EQ(decide_action(query, SQLITE_INSERT, "t", nullptr, "main", nullptr).refusal,
            "INSERT on t is not allowed: evaluated SQL may only read (SELECT)");
  EXPECT_EQ(decide_action(query, SQLITE_FUNCTION, nullptr, "LOWER", nullptr, nullptr).code, SQLITE_OK);
  EXPECT_EQ(decide_action(query, SQLITE_FUNCTION, nullptr, "load_extension", nullptr, nullptr).code, SQLITE_DENY);
  // An update of the schema table inside a SELECT is SQLite declaring a table-valued function's table.
  query.first_action = SQLITE_SELECT;
  EXPECT_EQ(decide_action(query, SQLITE_UPDATE, "sqlite_master", "sql", "main", nullptr).code, SQLITE_OK);
  EXPECT_EQ(decide_action(query, SQLITE_UPDATE, "t", "a", "main", nullptr).code, SQLITE_DENY);
  EXPECT_EQ(decide_action(query, SQLITE_PRAGMA, "table_info", "t", nullptr, nullptr).code, SQLITE_OK);
  EXPECT_EQ(decide_action(query, SQLITE_PRAGMA, "query_only", "0", nullptr, nullptr).code, SQLITE_DENY);
  SqlPolicy own;
  own.trust = SqlTrust::Own;
  EXPECT_EQ(decide_action(own, SQLITE_INSERT, "t", nullptr, "main", nullptr).code, SQLITE_OK);
  EXPECT_EQ(decide_action(own, SQLITE_PRAGMA, "foreign_keys", "OFF", nullptr, nullptr).code, SQLITE_OK);
  EXPECT_EQ(decide_action(own, SQLITE_ATTACH, "x", nullptr, nullptr, nullptr).code, SQLITE_DENY);
  EXPECT_EQ(decide_action(own, SQLITE_FUNCTION, nullptr, "sqlite_rename_column", nullptr, nullptr).code, SQLITE_OK);
  EXPECT_EQ(decide_action(own, SQLITE_FUNCTION, nullptr, "fts3_tokenizer", nullptr, nullptr).code, SQLITE_DENY);
}

TEST(SqlPolicy, LeadingKeywordSkipsCommentsAndSpace) {
  EXPECT_EQ(leading_keyword("  -- c\n /* x */ vacuum into 'x'"), "VACUUM");
  EXPECT_EQ(leading_keyword("(select 1)"), "SELECT");
  EXPECT_EQ(leading_keyword(""), "");
}

TEST(SqlPolicy, TheAllowListIsSortedAndHoldsNoCodeLoader) {
  const auto& names = allowed_functions();
  EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));
  for (const char* bad : {"load_extension", "fts3_tokenizer", "fts5", "optimize", "sqlite_rename_column"})
    EXPECT_FALSE(function_allowed(bad)) << bad;
  for (const char* good : {"count", "SUBSTR", "json_extract", "strftime", "->>"}) EXPECT_TRUE(function_allowed(good));
}

}  // namespace
}  // namespace chokepoint
