#include "core/base/text.h"

#include <cstdio>

namespace chokepoint {
namespace {

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

}  // namespace

std::string to_lower_ascii(std::string_view s) {
  std::string out;
  assign_lower_ascii(out, s);
  return out;
}

void assign_lower_ascii(std::string& out, std::string_view s) {
  out.assign(s);
  for (char& c : out) c = lower(c);
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lower(b[i])) return false;
  return true;
}

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

std::string clip_utf8(const std::string& s, size_t n) {
  if (s.size() <= n) return s;
  size_t cut = n;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return s.substr(0, cut) + "...";
}

std::string trim(std::string_view s, std::string_view chars) {
  // The set is a few bytes: a loop over it, inline. find_first_not_of calls memchr on the set for every byte it tests.
  const auto padding = [chars](char c) {
    for (char p : chars)
      if (p == c) return true;
    return false;
  };
  size_t b = 0, e = s.size();
  while (b < e && padding(s[b])) ++b;
  while (e > b && padding(s[e - 1])) --e;
  return std::string(s.substr(b, e - b));
}

std::string part_of_whole(size_t part, size_t whole) {
  const double pct = whole ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%zu / %zu (%.2f%%)", part, whole, pct);
  return buf;
}

}  // namespace chokepoint
