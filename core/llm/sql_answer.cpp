// SQL extraction from model answers (see sql_answer.h). The order of the rules is fixed so an answer always
// gives the same query: a fenced block holding a query, else a "SQL:" label, else the first SELECT or WITH in the
// text; then the first statement of it.
#include "core/llm/sql_answer.h"

#include <string_view>
#include <vector>

#include "core/base/ascii_scan.h"
#include "core/base/text.h"

namespace chokepoint {

const char* const kNoSqlInAnswer = "no SQL in the answer";

namespace {

// The text is read through string_views with ASCII tests written inline: std::string's size and data are branches
// in libc++ (short or long representation) that a loop reloads at every byte when it also calls find, and toupper
// and isalnum are calls into libc; in wasm both cost twice what they cost natively (bench/README.md, runner). The
// tests are those of the "C" locale, which the product never changes.
constexpr bool word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}
bool space_ascii(char c) { return kAsciiSpace.find(c) != std::string_view::npos; }

// `word` (upper case) at i, in any case, as a whole word.
bool word_at(std::string_view s, size_t i, std::string_view word) {
  if (i + word.size() > s.size() || !iequals(s.substr(i, word.size()), word)) return false;
  const size_t end = i + word.size();
  return (i == 0 || !word_char(s[i - 1])) && (end == s.size() || !word_char(s[end]));
}

bool query_at(std::string_view s, size_t i) { return word_at(s, i, "SELECT") || word_at(s, i, "WITH"); }

bool starts_query(std::string_view s) {
  const size_t i = s.find_first_not_of(kAsciiSpace);
  return i != std::string_view::npos && query_at(s, i);
}

// The first position of SELECT or WITH as a word; npos when there is none.
size_t find_query_start(std::string_view s) {
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if ((c == 'S' || c == 's' || c == 'W' || c == 'w') && query_at(s, i)) return i;
  }
  return std::string_view::npos;
}

// Contents of ``` fenced blocks, in order (an unterminated fence runs to the end).
std::vector<std::string_view> fenced_blocks(std::string_view text) {
  std::vector<std::string_view> out;
  size_t pos = 0;
  while (true) {
    const size_t open = text.find("```", pos);
    if (open == std::string_view::npos) break;
    size_t body = text.find('\n', open);  // the rest of the fence line is its language ("sql", "sqlite")
    if (body == std::string_view::npos) break;
    ++body;
    const size_t close = text.find("```", body);
    out.push_back(text.substr(body, close == std::string_view::npos ? std::string_view::npos : close - body));
    if (close == std::string_view::npos) break;
    pos = close + 3;
  }
  return out;
}

// Text after a line that starts with a SQL label ("SQL:", "SQL query:", "SQLite:"), up to the end.
bool after_label(std::string_view text, std::string_view& out) {
  size_t line = 0;
  while (line < text.size()) {
    size_t end = text.find('\n', line);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view l = text.substr(line, end - line);
    size_t i = 0;
    while (i < l.size() && (space_ascii(l[i]) || l[i] == '*' || l[i] == '#')) ++i;
    if (word_at(l, i, "SQL") || word_at(l, i, "SQLITE")) {
      const size_t colon = l.find(':', i);
      if (colon != std::string_view::npos && colon < i + 16) {
        out = text.substr(line + colon + 1);
        return true;
      }
    }
    line = end + 1;
  }
  return false;
}

// The length of sql's first statement (see first_statement), before trimming.
size_t first_statement_length(std::string_view sql, bool stop_at_blank_line) {
  const char* const p = sql.data();
  const size_t n = sql.size();
  size_t i = 0;
  while (i < n) {
    i += sql_plain_prefix(p + i, n - i);  // the bytes that start nothing, 16 at a time
    if (i == n) break;
    const char c = p[i];
    if (c == '\'' || c == '"' || c == '`' || c == '[') {
      const char close = c == '[' ? ']' : c;
      for (++i; i < n; ++i) {
        if (p[i] != close) continue;
        if (close != ']' && i + 1 < n && p[i + 1] == close) {
          ++i;  // a doubled quote inside
          continue;
        }
        break;
      }
      ++i;
      continue;
    }
    if (c == '-' && i + 1 < n && p[i + 1] == '-') {
      i = sql.find('\n', i);
      if (i == std::string_view::npos) return n;
      continue;
    }
    if (c == '/' && i + 1 < n && p[i + 1] == '*') {
      i = sql.find("*/", i + 2);
      if (i == std::string_view::npos) return n;
      i += 2;
      continue;
    }
    if (c == ';') return i;
    if (stop_at_blank_line && c == '\n') {
      size_t j = i + 1;
      while (j < n && (p[j] == ' ' || p[j] == '\t' || p[j] == '\r')) ++j;
      if (j < n && p[j] == '\n') return i;
    }
    ++i;
  }
  return n;
}

std::string first_statement_of(std::string_view sql, bool stop_at_blank_line) {
  return trim(sql.substr(0, first_statement_length(sql, stop_at_blank_line)), kAsciiSpace);
}

}  // namespace

std::string first_statement(const std::string& sql, bool stop_at_blank_line) {
  return first_statement_of(sql, stop_at_blank_line);
}

Result<ExtractedSql> extract_sql(const std::string& answer, PromptPostfix postfix) {
  ExtractedSql out;
  std::string_view body;
  bool prose = true;  // free text: a blank line ends the query
  const auto blocks = fenced_blocks(answer);
  for (const auto& b : blocks)
    if (find_query_start(b) != std::string_view::npos) {
      body = b;
      out.how = "fence";
      prose = false;
      break;
    }
  if (out.how.empty() && !blocks.empty() && postfix == PromptPostfix::Complete) {
    body = blocks.front();  // a completion in a fence: the columns after the prompt's SELECT
    out.how = "fence";
    prose = false;
  }
  if (out.how.empty() && after_label(answer, body)) out.how = "label";
  if (out.how.empty()) {
    body = answer;
    out.how = "text";
  }
  if (postfix == PromptPostfix::Complete && !starts_query(body)) {
    // The prompt ended in SELECT; the answer is what follows it.
    const std::string rest = first_statement_of(body, prose);
    if (rest.empty()) return Error{std::string(kNoSqlInAnswer) + ": the completion is empty"};
    out.sql = "SELECT " + rest;
    out.how = "completion";
    return out;
  }
  const size_t start = find_query_start(body);
  if (start == std::string_view::npos)
    return Error{std::string(kNoSqlInAnswer) + ": no SELECT or WITH" +
                 (answer.empty() ? " (the answer is empty)" : "")};
  out.sql = first_statement_of(body.substr(start), prose);
  return out;
}

}  // namespace chokepoint
