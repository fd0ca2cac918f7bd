// ASCII case for identifiers, keywords and header names, and the trimming of padding. SQL identifiers compare
// case-insensitively only over ASCII (SQLite's own rule, sqlite3StrICmp), so these never touch bytes >= 0x80 of
// UTF-8 text.
#pragma once
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace chokepoint {

std::string to_lower_ascii(std::string_view s);
// The same into `out`, a string the caller keeps between calls, so that a lookup per row or word need not allocate.
void assign_lower_ascii(std::string& out, std::string_view s);
bool iequals(std::string_view a, std::string_view b);
bool starts_with(std::string_view s, std::string_view prefix);
bool ends_with(std::string_view s, std::string_view suffix);
// At most n bytes of s, cut before a UTF-8 continuation byte, with "..." appended when cut (for quoting text that
// came from elsewhere, such as a model's answer, in a one-line message).
std::string clip_utf8(const std::string& s, size_t n);

// The bytes std::isspace accepts in the C locale.
inline constexpr std::string_view kAsciiSpace = " \t\n\v\f\r";
// Whether c is one of kAsciiSpace. A test on a byte, written out: kAsciiSpace.find(c) is a call to memchr for every
// byte tested, which in wasm is most of the cost of scanning short texts (bench/README.md, runner).
constexpr bool is_ascii_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

// Whether a and b hold the same bytes. For names of a few bytes compared per item (a prompt's variables): up to 16
// bytes they are compared as two overlapping words, loads of a constant size; operator== calls memcmp, which in wasm
// is a call into the C library every time, and a byte loop costs as much.
inline bool same_bytes(std::string_view a, std::string_view b) {
  const size_t n = a.size();
  if (n != b.size()) return false;
  const char *p = a.data(), *q = b.data();
  const auto word8 = [](const char* at) {
    uint64_t w;
    std::memcpy(&w, at, 8);
    return w;
  };
  const auto word4 = [](const char* at) {
    uint32_t w;
    std::memcpy(&w, at, 4);
    return w;
  };
  if (n >= 8 && n <= 16) return word8(p) == word8(q) && word8(p + n - 8) == word8(q + n - 8);
  if (n >= 4 && n < 8) return word4(p) == word4(q) && word4(p + n - 4) == word4(q + n - 4);
  if (n > 16) return std::memcmp(p, q, n) == 0;
  for (size_t i = 0; i < n; ++i)
    if (p[i] != q[i]) return false;
  return true;
}

// "97 / 106 (91.51%)": a count of a whole with its share, as the papers' tables write such cells (0.00% of 0).
std::string part_of_whole(size_t part, size_t whole);

// s without the bytes of `chars` at either end; by default spaces, tabs and line ends (what model answers and text
// files pad with; pass kAsciiSpace to trim as std::isspace would).
std::string trim(std::string_view s, std::string_view chars = " \t\r\n");

}  // namespace chokepoint
