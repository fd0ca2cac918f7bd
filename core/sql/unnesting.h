// Unnesting before join query expansion (thesis §3.3.1: BIRD dev's 1,534 queries give 1,480 seeds once CTEs are
// unnested): a CTE used once or a FROM subquery that is a plain select-project-join is inlined into the main SELECT;
// every other derived table stays nested, with the reason (rule: docs/decisions.md §34).
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/base/result.h"
#include "core/schema/schema.h"

namespace chokepoint::sql {

// Why a derived table was left in place. The body of an inlinable one is a SELECT with a FROM of inner joins, no
// aggregate, GROUP BY, HAVING, DISTINCT, LIMIT, OFFSET, ORDER BY, window or WITH of its own; a CTE is referenced once.
enum class NestingReason {
  set_operation,        // the body is a UNION / INTERSECT / EXCEPT
  own_with,             // the body declares CTEs of its own
  recursive,            // WITH RECURSIVE
  used_more_than_once,  // a CTE referenced more than once (inlining would repeat its work)
  aggregate,            // GROUP BY, HAVING or an aggregate call in the body
  window,               // a window function in the body
  distinct,             // SELECT DISTINCT
  limit,                // LIMIT or OFFSET
  order_by,             // ORDER BY
  no_from,              // a body without FROM
  outer_join,           // the derived table is null-supplied by an outer join, or its body has one
  using_or_natural,     // a USING or NATURAL join in the outer FROM or the body: column merging would change
  other,                // a shape the rewrite does not attempt (parenthesised join, duplicate column names, ...)
};
const char* nesting_reason_name(NestingReason r);  // "set_operation", "own_with", ..., "other"

struct InlinedTable {
  std::string name;  // the CTE name or the subquery's alias ("" for an unnamed subquery)
  bool cte = false;
};

struct NestedTable {
  std::string name;  // as InlinedTable
  bool cte = false;
  NestingReason reason = NestingReason::other;
  std::string detail;  // what in the query gave the reason: "GROUP BY", "COUNT", "referenced 2 times", ...
};

// Invariants: `sql` is the input text, untouched, when `inlined` is empty; otherwise the rewritten query printed from
// the tree, which parses and returns the same rows as the input on every database of the schema. `nested` lists the
// derived tables the main SELECT's FROM still holds (FROM order).
struct Unnesting {
  std::string sql;
  std::vector<InlinedTable> inlined;  // in the order they were inlined
  std::vector<NestedTable> nested;
  bool changed() const { return !inlined.empty(); }
};

// Inlines every inlinable derived table of the main SELECT's FROM, repeatedly (a subquery inside an inlined one, or a
// CTE another inlined CTE reads, becomes a derived table of the main FROM and is judged in turn), at most 256 of them
// (the rest are listed as nested, reason other). A compound query (UNION ...) is returned unchanged with nothing
// listed. Errors only when `sql` does not parse.
//
// The rewrite: the body's tables take the derived table's place in the FROM (the first with the derived table's
// join operator, the others with their own); a body alias that another table of the query already uses is renamed
// (T<n> style when the query uses it, else name_<n>); every column of the body is qualified; each outer reference to
// a derived column becomes the body's expression (a bare result column keeps its name with AS); `*` and `d.*` over
// the derived table become its column list; the ON condition of the derived table's join stays there if it only
// reads tables joined so far, else it moves to WHERE; the body's WHERE is ANDed after the outer WHERE; the CTE leaves
// the WITH clause (and an empty WITH disappears).
Result<Unnesting> unnest(std::string_view sql, const Schema& schema);

// {"sql", "changed", "inlined": [{"name", "kind": "cte"|"subquery"}],
//  "nested": [{"name", "kind", "reason", "detail"}]}
nlohmann::json unnesting_json(const Unnesting& u);

}  // namespace chokepoint::sql
