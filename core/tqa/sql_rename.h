// Gold SQL under a rename plan, through the AST (never text substitution): table sources, column references
// resolved to a renamed base column, qualifiers that spell a table's name, `t.*`, USING lists, and references to
// a subquery's or CTE's unaliased output columns (whose names follow the renamed column). Untouched by
// construction: string literals (including double-quoted words SQLite reads as strings), aliases of tables and
// result columns, function names and keywords.
#pragma once
#include <string>
#include <string_view>

#include "core/base/result.h"
#include "core/schema/schema.h"
#include "core/tqa/rename_plan.h"

namespace chokepoint::tqa {

// `schema` is the original schema (names resolve against it). Errors only on a syntax error.
Result<std::string> rename_sql(std::string_view sql, const Schema& schema, const RenamePlan& plan);

}  // namespace chokepoint::tqa
