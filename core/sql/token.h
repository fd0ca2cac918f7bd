// Tokens of SQLite's SQL as the lexer produces them: a type, the raw spelling (a view into the input), the keyword it
// spells if any, and its position. The parser works on a vector of these; nothing here allocates.
#pragma once
#include <cstdint>
#include <string_view>

namespace chokepoint::sql {

enum class TokenType : uint8_t {
  Word,              // bare identifier or keyword (see Token::keyword)
  QuotedIdentifier,  // "x", `x` or [x]; raw text includes the quotes
  String,            // 'x'; raw text includes the quotes
  Blob,              // X'ABCD'
  Number,            // 12, 1.5, .5, 1e-3, 0x1F
  Parameter,         // ?, ?1, :name, @name, $name
  Operator,          // punctuation and operators: ( ) , . ; + - * / % || << >> & | < <= > >= = == != <> ~ -> ->>
  End,               // end of input (always the last token)
};

// Keywords the parser and printer care about. `None` for ordinary words. Order is irrelevant; lookup is by name.
enum class Keyword : uint8_t {
  None,
  All,
  And,
  As,
  Asc,
  Between,
  By,
  Case,
  Cast,
  Collate,
  Cross,
  Current,
  CurrentDate,
  CurrentTime,
  CurrentTimestamp,
  Desc,
  Distinct,
  Else,
  End,
  Escape,
  Except,
  Exclude,
  Exists,
  False,
  Filter,
  First,
  Following,
  From,
  Full,
  Glob,
  Group,
  Groups,
  Having,
  In,
  Indexed,
  Inner,
  Intersect,
  Is,
  Isnull,
  Join,
  Last,
  Left,
  Like,
  Limit,
  Match,
  Materialized,
  Natural,
  No,
  Not,
  Notnull,
  Null,
  Nulls,
  Offset,
  On,
  Or,
  Order,
  Others,
  Outer,
  Over,
  Partition,
  Preceding,
  Range,
  Recursive,
  Regexp,
  Right,
  Row,
  Rows,
  Select,
  Then,
  Ties,
  True,
  Unbounded,
  Union,
  Using,
  Values,
  When,
  Where,
  Window,
  With,
  Reserved,  // any other SQLite keyword that cannot be a bare identifier (TABLE, INSERT, ...)
};

struct Token {
  TokenType type = TokenType::End;
  Keyword keyword = Keyword::None;  // set for Word tokens that spell a keyword
  std::string_view text;            // raw spelling in the input
  uint32_t offset = 0;              // byte offset in the input
  uint32_t line = 1;                // 1-based
  uint32_t column = 1;              // 1-based, in bytes

  bool is(Keyword k) const { return type == TokenType::Word && keyword == k; }
  bool is_op(std::string_view op) const { return type == TokenType::Operator && text == op; }
};

// The keyword a word spells (case-insensitive), or Keyword::None.
Keyword keyword_of(std::string_view word);
// SQLite keywords that may still be used as bare identifiers (SQLite's %fallback ID list in parse.y).
bool keyword_is_fallback_identifier(Keyword k);
// True if `word` is any SQLite keyword (the full list of sqlite3_keyword_name), case-insensitive.
bool is_sqlite_keyword(std::string_view word);
// Invariant check of the keyword table: sorted by name with no name twice (each is one slot of the lookup's hash
// table); used by tests.
bool keyword_table_is_sorted();

}  // namespace chokepoint::sql
