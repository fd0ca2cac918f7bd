// The SQLite tokenizer: turns SQL text into Tokens (identifiers quoted with " ` [ ], strings, blobs, numbers in every
// form, parameters, operators), skipping whitespace and comments. Linear time, no recursion, so hostile input (a
// 10 MB string literal, an unterminated comment) costs one pass.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/sql/token.h"

namespace chokepoint::sql {

// Where and why parsing stopped. `expected` names what the grammar wanted there; `found` is the offending text.
struct SyntaxError {
  uint32_t line = 1;
  uint32_t column = 1;
  std::string expected;
  std::string found;
  std::string message() const;  // "syntax error at line 1, column 8: expected X, found 'Y'"
};

// Tokenizes all of `input`; the last token is always TokenType::End. Returns false and fills `error` on an
// unrecognized token (unterminated string or identifier, malformed number or blob, stray character).
bool tokenize(std::string_view input, std::vector<Token>& tokens, SyntaxError& error);

// Decoded contents of a quoted token: quotes removed, doubled quote characters undoubled ('it''s' -> it's).
std::string unquote(std::string_view raw);

}  // namespace chokepoint::sql
