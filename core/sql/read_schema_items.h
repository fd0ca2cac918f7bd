// The base tables and columns a query reads, by name resolution: every table instance the query names, every column
// reference that resolves to a base column, both sides' column of JOIN ... USING (x), and the columns a star covers
// (all of its scope's instances, or the one of t.*; a star under EXISTS reads nothing). Schema linking scores a
// prediction against these items of the gold, and the oracle schema of SynSQL keeps exactly them.
#pragma once
#include <vector>

#include "core/schema/schema.h"
#include "core/sql/ast.h"

namespace chokepoint::sql {

// One item read: a table (column null) or one of its columns, both pointing into the schema given.
struct ReadItem {
  const Table* table = nullptr;
  const Column* column = nullptr;
};

// In the order the resolution meets them, with repeats; callers keep the order and de-duplication they need. Names
// the schema lacks are left out.
std::vector<ReadItem> read_schema_items(const Node& query, const Schema& schema);

}  // namespace chokepoint::sql
