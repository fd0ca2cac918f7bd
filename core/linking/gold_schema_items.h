// The schema items a query uses: the base tables it reads and the base columns it names, found by name resolution
// (core/sql/name_resolution.h) through aliases, subqueries and CTEs. Applied to a gold query it gives the gold of
// schema linking (004 §3.5: T_n) and of retrieval (001 Table VIII: the required columns); applied to a preliminary
// SQL it is PreSQL's retrieval. The tables are the set runner::gold_tables gives (the BigTable strata count the same).
#pragma once
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/schema/schema.h"
#include "core/sql/ast.h"

namespace chokepoint::linking {

// Invariant: schema spelling, distinct case-insensitively, sorted; every column's table is among `tables`.
struct SchemaItems {
  std::vector<std::string> tables;
  std::vector<std::string> columns;  // "table.column"
};

// The items of a parsed query (Select or Compound). A column counts when it resolves to a column of a schema table:
// written anywhere (result list, WHERE, ON, GROUP BY, ORDER BY, subqueries), named in JOIN ... USING, or expanded
// from * and t.* in a result list (all columns of the tables it covers; not in EXISTS (SELECT * ...), which reads no
// column). COUNT(*) names none; rowid and unknown names are left out, as are tables the schema does not have.
SchemaItems query_schema_items(const sql::Node& query, const Schema& schema);
// The same from SQL text; an error when it does not parse.
Result<SchemaItems> schema_items_of(const std::string& sql, const Schema& schema);

// Every table and column of the schema: what Full-Schema retrieval hands on (001 Table VIII).
SchemaItems full_schema_items(const Schema& schema);
// Every column of the given tables (unknown names skipped): the columns a table-level method's answer hands on.
std::vector<std::string> columns_of_tables(const Schema& schema, const std::vector<std::string>& tables);

}  // namespace chokepoint::linking
