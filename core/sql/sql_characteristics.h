// Per-query SQL characteristics as NL2SQL360 counts them (src/nl2sql360/parser/sql_parser.py, class SQLParser: one
// count_* property per keyword class, over a sqlglot tree), here over our AST. They describe a set's items for
// scenario filters ("joins >= 2 && subqueries = 0", scenario_filter.h) and for breakdown tables grouped by any one.
#pragma once
#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "core/base/result.h"
#include "core/sql/ast.h"

namespace chokepoint::sql {

// The counters, in the order reports list them. Each name's definition, with how it maps sqlglot's node classes to
// ours, is at characteristic_definition().
enum class Characteristic {
  SelectFields,       // count_query_fields: result columns of the first SELECT of a compound
  Joins,              // count_join: JOINs and comma joins (sqlglot parses "FROM a, b" as a Join)
  Subqueries,         // count_subquery: queries nested in FROM, in expressions, IN (...) and EXISTS (...)
  SetOperations,      // count_set_operation: UNION [ALL], INTERSECT, EXCEPT
  Aggregates,         // count_aggregation: count, sum, avg, min, max (one argument), total, group_concat
  ScalarFunctions,    // count_scalar_function: abs, length, cast, round, upper, lower, random, strftime, instr, substr
  GroupBy,            // count_group_by: GROUP BY clauses
  OrderBy,            // count_order_by: ORDER BY clauses, window ORDER BY included (sqlglot's exp.Order)
  Limit,              // count_limit
  Window,             // count_window: window function calls (OVER ...)
  ControlFlow,        // count_control_flow: CASE and IIF
  Like,               // count_like: LIKE (GLOB and REGEXP are other sqlglot classes)
  Distinct,           // count_distinct: SELECT DISTINCT and DISTINCT inside an aggregate
  Predicates,         // count_predicate: comparisons, IS, IN, LIKE/GLOB/REGEXP, BETWEEN, EXISTS
  Math,               // count_math_compute: + - * / %
  LogicalConnectors,  // count_logical_connecter: AND, OR
};
constexpr size_t kCharacteristicCount = 16;
using Characteristics = std::array<int, kCharacteristicCount>;

const char* characteristic_name(Characteristic c);        // "joins", "subqueries", ... (stable: filters use them)
const char* characteristic_definition(Characteristic c);  // one line, for tooltips and --help
// The characteristic called `name` (ours, or NL2SQL360's column name such as "count_join"), or nullopt.
std::optional<Characteristic> characteristic_named(std::string_view name);

Characteristics count_characteristics(const Node& root);
// Parses `sql` first; an error says why it did not parse.
Result<Characteristics> sql_characteristics(const std::string& sql);

}  // namespace chokepoint::sql
