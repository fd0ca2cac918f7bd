// Does a query's outermost SELECT end with ORDER BY? Spider's test-suite evaluator compares rows as a list only then.
// A small token scan (skips strings, quoted identifiers, comments and parenthesised subqueries) stands in until the
// SQL front end's parser can answer from the AST.
#pragma once
#include <string>

namespace chokepoint {

// True when ORDER BY appears at parenthesis depth 0, outside strings and comments. An ORDER BY inside a subquery,
// a window (OVER (... ORDER BY ...)) or an aggregate's argument list does not count.
bool has_outer_order_by(const std::string& sql);

}  // namespace chokepoint
