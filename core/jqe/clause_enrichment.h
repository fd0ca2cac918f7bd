// Optional enrichment of a kept expansion (thesis §3.2, after Algorithm 1; SQLMorph §IV Stage D: "Optionally,
// simple predicates or projections may be added"): one projection column and/or one predicate on the newly joined
// table, chosen from the statistics of the existing set, so the new table contributes more than a join. Built on
// the syntax tree, qualified with the new table's alias. Each addition must pass the same validity check as the
// expansion (non-empty and meaningful with data; preparing on the schema database without); an addition that fails
// is dropped, the expansion itself is kept as it was.
#pragma once
#include <string>
#include <vector>

#include "core/db/connection.h"
#include "core/jqe/set_statistics.h"
#include "core/schema/schema.h"
#include "core/sql/ast.h"

namespace chokepoint::jqe {

struct EnrichmentRequest {
  const sql::Node* expansion = nullptr;         // the expanded query's tree (not modified)
  const Table* table = nullptr;                 // the newly joined table
  std::string ref;                              // how the query names it: its alias, else its table name
  const TableStatistics* statistics = nullptr;  // nullptr: the set never mentions the table, nothing to add
  bool add_projection = false;
  bool add_predicate = false;
  const Connection* data = nullptr;       // execution check and most frequent values; nullptr = schema-only
  const Connection* schema_db = nullptr;  // schema-only: prepare check (nullptr: no check)
  int timeout_ms = 5000;
};

struct Enrichment {
  std::string projection;            // the added result column as printed ("T3.bond_type"), "" if none
  std::string predicate;             // the added predicate as printed ("T3.bond_type = '-'"), "" if none
  std::string literal_source;        // "set" (the statistics' literal) or "database" (the column's most frequent value)
  std::vector<std::string> dropped;  // additions tried and dropped, with the reason
  std::string sql;                   // the enriched query; "" when nothing was added
  sql::NodePtr tree;

  bool enriched() const { return !projection.empty() || !predicate.empty(); }
};

// The projection column: the table's column most often projected by the set (ties: schema order). "" if none.
std::string choose_projection(const TableStatistics& statistics, const Table& table);

// The predicate: the most frequent usable shape (=, !=, <, <=, >, >=, LIKE, GLOB with a number or string literal)
// of the table's most filtered column that has one (ties: schema order; shapes as SetStatistics sorts them).
// False when the statistics hold none.
bool choose_predicate(const TableStatistics& statistics, const Table& table, std::string& column,
                      PredicateShape& shape);

// The most frequent non-NULL value of `column` in `table` (ties: the smallest value), or NULL on error/empty.
Value most_frequent_value(const Connection& db, const std::string& table, const std::string& column, int timeout_ms);

// Adds the requested clauses; projection first, then the predicate on top of what was kept. The projection is
// skipped when the main SELECT aggregates or groups (a bare column would take an arbitrary row's value). The
// predicate is ANDed to the main WHERE. With data, a predicate whose set literal gives an empty result is retried
// once as `= <the column's most frequent value>`. Never throws.
Enrichment enrich_expansion(const EnrichmentRequest& request);

}  // namespace chokepoint::jqe
