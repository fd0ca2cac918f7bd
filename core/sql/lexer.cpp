// SQLite tokenizer (after tokenize.c): one forward pass that tracks line and column, producing Token views into the
// input. Character classes follow SQLite: identifiers are [A-Za-z_$0-9] plus any byte >= 0x80 (UTF-8 passes through).
#include "core/sql/lexer.h"

namespace chokepoint::sql {
namespace {

bool is_id_start(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80; }
bool is_id_char(unsigned char c) { return is_id_start(c) || (c >= '0' && c <= '9') || c == '$'; }
bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
bool is_hex(unsigned char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

class Lexer {
 public:
  explicit Lexer(std::string_view in) : in_(in) {}

  bool run(std::vector<Token>& out, SyntaxError& err) {
    out.clear();
    out.reserve(in_.size() / 4 + 2);
    for (;;) {
      if (!skip_space_and_comments(err)) return false;
      Token t;
      t.offset = static_cast<uint32_t>(pos_);
      t.line = line_;
      t.column = static_cast<uint32_t>(pos_ - line_start_ + 1);
      if (pos_ >= in_.size()) {
        t.type = TokenType::End;
        out.push_back(t);
        return true;
      }
      size_t start = pos_;
      if (!scan(t, err)) return false;
      t.text = in_.substr(start, pos_ - start);
      if (t.type == TokenType::Word) t.keyword = keyword_of(t.text);
      out.push_back(t);
    }
  }

 private:
  unsigned char at(size_t i) const { return i < in_.size() ? static_cast<unsigned char>(in_[i]) : 0; }

  void advance_counting_lines(size_t to) {
    for (; pos_ < to; ++pos_)
      if (in_[pos_] == '\n') {
        ++line_;
        line_start_ = pos_ + 1;
      }
  }

  bool fail(SyntaxError& err, size_t where, std::string expected, std::string found) {
    // Position of `where`, counted from the current line start (scans never cross lines before failing except
    // in quoted text, where we recount).
    uint32_t line = 1;
    size_t ls = 0;
    for (size_t i = 0; i < where && i < in_.size(); ++i)
      if (in_[i] == '\n') {
        ++line;
        ls = i + 1;
      }
    err.line = line;
    err.column = static_cast<uint32_t>(where - ls + 1);
    err.expected = std::move(expected);
    err.found = std::move(found);
    return false;
  }

  bool skip_space_and_comments(SyntaxError&) {
    for (;;) {
      unsigned char c = at(pos_);
      if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
        ++pos_;
      } else if (c == '\n') {
        ++pos_;
        ++line_;
        line_start_ = pos_;
      } else if (c == '-' && at(pos_ + 1) == '-') {
        size_t end = in_.find('\n', pos_);
        pos_ = end == std::string_view::npos ? in_.size() : end;
      } else if (c == '/' && at(pos_ + 1) == '*') {
        // SQLite accepts a comment left open at the end of input.
        size_t end = in_.find("*/", pos_ + 2);
        advance_counting_lines(end == std::string_view::npos ? in_.size() : end + 2);
      } else {
        return true;
      }
    }
  }

  // Quoted text closed by `close`, where a doubled `close` stands for one (except for [brackets]).
  bool scan_quoted(char close, bool doubling, SyntaxError& err, const char* what) {
    size_t start = pos_;
    size_t i = pos_ + 1;
    for (;;) {
      size_t end = in_.find(close, i);
      if (end == std::string_view::npos)
        return fail(err, start, std::string("closing ") + close, std::string("unterminated ") + what);
      if (doubling && at(end + 1) == static_cast<unsigned char>(close)) {
        i = end + 2;
        continue;
      }
      advance_counting_lines(end + 1);
      return true;
    }
  }

  bool scan_number(Token& t, SyntaxError& err) {
    size_t start = pos_;
    t.type = TokenType::Number;
    if (at(pos_) == '0' && (at(pos_ + 1) == 'x' || at(pos_ + 1) == 'X') && is_hex(at(pos_ + 2))) {
      pos_ += 2;
      while (is_hex(at(pos_))) ++pos_;
    } else {
      while (is_digit(at(pos_))) ++pos_;
      if (at(pos_) == '.') {
        ++pos_;
        while (is_digit(at(pos_))) ++pos_;
      }
      if ((at(pos_) == 'e' || at(pos_) == 'E') &&
          (is_digit(at(pos_ + 1)) || ((at(pos_ + 1) == '+' || at(pos_ + 1) == '-') && is_digit(at(pos_ + 2))))) {
        pos_ += 2;
        while (is_digit(at(pos_))) ++pos_;
      }
    }
    if (is_id_char(at(pos_))) {
      size_t end = pos_;
      while (is_id_char(at(end))) ++end;
      return fail(err, start, "a number", std::string(in_.substr(start, end - start)));
    }
    return true;
  }

  bool scan(Token& t, SyntaxError& err) {
    unsigned char c = at(pos_);
    unsigned char n = at(pos_ + 1);
    if ((c == 'x' || c == 'X') && n == '\'') {
      size_t start = pos_;
      ++pos_;
      if (!scan_quoted('\'', false, err, "blob literal")) return false;
      size_t digits = pos_ - start - 3;
      for (size_t i = start + 2; i + 1 < pos_; ++i)
        if (!is_hex(at(i)))
          return fail(err, start, "hexadecimal digits in a blob", std::string(in_.substr(start, pos_ - start)));
      if (digits % 2 != 0)
        return fail(err, start, "an even number of hex digits", std::string(in_.substr(start, pos_ - start)));
      t.type = TokenType::Blob;
      return true;
    }
    if (is_id_start(c)) {
      while (is_id_char(at(pos_))) ++pos_;
      t.type = TokenType::Word;
      return true;
    }
    if (is_digit(c) || (c == '.' && is_digit(n))) return scan_number(t, err);
    switch (c) {
      case '\'':
        t.type = TokenType::String;
        return scan_quoted('\'', true, err, "string literal");
      case '"':
        t.type = TokenType::QuotedIdentifier;
        return scan_quoted('"', true, err, "quoted identifier");
      case '`':
        t.type = TokenType::QuotedIdentifier;
        return scan_quoted('`', true, err, "quoted identifier");
      case '[':
        t.type = TokenType::QuotedIdentifier;
        return scan_quoted(']', false, err, "bracketed identifier");
      case '?':
        t.type = TokenType::Parameter;
        ++pos_;
        while (is_digit(at(pos_))) ++pos_;
        return true;
      case ':':
      case '@':
      case '$':
        if (is_id_char(n)) {
          t.type = TokenType::Parameter;
          ++pos_;
          while (is_id_char(at(pos_))) ++pos_;
          return true;
        }
        break;
      default:
        break;
    }
    t.type = TokenType::Operator;
    auto two = [&](char a, char b) { return c == static_cast<unsigned char>(a) && n == static_cast<unsigned char>(b); };
    if (c == '-' && n == '>' && at(pos_ + 2) == '>') {
      pos_ += 3;
      return true;
    }
    if (two('|', '|') || two('<', '<') || two('>', '>') || two('<', '=') || two('>', '=') || two('=', '=') ||
        two('!', '=') || two('<', '>') || two('-', '>')) {
      pos_ += 2;
      return true;
    }
    switch (c) {
      case '(':
      case ')':
      case ',':
      case '.':
      case ';':
      case '+':
      case '-':
      case '*':
      case '/':
      case '%':
      case '&':
      case '|':
      case '<':
      case '>':
      case '=':
      case '~':
        ++pos_;
        return true;
      default:
        return fail(err, pos_, "a token", std::string(1, static_cast<char>(c)));
    }
  }

  std::string_view in_;
  size_t pos_ = 0;
  uint32_t line_ = 1;
  size_t line_start_ = 0;
};

}  // namespace

std::string SyntaxError::message() const {
  std::string m = "syntax error at line " + std::to_string(line) + ", column " + std::to_string(column);
  if (!expected.empty()) m += ": expected " + expected;
  if (found == "end of input")
    m += (expected.empty() ? ": found " : ", found ") + found;
  else if (!found.empty())
    m += (expected.empty() ? ": found '" : ", found '") + found.substr(0, 60) + "'";
  return m;
}

bool tokenize(std::string_view input, std::vector<Token>& tokens, SyntaxError& error) {
  if (input.size() >= 0xFFFFFFFFu) {
    error = SyntaxError{1, 1, "input under 4 GB", ""};
    return false;
  }
  return Lexer(input).run(tokens, error);
}

std::string unquote(std::string_view raw) {
  if (raw.size() < 2) return std::string(raw);
  char open = raw.front();
  char close = open == '[' ? ']' : open;
  std::string_view body = raw.substr(1, raw.size() - 2);
  std::string out;
  out.reserve(body.size());
  for (size_t i = 0; i < body.size(); ++i) {
    out.push_back(body[i]);
    if (open != '[' && body[i] == close && i + 1 < body.size() && body[i + 1] == close) ++i;
  }
  return out;
}

}  // namespace chokepoint::sql
