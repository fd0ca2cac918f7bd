// Statistics of an existing evaluation set for JQE's optional enrichment (thesis §3.2 after Algorithm 1:
// "Predicate statistics derived from the existing queries in the evaluation set are optionally used to add
// additional predicates"; SQLMorph §IV Stage D: "simple predicates or projections may be added"). For every base
// table of every database: which of its columns the set projects and filters on, and with which predicate shapes
// (operator, literal kind, literal value), with their frequencies. Columns are credited to base tables through
// aliases, subqueries and CTEs by name resolution. Everything is sorted, so equal sets give equal statistics.
#pragma once
#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "core/schema/schema.h"
#include "core/sql/ast.h"
#include "core/sql/name_resolution.h"

namespace chokepoint::jqe {

enum class LiteralKind { number, string, null, other };  // other: a subquery, column list or expression
const char* to_string(LiteralKind kind);

// One predicate shape on a column: `<column> <op> <literal>`, column on the left (a literal written on the left is
// flipped: 5 < x counts as x > 5). Operators are normalised: "==" -> "=", "<>" -> "!="; LIKE/GLOB/IN/BETWEEN carry
// their NOT ("NOT LIKE"); "IS NULL"/"IS NOT NULL" cover IS, ISNULL and NOTNULL. value: a string's decoded text, a
// number's spelling (with its sign), "" for null/other; IN and BETWEEN have kind other unless every item is a
// literal of one kind, then value is the items printed ("'a', 'b'"; "1 AND 5").
struct PredicateShape {
  std::string op;
  LiteralKind kind = LiteralKind::other;
  std::string value;
  size_t count = 0;
};

struct ColumnStatistics {
  std::string column;                  // schema spelling
  size_t projections = 0;              // occurrences in SELECT lists (inside aggregates too)
  size_t predicates = 0;               // occurrences as the column side of a predicate in WHERE or HAVING
  std::vector<PredicateShape> shapes;  // most frequent first; ties by op, kind, value
};

struct TableStatistics {
  std::string table;                      // schema spelling
  std::vector<ColumnStatistics> columns;  // only columns with some count, in the schema's declaration order

  const ColumnStatistics* find(const std::string& column) const;  // case-insensitive
};

struct SetStatistics {
  size_t queries = 0;  // queries counted
  size_t skipped = 0;  // not parsed, or db_id unknown
  // db_id -> lower-case table name -> statistics
  std::map<std::string, std::map<std::string, TableStatistics>> tables;

  const TableStatistics* find(const std::string& db_id, const std::string& table) const;  // case-insensitive
};

struct StatisticsQuery {
  std::string db_id;
  std::string sql;
};

// Counts one already parsed and resolved query (any Select or Compound) into `stats`.
void add_query_statistics(SetStatistics& stats, const std::string& db_id, const sql::Node& query,
                          const sql::NameResolution& names, const Schema& schema);

// Parses and counts one query; one that does not parse or whose db_id has no schema is counted in `skipped`.
void collect_query_statistics(SetStatistics& stats, const StatisticsQuery& query,
                              const std::map<std::string, const Schema*>& schemas);
// Parses and counts every query; queries that do not parse or whose db_id has no schema are counted in `skipped`.
SetStatistics collect_set_statistics(const std::vector<StatisticsQuery>& queries,
                                     const std::map<std::string, const Schema*>& schemas);

}  // namespace chokepoint::jqe
