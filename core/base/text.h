// ASCII case for identifiers, keywords and header names, and the trimming of padding. SQL identifiers compare
// case-insensitively only over ASCII (SQLite's own rule, sqlite3StrICmp), so these never touch bytes >= 0x80 of
// UTF-8 text.
#pragma once
#include <string>
#include <string_view>

namespace chokepoint {

std::string to_lower_ascii(std::string_view s);
bool iequals(std::string_view a, std::string_view b);
bool starts_with(std::string_view s, std::string_view prefix);
bool ends_with(std::string_view s, std::string_view suffix);
// At most n bytes of s, cut before a UTF-8 continuation byte, with "..." appended when cut (for quoting text that
// came from elsewhere, such as a model's answer, in a one-line message).
std::string clip_utf8(const std::string& s, size_t n);

// The bytes std::isspace accepts in the C locale.
inline constexpr std::string_view kAsciiSpace = " \t\n\v\f\r";
// s without the bytes of `chars` at either end; by default spaces, tabs and line ends (what model answers and text
// files pad with; pass kAsciiSpace to trim as std::isspace would).
// "97 / 106 (91.51%)": a count of a whole with its share, as the papers' tables write such cells (0.00% of 0).
std::string part_of_whole(size_t part, size_t whole);

std::string trim(std::string_view s, std::string_view chars = " \t\r\n");

}  // namespace chokepoint
