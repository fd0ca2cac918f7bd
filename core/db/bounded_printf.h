// printf() and format() that respect the connection's value-length limit before they start.
//
// SQLite 3.40's printf() checks SQLITE_LIMIT_LENGTH only as its output grows, one character at a time for a
// repeated %c: printf('%.*c', 900000000, 'x') spends seconds inside one function call (where the progress handler
// cannot stop it) and then returns NULL. Every connection therefore gets these replacements: they add up the widths
// and precisions of the format first and refuse a total above the limit with SQLite's own "string or blob too big"
// error; otherwise they hand the same arguments to the built-in printf() on a private in-memory connection, so the
// formatting is SQLite's own, byte for byte (decisions.md §10).
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

struct sqlite3;

namespace chokepoint {

// Installs printf() and format() on `db`; false if SQLite refused (the built-ins then stay).
bool install_bounded_printf(sqlite3* db);

// The sum of the widths and precisions in `format`. A `*` takes the next argument, read through
// `int_arg(i)` (i counts the arguments after the format, as SQLite's printf consumes them; a negative value counts
// by its magnitude). Exposed for tests.
int64_t printf_field_total(const std::string& format, const std::function<int64_t(size_t)>& int_arg);

}  // namespace chokepoint
