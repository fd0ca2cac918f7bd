// Prints any AST as SQLite text on one line. Faithful to the spelling the tree keeps (identifier quotes and case,
// string quotes, number digits, the user's parentheses); keywords come out in upper case. Parentheses are added only
// where precedence requires them, so parse(print(t)) equals t for every tree the parser builds.
#pragma once
#include <string>
#include <string_view>

#include "core/sql/ast.h"

namespace chokepoint::sql {

std::string print_sql(const Node& node);
// `sql` printed from its parse, so spacing, keyword case, the case of function names and unquoted identifiers and
// redundant spelling no longer tell two equal queries apart (QVT's groups); the text trimmed of outer spaces when
// it does not parse.
std::string normalized_sql(std::string_view sql);

// An Identifier node as SQL text (with its quotes, or with '"' quotes when a bare name needs them).
std::string print_identifier(const Node& identifier);
// True if `name` cannot be written bare: empty, a leading digit, a character outside [A-Za-z0-9_$] and non-ASCII,
// or an SQLite keyword.
bool identifier_needs_quotes(std::string_view name);

}  // namespace chokepoint::sql
