// Splitting gold texts into alternative statements.
#include "core/dataset/gold_alternatives.h"

#include <cctype>

namespace chokepoint {
namespace {

std::string trimmed(const std::string& s, size_t begin, size_t end) {
  while (begin < end && std::isspace(static_cast<unsigned char>(s[begin]))) ++begin;
  while (end > begin && std::isspace(static_cast<unsigned char>(s[end - 1]))) --end;
  return s.substr(begin, end - begin);
}

}  // namespace

std::vector<std::string> split_statements(const std::string& text) {
  std::vector<std::string> out;
  size_t start = 0;
  bool content = false;  // the current piece has something besides whitespace and comments
  int depth = 0;
  const size_t n = text.size();
  for (size_t i = 0; i < n;) {
    const char c = text[i];
    if (c == '-' && i + 1 < n && text[i + 1] == '-') {
      while (i < n && text[i] != '\n') ++i;
      continue;
    }
    if (c == '/' && i + 1 < n && text[i + 1] == '*') {
      const size_t close = text.find("*/", i + 2);
      i = close == std::string::npos ? n : close + 2;
      continue;
    }
    if (c == '\'' || c == '"' || c == '`' || c == '[') {
      // A quoted string or name runs to its closing quote; a doubled quote inside is an escaped one.
      const char close = c == '[' ? ']' : c;
      size_t j = i + 1;
      while (j < n) {
        if (text[j] == close) {
          if (close != ']' && j + 1 < n && text[j + 1] == close) {
            j += 2;
            continue;
          }
          break;
        }
        ++j;
      }
      i = j < n ? j + 1 : n;
      content = true;
      continue;
    }
    if (c == '(') ++depth;
    if (c == ')' && depth > 0) --depth;
    if (c == ';' && depth == 0) {
      if (content) out.push_back(trimmed(text, start, i));
      start = i + 1;
      content = false;
      ++i;
      continue;
    }
    if (!std::isspace(static_cast<unsigned char>(c))) content = true;
    ++i;
  }
  if (content) out.push_back(trimmed(text, start, n));
  if (out.size() <= 1) return {text};
  return out;
}

std::vector<std::string> gold_answers(const EvalItem& item) {
  std::vector<std::string> out = split_statements(item.sql);
  for (const auto& alternative : item.sql_alternatives)
    for (auto& s : split_statements(alternative)) out.push_back(std::move(s));
  return out;
}

}  // namespace chokepoint
