// Recursive-descent parser for SQLite's SELECT language as Spider and BIRD use it (see ast.h for the tree it
// builds). Operator precedence follows SQLite's parse.y. Nesting is capped (kMaxParseDepth) so hostile input such as
// 100,000 nested parentheses returns an error instead of overflowing the stack.
#pragma once
#include <string_view>

#include "core/base/result.h"
#include "core/sql/ast.h"
#include "core/sql/lexer.h"

namespace chokepoint::sql {

constexpr int kMaxParseDepth = 1000;  // recursion depth of the parser (nested parentheses, subqueries, NOTs)
constexpr int kMaxTreeHeight = 2500;  // height of the tree (long operator chains, compound chains)

// One statement: a query (Select or Compound, with its WITH clause), optionally followed by semicolons.
// On failure the message says line, column, what was expected and what was found; `error`, when given,
// receives the same in structured form.
Result<NodePtr> parse_sql(std::string_view sql, SyntaxError* error = nullptr);

// One expression ("T1.a = T2.b AND x > 3"), for transforms that build conditions from text.
Result<NodePtr> parse_expression(std::string_view sql, SyntaxError* error = nullptr);

}  // namespace chokepoint::sql
