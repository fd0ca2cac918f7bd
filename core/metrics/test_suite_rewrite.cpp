// The test-suite evaluator's query rewrites; remove_distinct is a small emulation of sqlparse's lexer and splitter.
#include "core/metrics/test_suite_rewrite.h"

#include <vector>

namespace chokepoint {
namespace {

constexpr size_t kNone = static_cast<size_t>(-1);

bool ascii_alpha(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
// Python's \w on str: letters, digits, '_' and (approximated bytewise) every non-ASCII character.
bool word_char(unsigned char c) { return ascii_alpha(c) || (c >= '0' && c <= '9') || c == '_' || c >= 0x80; }
// sqlparse's generic word token \w[$#\w]* continues over '$' and '#'.
bool run_char(unsigned char c) { return word_char(c) || c == '$' || c == '#'; }
// Python's \s on ASCII: space, \t \n \v \f \r and the separators \x1c-\x1f.
bool space_char(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f); }
// sqlparse's [A-ZÀ-Ü] under re.IGNORECASE, bytewise.
bool letter_char(unsigned char c) { return ascii_alpha(c) || c >= 0x80; }

char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

bool equals_ci(const std::string& s, size_t pos, size_t len, const char* word) {
  size_t k = 0;
  for (; word[k]; ++k)
    if (k >= len || pos + k >= s.size() || lower(s[pos + k]) != word[k]) return false;
  return k == len;
}

std::string replace_all(const std::string& s, const std::string& from, const std::string& to) {
  std::string out;
  size_t i = 0;
  while (true) {
    size_t j = s.find(from, i);
    if (j == std::string::npos) break;
    out.append(s, i, j - i);
    out += to;
    i = j + from.size();
  }
  out.append(s, i, std::string::npos);
  return out;
}

// End (exclusive) of the match of sqlparse's quoted-token regex Q(QQ|\\Q|[^Q])*Q whose body starts at each
// position, or kNone: f[i] for i in [0, n]. Python's backtracking tries, in order, QQ, \Q (when `backslash`), one
// non-Q character, then the closing Q; the first path that closes wins. That outcome depends only on i, so one
// right-to-left pass computes it for every opening quote (linear, where re-scanning per quote is quadratic).
std::vector<size_t> quoted_ends(const std::string& s, char q, bool backslash) {
  const size_t n = s.size();
  std::vector<size_t> f(n + 1, kNone);
  for (size_t i = n; i-- > 0;) {
    size_t r = kNone;
    if (s[i] == q && i + 1 < n && s[i + 1] == q) r = f[i + 2];
    if (r == kNone && backslash && s[i] == '\\' && i + 1 < n && s[i + 1] == q) r = f[i + 2];
    if (r == kNone && s[i] != q) r = f[i + 1];
    if (r == kNone && s[i] == q) r = i + 1;
    f[i] = r;
  }
  return f;
}

// The sqlparse token kinds that matter here.
enum class Tok { Space, Newline, Comment, Word, Other };

struct Token {
  size_t end = 0;  // one past the token
  Tok kind = Tok::Other;
};

// One of sqlparse's lexer (lexer.py get_tokens over keywords.SQL_REGEX) at a time, its regexes tried in their order;
// only the token boundaries and the kinds the splitter and remove_distinct look at are kept.
class SqlparseLexer {
 public:
  explicit SqlparseLexer(const std::string& s) : s_(s), n_(s.size()) {
    if (s.find('\'') != std::string::npos) single_ = quoted_ends(s, '\'', true);
    if (s.find('"') != std::string::npos) double_ = quoted_ends(s, '"', true);
    if (s.find('`') != std::string::npos) tick_ = quoted_ends(s, '`', false);
  }

