// Token scan for a top-level ORDER BY.
#include "core/metrics/order_by_detection.h"

#include <cctype>

namespace chokepoint {

bool has_outer_order_by(const std::string& sql) {
  const size_t n = sql.size();
  int depth = 0;
  bool last_word_was_order = false;  // the previous word at depth 0 was ORDER
  size_t i = 0;
  while (i < n) {
    char c = sql[i];
    if (c == '\'' || c == '"' || c == '`' || c == '[') {
      // Strings and quoted identifiers; '' and "" escape their own quote.
      char close = c == '[' ? ']' : c;
      ++i;
      while (i < n) {
        if (sql[i] == close) {
          if (close != ']' && i + 1 < n && sql[i + 1] == close) {
            i += 2;
            continue;
          }
          break;
        }
        ++i;
      }
      ++i;
      last_word_was_order = false;
      continue;
    }
    if (c == '-' && i + 1 < n && sql[i + 1] == '-') {
      while (i < n && sql[i] != '\n') ++i;
      continue;
    }
    if (c == '/' && i + 1 < n && sql[i + 1] == '*') {
      size_t e = sql.find("*/", i + 2);
      i = e == std::string::npos ? n : e + 2;
      continue;
    }
    if (c == '(') {
      ++depth;
      ++i;
      last_word_was_order = false;
      continue;
    }
    if (c == ')') {
      if (depth > 0) --depth;
      ++i;
      last_word_was_order = false;
      continue;
    }
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      size_t s = i;
      while (i < n && (std::isalnum(static_cast<unsigned char>(sql[i])) || sql[i] == '_' || sql[i] == '$')) ++i;
      std::string w = sql.substr(s, i - s);
      for (auto& ch : w) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
      if (depth == 0) {
        if (last_word_was_order && w == "BY") return true;
        last_word_was_order = w == "ORDER";
      }
      continue;
    }
    if (!std::isspace(static_cast<unsigned char>(c))) last_word_was_order = false;
    ++i;
  }
  return false;
}

}  // namespace chokepoint
