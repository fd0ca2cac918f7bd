// SQL extraction from model answers (see sql_answer.h). The order of the rules is fixed so an answer always
// gives the same query: a fenced block holding a query, else a "SQL:" label, else the first SELECT or WITH in the
// text; then the first statement of it.
#include "core/llm/sql_answer.h"

#include <cctype>
#include <vector>

#include "core/base/text.h"

namespace chokepoint {

const char* const kNoSqlInAnswer = "no SQL in the answer";

namespace {

bool word_at(const std::string& s, size_t i, const char* word) {
  size_t n = 0;
  for (; word[n]; ++n)
    if (i + n >= s.size() || std::toupper(static_cast<unsigned char>(s[i + n])) != word[n]) return false;
  const bool left = i == 0 || !(std::isalnum(static_cast<unsigned char>(s[i - 1])) || s[i - 1] == '_');
  const bool right = i + n >= s.size() || !(std::isalnum(static_cast<unsigned char>(s[i + n])) || s[i + n] == '_');
  return left && right;
}

bool starts_query(const std::string& s) {
  const std::string t = trim(s, kAsciiSpace);
  return word_at(t, 0, "SELECT") || word_at(t, 0, "WITH");
}

// The first position of SELECT or WITH as a word; npos when there is none.
size_t find_query_start(const std::string& s) {
  for (size_t i = 0; i < s.size(); ++i)
    if (word_at(s, i, "SELECT") || word_at(s, i, "WITH")) return i;
  return std::string::npos;
}

// Contents of ``` fenced blocks, in order (an unterminated fence runs to the end).
std::vector<std::string> fenced_blocks(const std::string& text) {
  std::vector<std::string> out;
  size_t pos = 0;
  while (true) {
    const size_t open = text.find("```", pos);
    if (open == std::string::npos) break;
    size_t body = text.find('\n', open);  // the rest of the fence line is its language ("sql", "sqlite")
    if (body == std::string::npos) break;
    ++body;
    const size_t close = text.find("```", body);
    out.push_back(text.substr(body, close == std::string::npos ? std::string::npos : close - body));
    if (close == std::string::npos) break;
    pos = close + 3;
  }
  return out;
}

// Text after a line that starts with a SQL label ("SQL:", "SQL query:", "SQLite:"), up to the end.
bool after_label(const std::string& text, std::string& out) {
  size_t line = 0;
  while (line < text.size()) {
    size_t end = text.find('\n', line);
    if (end == std::string::npos) end = text.size();
    std::string l = text.substr(line, end - line);
    size_t i = 0;
    while (i < l.size() && (std::isspace(static_cast<unsigned char>(l[i])) || l[i] == '*' || l[i] == '#')) ++i;
    if (word_at(l, i, "SQL") || word_at(l, i, "SQLITE")) {
      const size_t colon = l.find(':', i);
      if (colon != std::string::npos && colon < i + 16) {
        out = text.substr(line + colon + 1);
        return true;
      }
    }
    line = end + 1;
  }
  return false;
}

}  // namespace

std::string first_statement(const std::string& sql, bool stop_at_blank_line) {
  size_t i = 0;
  while (i < sql.size()) {
    const char c = sql[i];
    if (c == '\'' || c == '"' || c == '`' || c == '[') {
      const char close = c == '[' ? ']' : c;
      for (++i; i < sql.size(); ++i) {
        if (sql[i] != close) continue;
        if (close != ']' && i + 1 < sql.size() && sql[i + 1] == close) {
          ++i;  // a doubled quote inside
          continue;
        }
        break;
      }
      ++i;
      continue;
    }
    if (c == '-' && i + 1 < sql.size() && sql[i + 1] == '-') {
      i = sql.find('\n', i);
      if (i == std::string::npos) break;
      continue;
    }
    if (c == '/' && i + 1 < sql.size() && sql[i + 1] == '*') {
      i = sql.find("*/", i + 2);
      if (i == std::string::npos) break;
      i += 2;
      continue;
    }
    if (c == ';') return trim(sql.substr(0, i), kAsciiSpace);
    if (stop_at_blank_line && c == '\n') {
      size_t j = i + 1;
      while (j < sql.size() && (sql[j] == ' ' || sql[j] == '\t' || sql[j] == '\r')) ++j;
      if (j < sql.size() && sql[j] == '\n') return trim(sql.substr(0, i), kAsciiSpace);
    }
    ++i;
  }
  return trim(sql, kAsciiSpace);
}

Result<ExtractedSql> extract_sql(const std::string& answer, PromptPostfix postfix) {
  ExtractedSql out;
  std::string body;
  bool prose = true;  // free text: a blank line ends the query
  const auto blocks = fenced_blocks(answer);
  for (const auto& b : blocks)
    if (find_query_start(b) != std::string::npos) {
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
    const std::string rest = first_statement(body, prose);
    if (rest.empty()) return Error{std::string(kNoSqlInAnswer) + ": the completion is empty"};
    out.sql = "SELECT " + rest;
    out.how = "completion";
    return out;
  }
  const size_t start = find_query_start(body);
  if (start == std::string::npos)
    return Error{std::string(kNoSqlInAnswer) + ": no SELECT or WITH" +
                 (answer.empty() ? " (the answer is empty)" : "")};
  out.sql = first_statement(body.substr(start), prose);
  return out;
}

}  // namespace chokepoint
