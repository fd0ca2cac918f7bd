// Token LCS diff. Queries are short (hundreds of tokens), so the O(n*m) table is small; past kMaxCells the diff
// degrades to "everything removed, everything added" rather than spend a frame's budget.
#include "core/sql/sql_diff.h"

#include <algorithm>
#include <cctype>
#include <cstdint>

namespace chokepoint::sql {
namespace {

constexpr size_t kMaxCells = 4'000'000;

bool word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$' ||
         (static_cast<unsigned char>(c) >= 0x80);
}

void push_run(std::vector<DiffRun>& runs, DiffKind kind, const std::string& token) {
  if (!runs.empty() && runs.back().kind == kind) {
    runs.back().text += " " + token;
    return;
  }
  runs.push_back({kind, token});
}

}  // namespace

std::vector<std::string> sql_tokens(const std::string& sql) {
  std::vector<std::string> out;
  size_t i = 0;
  const size_t n = sql.size();
  while (i < n) {
    const char c = sql[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '\'' || c == '"' || c == '`' || c == '[') {
      const char close = c == '[' ? ']' : c;
      size_t j = i + 1;
      while (j < n) {
        if (sql[j] == close) {
          if (close != ']' && j + 1 < n && sql[j + 1] == close) {  // doubled quote inside the string
            j += 2;
            continue;
          }
          ++j;
          break;
        }
        ++j;
      }
      out.push_back(sql.substr(i, j - i));
      i = j;
    } else if (word_char(c)) {
      size_t j = i;
      while (j < n && word_char(sql[j])) ++j;
      out.push_back(sql.substr(i, j - i));
      i = j;
    } else {
      // Two-character operators stay whole so "<=" -> "<" reads as one edit.
      if (i + 1 < n) {
        const std::string two = sql.substr(i, 2);
        if (two == "<=" || two == ">=" || two == "<>" || two == "!=" || two == "||" || two == "==") {
          out.push_back(two);
          i += 2;
          continue;
        }
      }
      out.push_back(std::string(1, c));
      ++i;
    }
  }
  return out;
}

std::vector<DiffRun> sql_diff(const std::string& before, const std::string& after) {
  const std::vector<std::string> a = sql_tokens(before), b = sql_tokens(after);
  std::vector<DiffRun> runs;
  const size_t n = a.size(), m = b.size();
  if ((n + 1) * (m + 1) > kMaxCells) {
    for (const auto& t : a) push_run(runs, DiffKind::removed, t);
    for (const auto& t : b) push_run(runs, DiffKind::added, t);
    return runs;
  }
  // lcs[i][j] = LCS length of a[i..] and b[j..].
  std::vector<uint32_t> lcs((n + 1) * (m + 1), 0);
  auto at = [&](size_t i, size_t j) -> uint32_t& { return lcs[i * (m + 1) + j]; };
  for (size_t i = n; i-- > 0;)
    for (size_t j = m; j-- > 0;) at(i, j) = a[i] == b[j] ? at(i + 1, j + 1) + 1 : std::max(at(i + 1, j), at(i, j + 1));
  size_t i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] == b[j]) {
      push_run(runs, DiffKind::same, a[i]);
      ++i;
      ++j;
    } else if (i < n && (j == m || at(i + 1, j) >= at(i, j + 1))) {
      push_run(runs, DiffKind::removed, a[i]);
      ++i;
    } else {
      push_run(runs, DiffKind::added, b[j]);
      ++j;
    }
  }
  return runs;
}

std::string diff_text(const std::vector<DiffRun>& runs, DiffKind kind) {
  std::string out;
  for (const auto& r : runs) {
    if (r.kind != kind) continue;
    if (!out.empty()) out += " ... ";
    out += r.text;
  }
  return out;
}

}  // namespace chokepoint::sql
