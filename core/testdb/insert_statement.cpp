// The INSERT-VALUES grammar of insert_statement.h over core/sql's tokens: a cursor, one function per production, and
// literal decoding as SQLite reads the same spelling (integers that overflow become reals, hex is an integer).
#include "core/testdb/insert_statement.h"

#include <cstdlib>

#include "core/base/decimal_text.h"
#include "core/base/text.h"
#include "core/sql/lexer.h"

namespace chokepoint::testdb {
namespace {

using sql::Keyword;
using sql::Token;
using sql::TokenType;

class Cursor {
 public:
  explicit Cursor(const std::vector<Token>& tokens) : t_(tokens) {}
  const Token& peek() const { return t_[i_]; }
  const Token& next() { return t_[i_ < t_.size() - 1 ? i_++ : i_]; }
  bool at_end() const { return peek().type == TokenType::End; }
  bool word(std::string_view w) const { return peek().type == TokenType::Word && iequals(peek().text, w); }
  bool op(std::string_view o) const { return peek().is_op(o); }
  bool take_op(std::string_view o) {
    if (!op(o)) return false;
    next();
    return true;
  }
  bool take_word(std::string_view w) {
    if (!word(w)) return false;
    next();
    return true;
  }
  // "expected X, found 'Y' at column N": the message of every refusal.
  Error expected(const std::string& what) const {
    const Token& tok = peek();
    const std::string found =
        tok.type == TokenType::End ? "the end of the line" : "'" + clip_utf8(std::string(tok.text), 40) + "'";
    return Error{"expected " + what + ", found " + found + " at column " + std::to_string(tok.column)};
  }

 private:
  const std::vector<Token>& t_;
  size_t i_ = 0;
};

// A table or column name: a word that is not a reserved keyword, or a quoted identifier.
Result<std::string> name(Cursor& c, const std::string& what) {
  const Token& tok = c.peek();
  if (tok.type == TokenType::QuotedIdentifier) return sql::unquote(c.next().text);
  if (tok.type == TokenType::Word && (tok.keyword == Keyword::None || sql::keyword_is_fallback_identifier(tok.keyword)))
    return std::string(c.next().text);
  return c.expected(what);
}

Value number_value(std::string_view text, bool negative) {
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    const unsigned long long u = std::strtoull(std::string(text.substr(2)).c_str(), nullptr, 16);
    const auto v = static_cast<int64_t>(u);
    return Value::of_int(negative ? -v : v);
  }
  if (text.find_first_of(".eE") == std::string_view::npos) {
    if (const auto v = parse_decimal_digits(text)) return Value::of_int(negative ? -*v : *v);
    if (negative && text == "9223372036854775808") return Value::of_int(INT64_MIN);
  }
  const double d = parse_decimal_real(text);
  return Value::of_real(negative ? -d : d);
}

std::string blob_bytes(std::string_view raw) {  // X'ABCD' -> two bytes
  std::string out;
  const std::string_view hex = raw.substr(2, raw.size() - 3);
  for (size_t i = 0; i + 1 < hex.size(); i += 2)
    out.push_back(static_cast<char>(std::strtoul(std::string(hex.substr(i, 2)).c_str(), nullptr, 16)));
  return out;
}

// One literal value.
Result<Value> literal(Cursor& c) {
  bool negative = false;
  bool signed_number = false;
  while (c.op("-") || c.op("+")) {
    negative ^= c.next().text == "-";
    signed_number = true;
  }
  const Token& tok = c.peek();
  if (tok.type == TokenType::Number) return number_value(c.next().text, negative);
  if (signed_number) return c.expected("a number after the sign");
  if (tok.type == TokenType::String) return Value::of_text(sql::unquote(c.next().text));
  // "..." in VALUES names no column: SQLite reads it as a string (its DQS fallback), and so do we.
  if (tok.type == TokenType::QuotedIdentifier && tok.text.front() == '"')
    return Value::of_text(sql::unquote(c.next().text));
  if (tok.type == TokenType::Blob) return Value::of_blob(blob_bytes(c.next().text));
  if (tok.is(Keyword::Null)) {
    c.next();
    return Value::null();
  }
  if (tok.is(Keyword::True) || tok.is(Keyword::False)) return Value::of_int(c.next().is(Keyword::True) ? 1 : 0);
  return c.expected("a literal value (string, number, NULL)");
}

Result<InsertStatement> statement(Cursor& c) {
  InsertStatement st;
  if (!c.take_word("INSERT")) return c.expected("INSERT");
  if (c.take_word("OR")) {
    if (!(c.take_word("REPLACE") || c.take_word("IGNORE") || c.take_word("ABORT") || c.take_word("FAIL") ||
          c.take_word("ROLLBACK")))
      return c.expected("REPLACE, IGNORE, ABORT, FAIL or ROLLBACK after INSERT OR");
  }
  if (!c.take_word("INTO")) return c.expected("INTO");
  auto table = name(c, "a table name");
  if (!table.ok()) return Error{table.error()};
  if (c.take_op(".")) {
    if (!iequals(*table, "main")) return Error{"only the main schema may be named, not '" + *table + "'"};
    table = name(c, "a table name after main.");
    if (!table.ok()) return Error{table.error()};
  }
  st.table = std::move(*table);
  if (c.take_op("(")) {
    do {
      auto col = name(c, "a column name");
      if (!col.ok()) return Error{col.error()};
      st.columns.push_back(std::move(*col));
    } while (c.take_op(","));
    if (!c.take_op(")")) return c.expected("')' after the column list");
  }
  if (!c.take_word("VALUES")) return c.expected("VALUES (only INSERT ... VALUES with literal values is read)");
  do {
    if (!c.take_op("(")) return c.expected("'(' opening a row of values");
    Row row;
    if (!c.op(")")) {
      do {
        auto v = literal(c);
        if (!v.ok()) return Error{v.error()};
        row.push_back(std::move(*v));
      } while (c.take_op(","));
    }
    if (!c.take_op(")")) return c.expected("',' or ')' in a row of values");
    st.rows.push_back(std::move(row));
  } while (c.take_op(","));
  return st;
}

}  // namespace

bool looks_like_insert(std::string_view line) {
  size_t i = 0;
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
  return line.size() - i >= 6 && iequals(line.substr(i, 6), "insert") &&
         (line.size() - i == 6 || !std::isalnum(static_cast<unsigned char>(line[i + 6])));
}

Result<std::vector<InsertStatement>> parse_insert_line(std::string_view line) {
  std::vector<Token> tokens;
  sql::SyntaxError error;
  if (!sql::tokenize(line, tokens, error)) return Error{error.message()};
  Cursor c(tokens);
  std::vector<InsertStatement> out;
  while (!c.at_end()) {
    auto st = statement(c);
    if (!st.ok()) return Error{st.error()};
    out.push_back(std::move(*st));
    if (c.at_end()) break;
    if (!c.take_op(";")) return c.expected("';' or the end of the line after the statement");
    while (c.take_op(";")) {
    }
  }
  if (out.empty()) return Error{"no INSERT statement on the line"};
  return out;
}

}  // namespace chokepoint::testdb
