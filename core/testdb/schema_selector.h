// SynSQL's schema selector (seed 002 §3.3, Algorithm 1): the columns a synthetic database needs for one question.
// Three selection answers (temperatures 0, 0.3, 0.7) are unioned, one expansion answer adds at most 3 related
// columns, and then a rule of ours the paper leaves open: the primary key of every kept table and the key columns of
// the declared foreign keys between kept tables are always kept, and recorded as added by that rule. The reduced
// schema keeps the full schema's order, types, NOT NULL and the foreign keys whose both tables survive.
#pragma once
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/schema/schema.h"

namespace chokepoint::testdb {

// A column of the schema, in the schema's spelling.
struct ColumnRef {
  std::string table;
  std::string column;
  std::string text() const { return table + "." + column; }  // "circuits.location"
  bool operator==(const ColumnRef& o) const;                 // ASCII case-insensitive, as SQLite names compare
};

// One selection answer (the A.11 shape: {"chain_of_thought_reasoning", "<table>": [columns], "foreign_keys":
// ["t1.c1 = t2.c2"]}).
struct ColumnSelection {
  std::vector<ColumnRef> columns;  // in the answer's order, once each; names the schema lacks are left out
  // Both endpoints of each "t1.c1 = t2.c2" whose columns exist: kept as the model's choice (they may add a table),
  // but only the schema's declared foreign keys become constraints.
  std::vector<ColumnRef> join_columns;
  std::vector<std::string> unknown;  // names the schema lacks, as written (for the report)
};

// Reads a selection answer: the first JSON object of the text (code fences and prose around it tolerated), every key
// but chain_of_thought_reasoning and foreign_keys naming a table (a list of columns, "table.column" accepted too).
// An error when there is no JSON object or it names no column of the schema.
Result<ColumnSelection> parse_column_selection(const std::string& answer, const Schema& schema);

// Reads an expansion answer: our shape {"chain_of_thought_reasoning", "columns": ["table.column", ...]} (the paper's
// JSON format is lost from its text), or the selection shape. The first `max` columns not already in `selected`, in
// the answer's order. An error when there is no JSON object; an answer adding nothing is an empty list.
Result<std::vector<ColumnRef>> parse_column_expansion(const std::string& answer, const Schema& schema,
                                                      const std::vector<ColumnRef>& selected, size_t max = 3);

struct ReducedSchema {
  Schema schema;                     // the kept tables and columns, in the full schema's order
  std::vector<ColumnRef> selected;   // the union of the selection answers (and their join columns), in order
  std::vector<ColumnRef> expanded;   // added by the expansion answer (at most 3)
  std::vector<ColumnRef> key_added;  // added by the key rule: primary keys, foreign-key columns between kept tables
  size_t column_count() const;       // columns of the reduced schema (the paper's CC counts these)
};

// The reduced schema of `selected` + `expanded` with the key rule applied (see the file comment). Foreign keys whose
// target table is not kept are dropped; the kept ones keep both their columns (the rule added them). Without the key
// rule (Table 4's oracle schema, oracle_schema.h) nothing is added: a primary key is declared only when all its
// columns are kept, a foreign key only when all of its columns on both sides are.
ReducedSchema reduce_schema(const Schema& full, const std::vector<ColumnRef>& selected,
                            const std::vector<ColumnRef>& expanded, bool key_rule = true);

// The union of several selections in order (first appearance wins), join columns after each selection's columns.
std::vector<ColumnRef> union_selections(const std::vector<ColumnSelection>& selections);

// "table.column" per line: what the expansion prompt shows as the columns already selected.
std::string selected_columns_text(const std::vector<ColumnRef>& columns);

}  // namespace chokepoint::testdb