  Token next(size_t i) const {
    const unsigned char ch = c(i);
    // Multiline comments first (find_delimited_spans): /* or /*+ up to the next */ past the opener.
    if (ch == '/' && c(i + 1) == '*') {
      size_t close = s_.find("*/", i + (c(i + 2) == '+' ? 3 : 2));
      if (close != std::string::npos) return {close + 2, Tok::Other};
    }
    // (--|# )\+?.*?(\r\n|\r|\n|$): to the end of the line, newline included. Hints (--+) do not end a statement.
    if ((ch == '-' && c(i + 1) == '-') || (ch == '#' && c(i + 1) == ' ')) {
      size_t e = s_.find_first_of("\r\n", i);
      e = e == std::string::npos ? n_ : (s_[e] == '\r' && c(e + 1) == '\n' ? e + 2 : e + 1);
      return {e, c(i + 2) == '+' ? Tok::Other : Tok::Comment};
    }
    if (ch == '\r' || ch == '\n') return {i + (ch == '\r' && c(i + 1) == '\n' ? 2 : 1), Tok::Newline};
    if (space_char(ch)) return {i + 1, Tok::Space};
    if (ch == ':' && (c(i + 1) == '=' || c(i + 1) == ':')) return {i + 2, Tok::Other};
    if (ch == '`' && tick_[i + 1] != kNone) return {tick_[i + 1], Tok::Other};
    if (ch == '%') {  // %(\(\w+\))?s
      if (c(i + 1) == '(' && word_char(c(i + 2))) {
        size_t e = word_end(i + 2);
        if (c(e) == ')' && lower(static_cast<char>(c(e + 1))) == 's') return {e + 2, Tok::Other};
      }
      if (lower(static_cast<char>(c(i + 1))) == 's') return {i + 2, Tok::Other};
    }
    const bool after_word = i > 0 && word_char(c(i - 1));
    if (ch == '$' && !(i > 0 && (word_char(c(i - 1)) || c(i - 1) == '"' || c(i - 1) == '$'))) {
      // Dollar-quoted literal $tag$...$tag$ (tag empty or [_A-ZÀ-Ü]\w*), closed by the next same delimiter.
      size_t k = i + 1;
      if (letter_char(c(k)) || c(k) == '_') k = word_end(k);
      if (c(k) == '$') {
        const std::string delim = s_.substr(i, k + 1 - i);
        size_t close = s_.find(delim, k + 1);
        if (close != std::string::npos) return {close + delim.size(), Tok::Other};
      }
    }
    if ((ch == '$' || ch == ':') && !after_word && word_char(c(i + 1))) return {word_end(i + 1), Tok::Other};
    if (ch == '\\' && word_char(c(i + 1))) return {word_end(i + 1), Tok::Other};
    if (word_char(ch)) {
      // Keyword regexes end at \b, before a '$' or '#' the generic word regex would take in: (CASE|IN|VALUES|
      // USING|FROM|AS)\b and, later but the same here, JOIN, END, ASC, DESC, CREATE, (I|R)LIKE, REGEXP. Numbers
      // end there too (0x.., \d+). The multi-word keywords (GROUP BY$x) are not emulated.
      const size_t we = word_end(i);
      for (const char* w : {"case", "in", "values", "using", "from", "as", "join", "end", "asc", "desc", "create",
                            "like", "ilike", "rlike", "regexp"})
        if (equals_ci(s_, i, we - i, w)) return {we, Tok::Word};
      if (ch == '0' && (c(i + 1) == 'x' || c(i + 1) == 'X') && hex(c(i + 2))) {
        size_t e = i + 2;
        while (hex(c(e))) ++e;
        return {e, Tok::Other};
      }
      if (digit(ch) && digits_end(i) == we) return {we, Tok::Other};
    }
    if (ch == '@' || ch == '#') {  // (@|##|#)[A-ZÀ-Ü]\w+
      size_t k = i + 1;
      if (ch == '#' && c(k) == '#' && letter_char(c(k + 1)) && word_char(c(k + 2))) ++k;
      if (letter_char(c(k)) && word_char(c(k + 1))) return {word_end(k + 1), Tok::Other};
    }
    if (letter_char(ch)) {
      // Names: [A-ZÀ-Ü]\w* before \s*\. (not a digit), after a '.', or before '('.
      const size_t we = word_end(i);
      size_t k = we;
      while (k < n_ && space_char(c(k))) ++k;
      if ((c(k) == '.' && !digit(c(k + 1))) || (i > 0 && c(i - 1) == '.') || c(we) == '(') return {we, Tok::Word};
    }
    if (digit(ch)) {  // -?\d+(\.\d+)?E-?\d+ cuts a word run; the other number regexes never end one at a letter
      size_t k = digits_end(i);
      if (c(k) == '.' && digit(c(k + 1))) k = digits_end(k + 1);
      if (lower(static_cast<char>(c(k))) == 'e') {
        size_t e = k + 1 + (c(k + 1) == '-' ? 1 : 0);
        if (digit(c(e))) return {digits_end(e), Tok::Other};
      }
    }
    if (ch == '\'' && single_[i + 1] != kNone) return {single_[i + 1], Tok::Other};
    if (ch == '"' && double_[i + 1] != kNone) return {double_[i + 1], Tok::Other};
    if (ch == '[' && !(i > 0 && (word_char(c(i - 1)) || c(i - 1) == ']' || c(i - 1) == ')'))) {
      size_t k = i + 1;
      while (k < n_ && s_[k] != ']' && s_[k] != '[') ++k;
      if (k < n_ && s_[k] == ']' && k > i + 1) return {k + 1, Tok::Other};
    }
    if (word_char(ch)) {  // the keyword regexes end at \b too; \w[$#\w]*
      size_t e = i;
      while (e < n_ && run_char(c(e))) ++e;
      return {e, Tok::Word};
    }
    // JSON operators before the operator run: ->, ->>, #>, #>>, @>, <@, #-, and '-' alone.
    if (ch == '-') return {i + (c(i + 1) == '>' ? (c(i + 2) == '>' ? 3 : 2) : 1), Tok::Other};
    if (ch == '#' && c(i + 1) == '>') return {i + (c(i + 2) == '>' ? 3 : 2), Tok::Other};
    if ((ch == '#' && c(i + 1) == '-') || (ch == '@' && c(i + 1) == '>') || (ch == '<' && c(i + 1) == '@'))
      return {i + 2, Tok::Other};
    if (std::string("<>=~!").find(static_cast<char>(ch)) != std::string::npos) {  // [<>=~!]+
      size_t e = i;
      while (e < n_ && std::string("<>=~!").find(s_[e]) != std::string::npos) ++e;
      return {e, Tok::Other};
    }
    if (std::string("+/@#%^&|").find(static_cast<char>(ch)) != std::string::npos) {  // [+/@#%^&|^-]+
      size_t e = i;
      while (e < n_ && std::string("+/@#%^&|-").find(s_[e]) != std::string::npos) ++e;
      return {e, Tok::Other};
    }
    return {i + 1, Tok::Other};  // punctuation and errors
  }

