// Display form of typed values.
#include "core/db/value.h"

#include <charconv>
#include <cstdio>
#include <cstdlib>

#include "core/base/decimal_text.h"

namespace chokepoint {
namespace {

// Significant digits of the shortest decimal that reads back as `v` (1 when unknown, or for 0, inf and NaN).
int shortest_digits(double v) {
#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L
  char out[64];
  const auto r = std::to_chars(out, out + sizeof out, v, std::chars_format::scientific);
  if (r.ec != std::errc()) return 1;
  int digits = 0;
  for (const char* c = out; c != r.ptr && *c != 'e'; ++c) digits += *c >= '0' && *c <= '9';
  return digits > 0 ? digits : 1;
#else
  (void)v;
  return 1;
#endif
}

}  // namespace

std::string Value::to_string() const {
  switch (type) {
    case ValueType::Null:
      return "NULL";
    case ValueType::Integer:
      return std::to_string(integer);
    case ValueType::Real: {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.17g", real);
      // Prefer the shortest form that round-trips, as Python's repr does. No precision below the digits of the
      // shortest round-trip form can round-trip, so the search starts there (the same answer, fewer snprintf calls).
      for (int prec = shortest_digits(real); prec <= 17; ++prec) {
        char b2[64];
        std::snprintf(b2, sizeof b2, "%.*g", prec, real);
        if (parse_decimal_real(b2) == real) {
          std::snprintf(buf, sizeof buf, "%s", b2);
          break;
        }
      }
      std::string s = buf;
      if (s.find_first_of(".eEn") == std::string::npos) s += ".0";
      return s;
    }
    case ValueType::Text:
      return bytes;
    case ValueType::Blob: {
      static const char* hex = "0123456789ABCDEF";
      std::string s = "X'";
      for (unsigned char c : bytes) {
        s += hex[c >> 4];
        s += hex[c & 15];
      }
      return s + "'";
    }
  }
  return "";
}

std::string Value::display_prefix(size_t max_bytes) const {
  if (type != ValueType::Text && type != ValueType::Blob) return to_string();
  const size_t shown = type == ValueType::Blob ? max_bytes / 2 : max_bytes;  // a blob byte is two hex digits
  if (bytes.size() <= shown) return to_string();
  size_t cut = shown;
  if (type == ValueType::Text)
    while (cut > 0 && (static_cast<unsigned char>(bytes[cut]) & 0xC0) == 0x80) --cut;  // not inside a character
  Value head = *this;
  head.bytes.resize(cut);
  std::string s = head.to_string();
  if (type == ValueType::Blob) s.pop_back();  // the closing quote: the blob goes on
  return s + "\u2026 (" + std::to_string(bytes.size()) + " bytes)";
}

size_t stored_bytes(const Row& row) {
  size_t n = sizeof(Row) + row.capacity() * sizeof(Value);
  for (const auto& v : row) n += v.bytes.capacity() > 15 ? v.bytes.capacity() : 0;  // short strings live inline
  return n;
}

size_t result_bytes(const ResultSet& result) {
  size_t n = 0;
  for (const auto& row : result.rows) n += stored_bytes(row);
  return n;
}

bool keep_leading_rows(ResultSet& result, size_t max_bytes) {
  size_t used = 0, keep = 0;
  for (; keep < result.rows.size(); ++keep) {
    used += stored_bytes(result.rows[keep]);
    if (used > max_bytes) break;
  }
  if (keep == result.rows.size()) return false;
  result.rows.erase(result.rows.begin() + static_cast<long>(keep), result.rows.end());
  result.rows.shrink_to_fit();
  return true;
}

}  // namespace chokepoint
