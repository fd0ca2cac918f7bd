// The schema items a gold query uses, found by its name resolution (core/sql/read_schema_items.h), and SynSQL's oracle
// schema built from them (seed 002 §5.3, Table 4 "SynSQL w Oracle Schema": the selector replaced by the gold's own
// tables and columns). The same items tell a selector omission from a misinterpretation in Fig. 4
// (success_diagnosis.h).
#pragma once
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/schema/schema.h"
#include "core/testdb/schema_selector.h"

namespace chokepoint::testdb {

// Invariant: schema spelling, each once (case-insensitively), in the schema's order; every column's table is listed.
struct GoldSchemaItems {
  std::vector<std::string> tables;  // base tables read at any depth (subqueries, CTE bodies, compound arms)
  std::vector<ColumnRef> columns;   // base columns named anywhere, JOIN ... USING columns, and * / t.* expanded
};

// The items of `gold_sql` against `schema`, by the rules core/linking's gold_schema_items uses for schema linking
// (testdb may not depend on linking): COUNT(*) names no column, a star in EXISTS (SELECT * ...) reads none, rowid
// and unknown names are left out. An error when the gold does not parse or reads no table of the schema.
Result<GoldSchemaItems> gold_schema_items(const std::string& gold_sql, const Schema& schema);

// Table 4's oracle schema: the gold's tables and columns and nothing else (reduce_schema without the key rule: a
// primary or foreign key is declared only when the gold names all its columns). A table the gold reads without
// naming a column (SELECT count(*) FROM t) is kept through its primary key's first column, or its first column when
// it has none: a table needs a column. So counted, Spider dev's golds average 2.81 columns and BIRD dev's 4.50
// against the paper's CC of 2.85 and 4.71; our key rule would make them 3.60 and 5.65. The gold's columns are
// `selected`; nothing is `expanded` or `key_added`.
Result<ReducedSchema> oracle_schema(const Schema& full, const std::string& gold_sql);

// The gold's tables and columns that `used` lacks: the missing tables ("table") first, then the missing columns of
// the tables it kept ("table.column"), each in `items`' order; empty when everything the gold needs is in `used`.
std::vector<std::string> missing_gold_items(const GoldSchemaItems& items, const Schema& used);

}  // namespace chokepoint::testdb