  unsigned char c(size_t k) const { return k < n_ ? static_cast<unsigned char>(s_[k]) : 0; }

 private:
  static bool digit(unsigned char ch) { return ch >= '0' && ch <= '9'; }
  static bool hex(unsigned char ch) { return digit(ch) || (ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F'); }
  size_t word_end(size_t k) const {
    while (k < n_ && word_char(c(k))) ++k;
    return k;
  }
  size_t digits_end(size_t k) const {
    while (k < n_ && digit(c(k))) ++k;
    return k;
  }

  const std::string& s_;
  size_t n_;
  std::vector<size_t> single_, double_, tick_;
};

// Where sqlparse's first statement ends, and the "distinct" tokens in it.
struct Lexed {
  size_t cut = 0;                                    // end of the first statement
  std::vector<std::pair<size_t, size_t>> distincts;  // [begin, end) of each token "distinct", in order
};

Lexed lex_first_statement(const std::string& s) {
  const size_t n = s.size();
  const SqlparseLexer lexer(s);
  Lexed out;
  out.cut = n;
  long level = 0;      // StatementSplitter's level: '(' +1, ')' -1, the keyword END -1
  bool split = false;  // a ';' at level <= 0 was seen: whitespace and -- comments still belong to the statement
  size_t i = 0;
  while (i < n) {
    const Token t = lexer.next(i);
    if (split && t.kind != Tok::Space && t.kind != Tok::Comment) {
      out.cut = i;
      break;
    }
    const size_t len = t.end - i;
    const unsigned char ch = lexer.c(i);
    if (t.kind == Tok::Word && equals_ci(s, i, len, "distinct")) out.distincts.push_back({i, t.end});
    if (t.kind == Tok::Word && equals_ci(s, i, len, "end")) {
      // The keyword END: not a Name (those were cut above with their lookaheads, so "end(" and "t.end" are
      // Words too: tell them apart here), and not END IF/LOOP/WHILE/FOR/CASE, which close nothing outside BEGIN.
      size_t k = t.end;
      while (k < n && space_char(lexer.c(k))) ++k;
      const bool name = lexer.c(t.end) == '(' || (i > 0 && s[i - 1] == '.') ||
                        (lexer.c(k) == '.' && !(lexer.c(k + 1) >= '0' && lexer.c(k + 1) <= '9'));
      bool compound = false;
      if (k > t.end)
        for (const char* w : {"if", "loop", "while", "for", "case"}) {
          size_t we = k;
          while (we < n && word_char(lexer.c(we))) ++we;
          compound = compound || equals_ci(s, k, we - k, w);
        }
      if (!name && !compound) --level;
    }
    if (len == 1 && ch == '(') ++level;
    if (len == 1 && ch == ')') --level;
    if (len == 1 && ch == ';' && level <= 0) split = true;
    i = t.end;
  }
  return out;
}

}  // namespace

std::string test_suite_replace_value(const std::string& pred_sql) { return replace_all(pred_sql, "value", "1"); }

std::string test_suite_postprocess(const std::string& sql) {
  return replace_all(replace_all(replace_all(sql, "> =", ">="), "< =", "<="), "! =", "!=");
}

std::string test_suite_remove_distinct(const std::string& sql) {
  bool blank = true;
  for (char ch : sql) blank = blank && space_char(static_cast<unsigned char>(ch));
  if (blank) return sql;
  const Lexed lexed = lex_first_statement(sql);
  std::string out;
  out.reserve(lexed.cut);
  size_t i = 0;
  for (const auto& [b, e] : lexed.distincts) {
    out.append(sql, i, b - i);
    i = e;
  }
  out.append(sql, i, lexed.cut - i);
  return out;
}

std::string test_suite_replace_cur_year(const std::string& sql) {
  const size_t n = sql.size();
  // One match of YEAR\s*\(\s*CURDATE\s*\(\s*\)\s*\)\s* at i: its end, or kNone.
  auto match_at = [&](size_t i) -> size_t {
    auto spaces = [&](size_t k) {
      while (k < n && space_char(static_cast<unsigned char>(sql[k]))) ++k;
      return k;
    };
    auto word = [&](size_t k, const char* w, size_t len) { return equals_ci(sql, k, len, w) ? k + len : kNone; };
    auto ch = [&](size_t k, char want) { return k < n && sql[k] == want ? k + 1 : kNone; };
    size_t k = word(i, "year", 4);
    if (k == kNone || (k = ch(spaces(k), '(')) == kNone) return kNone;
    if ((k = word(spaces(k), "curdate", 7)) == kNone) return kNone;
    if ((k = ch(spaces(k), '(')) == kNone || (k = ch(spaces(k), ')')) == kNone) return kNone;
    if ((k = ch(spaces(k), ')')) == kNone) return kNone;
    return spaces(k);
  };
  std::string out;
  size_t i = 0, copied = 0;
  while (i < n) {
    size_t e = (sql[i] == 'y' || sql[i] == 'Y') ? match_at(i) : kNone;
    if (e == kNone) {
      ++i;
      continue;
    }
    out.append(sql, copied, i - copied);
    out += "2020";
    i = copied = e;
  }
  out.append(sql, copied, std::string::npos);
  return out;
}

bool test_suite_order_matters(const std::string& gold_sql) {
  std::string low(gold_sql);
  for (char& ch : low) ch = lower(ch);
  return low.find("order by") != std::string::npos;
}

TestSuiteQueries test_suite_rewrite(const std::string& gold_sql, const std::string& pred_sql, bool keep_distinct) {
  TestSuiteQueries q;
  q.gold = test_suite_postprocess(gold_sql);
  q.pred = test_suite_postprocess(test_suite_replace_value(pred_sql));
  if (!keep_distinct) {
    q.gold = test_suite_remove_distinct(q.gold);
    q.pred = test_suite_remove_distinct(q.pred);
  }
  q.order_matters = test_suite_order_matters(q.gold);
  q.gold = test_suite_replace_cur_year(q.gold);
  q.pred = test_suite_replace_cur_year(q.pred);
  return q;
}

}  // namespace chokepoint
