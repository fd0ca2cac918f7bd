// The 40 SQL-syntax features of SQLSpace (003 Table 10, #74-#113) decided from our parse of the gold SQL. Each
// predicate gets one operational definition, written next to its rule in the .cpp; where the predicate is vague
// (#93, #96, #98, #105, #111, #113) the definition is our reading and the catalogue marks it an approximation.
#pragma once
#include <string_view>
#include <vector>

#include "core/base/result.h"
#include "core/schema/schema.h"
#include "core/sql/ast.h"
#include "core/sqlspace/feature_catalogue.h"

namespace chokepoint::sqlspace {

// The 40 rules' definitions, in id order.
const std::vector<RuleDefinition>& sql_syntax_rules();

// All 40 decisions for a parsed query. `sql` is the text the tree came from (parenthesis depth is read from its
// tokens); `schema`, when given, lets unqualified columns resolve, which #104 (correlated subquery) needs for
// references without a table name.
std::vector<FeatureDecision> decide_sql_syntax(std::string_view sql, const sql::Node& query,
                                               const Schema* schema = nullptr);
// Parses first; an error when the SQL does not parse.
Result<std::vector<FeatureDecision>> decide_sql_syntax(std::string_view sql, const Schema* schema = nullptr);

}  // namespace chokepoint::sqlspace
