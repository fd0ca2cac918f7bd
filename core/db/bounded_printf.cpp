// Bounded printf(): check the format's fields, then let SQLite's built-in printf format on a private connection.
#include "core/db/bounded_printf.h"

#include <sqlite3.h>

#include <cstring>
#include <map>

namespace chokepoint {
namespace {

constexpr int64_t kHuge = int64_t{1} << 40;  // any field this large is refused whatever the limit

int64_t magnitude(int64_t v) { return v < 0 ? (v == INT64_MIN ? kHuge : -v) : v; }

// Reads a run of digits as a number, saturating at kHuge.
int64_t read_digits(const std::string& s, size_t& i) {
  int64_t n = 0;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
    n = n * 10 + (s[i] - '0');
    if (n > kHuge) n = kHuge;
    ++i;
  }
  return n;
}

// The private connection whose built-in printf() does the formatting, with one prepared statement per argument
// count. Opened on first use; closed when SQLite drops the function (the user connection closes).
struct Formatter {
  sqlite3* db = nullptr;
  std::map<int, sqlite3_stmt*> statements;

  ~Formatter() {
    for (auto& [n, st] : statements) sqlite3_finalize(st);
    if (db) sqlite3_close(db);
  }

  sqlite3_stmt* statement(int argc) {
    auto it = statements.find(argc);
    if (it != statements.end()) return it->second;
    if (!db && sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_MEMORY, nullptr) != SQLITE_OK)
      return nullptr;
    std::string sql = "SELECT printf(";
    for (int i = 1; i <= argc; ++i) sql += (i > 1 ? ",?" : "?") + std::to_string(i);
    sql += ")";
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr) != SQLITE_OK) return nullptr;
    statements[argc] = st;
    return st;
  }
};

void bounded_printf(sqlite3_context* ctx, int argc, sqlite3_value** argv) {
  if (argc < 1) return;  // the built-in returns NULL too
  const unsigned char* format = sqlite3_value_text(argv[0]);
  if (!format) return;
  const int limit = sqlite3_limit(sqlite3_context_db_handle(ctx), SQLITE_LIMIT_LENGTH, -1);
  const int64_t total = printf_field_total(reinterpret_cast<const char*>(format), [&](size_t i) -> int64_t {
    return static_cast<int>(i) + 1 < argc ? sqlite3_value_int64(argv[i + 1]) : 0;
  });
  if (total > limit) {
    sqlite3_result_error_toobig(ctx);
    return;
  }
  auto* f = static_cast<Formatter*>(sqlite3_user_data(ctx));
  sqlite3_stmt* st = f->statement(argc);
  if (!st) {
    sqlite3_result_error(ctx, "printf() is unavailable", -1);
    return;
  }
  sqlite3_limit(f->db, SQLITE_LIMIT_LENGTH, limit);
  for (int i = 0; i < argc; ++i) sqlite3_bind_value(st, i + 1, argv[i]);
  const int rc = sqlite3_step(st);
  if (rc == SQLITE_ROW) {
    sqlite3_result_value(ctx, sqlite3_column_value(st, 0));
  } else if ((rc & 0xff) == SQLITE_TOOBIG) {
    sqlite3_result_error_toobig(ctx);
  } else {
    sqlite3_result_error(ctx, sqlite3_errmsg(f->db), -1);
  }
  sqlite3_reset(st);
  sqlite3_clear_bindings(st);
}

void drop_formatter(void* p) { delete static_cast<Formatter*>(p); }

}  // namespace

int64_t printf_field_total(const std::string& format, const std::function<int64_t(size_t)>& int_arg) {
  int64_t total = 0;
  size_t arg = 0;
  auto add = [&](int64_t v) { total = total + v > kHuge ? kHuge : total + v; };
  for (size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%') continue;
    ++i;
    if (i < format.size() && format[i] == '%') continue;  // a literal percent sign consumes nothing
    while (i < format.size() && std::strchr("-+ #!0,", format[i]) && format[i] != '\0') ++i;  // flags
    if (i < format.size() && format[i] == '*') {
      add(magnitude(int_arg(arg++)));
      ++i;
    } else {
      add(read_digits(format, i));
    }
    if (i < format.size() && format[i] == '.') {
      ++i;
      if (i < format.size() && format[i] == '*') {
        add(magnitude(int_arg(arg++)));
        ++i;
      } else {
        add(read_digits(format, i));
      }
    }
    while (i < format.size() && format[i] == 'l') ++i;  // length modifiers
    if (i >= format.size()) break;
    // The conversion itself; %n is ignored by SQLite's SQL printf and takes no argument.
    if (format[i] != 'n') ++arg;
  }
  return total;
}

bool install_bounded_printf(sqlite3* db) {
  for (const char* name : {"printf", "format"}) {
    const int rc = sqlite3_create_function_v2(db, name, -1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, new Formatter,
                                              bounded_printf, nullptr, nullptr, drop_formatter);
    if (rc != SQLITE_OK) return false;  // SQLite calls drop_formatter on failure too
  }
  return true;
}

}  // namespace chokepoint
