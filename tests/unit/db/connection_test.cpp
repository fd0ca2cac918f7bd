// Bounded, read-only query execution on a real SQLite connection.
#include "core/db/connection.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace chokepoint {
namespace {

Connection memory_db(const std::string& script) {
  auto c = Connection::open_memory();
  EXPECT_TRUE(c.ok()) << c.error();
  auto s = c->exec_script(script);
  EXPECT_TRUE(s.ok()) << s.error();
  return std::move(c).value();
}

TEST(Connection, ReturnsTypedValuesWithColumnNamesAndDeclaredTypes) {
  auto db = memory_db(
      "CREATE TABLE t(a INTEGER, b REAL, c TEXT, d BLOB); INSERT INTO t VALUES(1, 2.5, 'x', X'0aff');"
      "INSERT INTO t VALUES(NULL, NULL, NULL, NULL);");
  auto out = db.query("SELECT a, b, c, d, a + 1 AS e FROM t ORDER BY a IS NULL");
  ASSERT_TRUE(out.ok()) << out.message;
  ASSERT_EQ(out.result.column_names, (std::vector<std::string>{"a", "b", "c", "d", "e"}));
  EXPECT_EQ(out.result.declared_types[0], "INTEGER");
  EXPECT_EQ(out.result.declared_types[4], "");
  ASSERT_EQ(out.result.rows.size(), 2u);
  EXPECT_EQ(out.result.rows[0][0].type, ValueType::Integer);
  EXPECT_EQ(out.result.rows[0][1].type, ValueType::Real);
  EXPECT_EQ(out.result.rows[0][2].to_string(), "x");
  EXPECT_EQ(out.result.rows[0][3].to_string(), "X'0AFF'");
  EXPECT_EQ(out.result.rows[1][0].type, ValueType::Null);
}

TEST(Connection, RowCapSetsTruncatedFlag) {
  auto db = memory_db(
      "CREATE TABLE t(a); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n WHERE i<50) "
      "INSERT INTO t SELECT i FROM n;");
  QueryLimits lim;
  lim.max_rows = 10;
  auto out = db.query("SELECT a FROM t", lim);
  ASSERT_TRUE(out.ok());
  EXPECT_EQ(out.result.rows.size(), 10u);
  EXPECT_TRUE(out.result.truncated);
  auto all = db.query("SELECT a FROM t");
  EXPECT_FALSE(all.result.truncated);
  EXPECT_EQ(all.result.rows.size(), 50u);
}

TEST(Connection, RunawayCartesianProductStopsAtTheTimeLimit) {
  auto db = memory_db(
      "CREATE TABLE t(a); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n WHERE i<2000) "
      "INSERT INTO t SELECT i FROM n;");
  QueryLimits lim;
  lim.timeout_ms = 200;
  auto out = db.query("SELECT count(*) FROM t a, t b, t c, t d", lim);
  EXPECT_EQ(out.status, QueryStatus::Timeout);
  EXPECT_LT(out.elapsed_ms, 5000.0);
  // The connection stays usable after an interrupt.
  EXPECT_TRUE(db.query("SELECT 1").ok());
}

TEST(Connection, RejectsASecondStatementAndReportsSyntaxErrors) {
  auto db = memory_db("CREATE TABLE t(a);");
  EXPECT_EQ(db.query("SELECT 1; DROP TABLE t").status, QueryStatus::Error);
  EXPECT_TRUE(db.query("SELECT 1; -- trailing comment\n ;").ok());
  auto bad = db.query("SELEC 1");
  EXPECT_EQ(bad.status, QueryStatus::Error);
  EXPECT_NE(bad.message.find("syntax error"), std::string::npos);
  EXPECT_FALSE(db.prepare_check("SELECT nope FROM t").ok());
  EXPECT_TRUE(db.prepare_check("SELECT a FROM t").ok());
}

TEST(Connection, ReadOnlyConnectionRefusesWrites) {
  std::string path = ::testing::TempDir() + "/chokepoint_ro_test.sqlite";
  std::remove(path.c_str());
  {
    auto rw = Connection::open_read_write(path);
    ASSERT_TRUE(rw.ok()) << rw.error();
    ASSERT_TRUE(rw->exec_script("CREATE TABLE t(a); INSERT INTO t VALUES (1);").ok());
  }
  auto ro = Connection::open_read_only(path);
  ASSERT_TRUE(ro.ok()) << ro.error();
  EXPECT_EQ(ro->query("INSERT INTO t VALUES (2)").status, QueryStatus::Error);
  EXPECT_EQ(ro->query("SELECT count(*) FROM t").result.rows[0][0].integer, 1);
  std::remove(path.c_str());
}

TEST(Connection, CorruptOrMissingFilesGiveAClearError) {
  std::string path = ::testing::TempDir() + "/chokepoint_not_sqlite.sqlite";
  FILE* f = std::fopen(path.c_str(), "wb");
  std::fputs("this is not a database, just some text that is long enough to be read as a header ............", f);
  std::fclose(f);
  auto c = Connection::open_read_only(path);
  ASSERT_FALSE(c.ok());
  EXPECT_NE(c.error().find("not a readable SQLite database"), std::string::npos) << c.error();
  auto missing = Connection::open_read_only(::testing::TempDir() + "/does/not/exist.sqlite");
  EXPECT_FALSE(missing.ok());
  std::remove(path.c_str());
}

TEST(Value, DisplayFormsFollowPythonRepr) {
  EXPECT_EQ(Value::of_real(1.0).to_string(), "1.0");
  EXPECT_EQ(Value::of_real(0.1).to_string(), "0.1");
  EXPECT_EQ(Value::of_int(-3).to_string(), "-3");
  EXPECT_EQ(Value::null().to_string(), "NULL");
}

// to_string starts its search for the shortest round-tripping precision at the digits of the shortest form; the
// answer must be the one a search from precision 1 gives.
TEST(Value, RealsShowTheShortestRoundTripFormOfASearchFromOneDigit) {
  auto searched = [](double real) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", real);
    for (int prec = 1; prec <= 17; ++prec) {
      char b2[64];
      std::snprintf(b2, sizeof b2, "%.*g", prec, real);
      if (std::strtod(b2, nullptr) == real) {
        std::snprintf(buf, sizeof buf, "%s", b2);
        break;
      }
    }
    std::string s = buf;
    if (s.find_first_of(".eEn") == std::string::npos) s += ".0";
    return s;
  };
  uint64_t x = 88172645463325252ULL;
  for (int i = 0; i < 20000; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    double bits;
    std::memcpy(&bits, &x, sizeof bits);
    for (double d : {bits, static_cast<double>(x % 100000) / 100.0, 1.0 / static_cast<double>(x % 1000 + 1),
                     static_cast<double>(x >> 11) * 0x1p-53})
      ASSERT_EQ(Value::of_real(d).to_string(), searched(d)) << std::hexfloat << d;
  }
  for (double d : {0.0, -0.0, 5e-324, 1.7976931348623157e308, 1e23, 9007199254740993.0, 2.5, 1e16, 123456789.0})
    EXPECT_EQ(Value::of_real(d).to_string(), searched(d)) << std::hexfloat << d;
  EXPECT_EQ(Value::of_real(1e16).to_string(), "1e+16");
  EXPECT_EQ(Value::of_real(2.5).to_string(), "2.5");
}

}  // namespace
}  // namespace chokepoint
