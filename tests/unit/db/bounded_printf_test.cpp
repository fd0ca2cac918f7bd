// printf()/format() on our connections: refused at once above the value limit, and otherwise exactly SQLite's own
// formatting (compared against the built-in on a plain connection that has no replacement).
#include "core/db/bounded_printf.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include "core/base/clock.h"
#include "core/db/connection.h"

namespace chokepoint {
namespace {

// The built-in printf's answer, from a connection opened directly through SQLite (no replacement installed).
std::string builtin(const std::string& select) {
  sqlite3* db = nullptr;
  EXPECT_EQ(sqlite3_open(":memory:", &db), SQLITE_OK);
  sqlite3_stmt* st = nullptr;
  EXPECT_EQ(sqlite3_prepare_v2(db, select.c_str(), -1, &st, nullptr), SQLITE_OK) << select;
  std::string out = "<no row>";
  if (sqlite3_step(st) == SQLITE_ROW) {
    const auto* t = sqlite3_column_text(st, 0);
    out = t ? std::string(reinterpret_cast<const char*>(t), static_cast<size_t>(sqlite3_column_bytes(st, 0))) : "NULL";
  }
  sqlite3_finalize(st);
  sqlite3_close(db);
  return out;
}

std::string ours(const Connection& db, const std::string& select) {
  auto out = db.query(select);
  EXPECT_TRUE(out.ok()) << select << ": " << out.message;
  if (!out.ok() || out.result.rows.empty()) return "<no row>";
  return out.result.rows[0][0].is_null() ? "NULL" : out.result.rows[0][0].to_string();
}

TEST(BoundedPrintf, FormatsExactlyAsTheBuiltIn) {
  auto db = Connection::open_memory();
  ASSERT_TRUE(db.ok()) << db.error();
  for (const char* q : {
           "SELECT printf('%d items, %5.2f%%, %s', 3, 2.345, 'abc')",
           "SELECT printf('%-8s|%08.3f|%x|%X|%o', 'ab', -3.14159, 255, 255, 8)",
           "SELECT printf('%.*c', 5, 'xyz')",
           "SELECT printf('%*d|%-*d|', 6, 42, 6, 42)",
           "SELECT printf('%q and %Q and %w', 'it''s', NULL, 'a\"b')",
           "SELECT printf('%!.3s|%.2s', 'ÿéü', 'héllo')",
           "SELECT printf('%,d', 1234567)",
           "SELECT printf('%lld %i %c%n', 9007199254740993, '12', 'q')",
           "SELECT format('%s-%s', 1, 2.5)",
           "SELECT printf('no fields')",
           "SELECT printf(NULL, 1)",
           "SELECT printf('%s')",
           "SELECT printf('%e %g %G', 12345.678, 0.0001234, 1e300)",
       }) {
    EXPECT_EQ(ours(*db, q), builtin(q)) << q;
  }
}

TEST(BoundedPrintf, HugeFieldsAreRefusedBeforeAnyWork) {
  auto db = Connection::open_memory();
  ASSERT_TRUE(db.ok()) << db.error();
  for (const char* q : {
           "SELECT printf('%.*c', 900000000, 'x')", "SELECT printf('%900000000d', 1)",
           "SELECT printf('%*s', -900000000, 'x')",
           "SELECT format('%.*c%.*c', 9000000, 'x', 9000000, 'y')",  // each under 16 MiB, together over
       }) {
    const double start = monotonic_ms();
    auto out = db->query(q);
    EXPECT_EQ(out.status, QueryStatus::Error) << q;
    EXPECT_NE(out.message.find("too big"), std::string::npos) << q << ": " << out.message;
    EXPECT_LT(elapsed_ms(start), 1000.0) << q;  // refused, not computed (the built-in takes seconds)
  }
  // Just under the limit still works, through the built-in.
  auto ok = db->query("SELECT length(printf('%.*c', 1000000, 'x'))");
  ASSERT_TRUE(ok.ok()) << ok.message;
  EXPECT_EQ(ok.result.rows[0][0].integer, 1000000);
}

TEST(BoundedPrintf, FieldTotalFollowsSqlitesArgumentOrder) {
  std::vector<int64_t> args = {7, 0, -20, 0};
  auto arg = [&](size_t i) -> int64_t { return i < args.size() ? args[i] : 0; };
  EXPECT_EQ(printf_field_total("%.*c and %*d", arg), 7 + 20);
  EXPECT_EQ(printf_field_total("%5d %-3.2f %%", arg), 5 + 3 + 2);
  EXPECT_EQ(printf_field_total("%n%.*c", arg), 7);                                 // %n takes no argument
  EXPECT_EQ(printf_field_total("%99999999999999999999d", arg), int64_t{1} << 40);  // saturates, never overflows
}

}  // namespace
}  // namespace chokepoint
