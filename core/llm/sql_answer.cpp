// SQL extraction from model answers (see sql_answer.h). The order of the rules is fixed so an answer always
// gives the same query: a fenced block holding a query, else a "SQL:" label, else the first SELECT or WITH in the
// text; then the first statement of it.
#include "core/llm/sql_answer.h"

#include <string_view>

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

// `word` (upper case) at i, in any case, as a whole word.
bool word_at(std::string_view s, size_t i, std::string_view word) {
  if (i + word.size() > s.size() || !iequals(s.substr(i, word.size()), word)) return false;
  const size_t end = i + word.size();
  return (i == 0 || !word_char(s[i - 1])) && (end == s.size() || !word_char(s[end]));
}

bool query_at(std::string_view s, size_t i) { return word_at(s, i, "SELECT") || word_at(s, i, "WITH"); }

bool starts_query(std::string_view s) {
  size_t i = 0;
  while (i < s.size() && is_ascii_space(s[i])) ++i;
  return i < s.size() && query_at(s, i);
}

// The first position of SELECT or WITH as a word; npos when there is none.
size_t find_query_start(std::string_view s) {
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if ((c == 'S' || c == 's' || c == 'W' || c == 'w') && query_at(s, i)) return i;
  }
  return std::string_view::npos;
}

// Where `c` is at or after `from`; npos when it is not (find_byte: 16 bytes at a time in wasm).
size_t find_from(std::string_view text, size_t from, char c) {
  if (from >= text.size()) return std::string_view::npos;
  const size_t i = from + find_byte(text.data() + from, text.size() - from, c);
  return i < text.size() ? i : std::string_view::npos;
}

// Where the next ``` is at or after `from`; npos when there is none. A backtick alone (BIRD quotes names with them)
// is passed over.
size_t find_fence(std::string_view text, size_t from) {
  for (size_t i = find_from(text, from, '`'); i != std::string_view::npos; i = find_from(text, i + 1, '`'))
    if (i + 2 < text.size() && text[i + 1] == '`' && text[i + 2] == '`') return i;
  return std::string_view::npos;
}

// The next ``` fenced block at or after `pos`: its contents in `block`, and `pos` moved past its closing fence (npos
// after an unterminated one, which runs to the end). False when there is none. The caller walks the blocks in order
// and stops at the first that holds a query, so nothing is collected.
bool next_fenced_block(std::string_view text, size_t& pos, std::string_view& block) {
  if (pos == std::string_view::npos) return false;
  const size_t open = find_fence(text, pos);
  if (open == std::string_view::npos) return false;
  size_t body = find_from(text, open, '\n');  // the rest of the fence line is its language ("sql", "sqlite")
  if (body == std::string_view::npos) return false;
  ++body;
  const size_t close = find_fence(text, body);
  block = text.substr(body, close == std::string_view::npos ? std::string_view::npos : close - body);
  pos = close == std::string_view::npos ? std::string_view::npos : close + 3;
  return true;
}

// Text after a line that starts with a SQL label ("SQL:", "SQL query:", "SQLite:"), up to the end.
bool after_label(std::string_view text, std::string_view& out) {
  size_t line = 0;
  while (line < text.size()) {
    size_t end = text.find('\n', line);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view l = text.substr(line, end - line);
    size_t i = 0;
    while (i < l.size() && (is_ascii_space(l[i]) || l[i] == '*' || l[i] == '#')) ++i;
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
      // To the closing quote, found as the fence is (BIRD quotes most names, and its values, so these spans are a
      // good part of a query).
      const char close = c == '[' ? ']' : c;
      for (++i;; i += 2) {
        i += find_byte(p + i, n - i, close);
        if (i >= n || close == ']' || i + 1 >= n || p[i + 1] != close) break;  // else a doubled quote inside
      }
      ++i;
      continue;
    }
    if (c == '-' && i + 1 < n && p[i + 1] == '-') {
      i += find_byte(p + i, n - i, '\n');
      if (i >= n) return n;
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
  size_t start = std::string_view::npos;  // where the query starts in body, once found
  bool prose = true;                      // free text: a blank line ends the query
  std::string_view block, first_block;
  bool any_block = false;
  for (size_t pos = 0; next_fenced_block(answer, pos, block);) {
    if (!any_block) first_block = block;
    any_block = true;
    start = find_query_start(block);
    if (start != std::string_view::npos) {
      body = block;
      out.how = "fence";
      prose = false;
      break;
    }
  }
  if (out.how.empty() && any_block && postfix == PromptPostfix::Complete) {
    body = first_block;  // a completion in a fence: the columns after the prompt's SELECT
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
  if (start == std::string_view::npos) start = find_query_start(body);
  if (start == std::string_view::npos)
    return Error{std::string(kNoSqlInAnswer) + ": no SELECT or WITH" +
                 (answer.empty() ? " (the answer is empty)" : "")};
  out.sql = first_statement_of(body.substr(start), prose);
  return out;
}

}  // namespace chokepoint
