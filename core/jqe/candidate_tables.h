// Stage A of JQE (thesis Algorithm 1 lines 8–14; decisions.md §5.1): the tables that can be added to a query, i.e.
// the schema-graph neighbours of its base-table instances that the query does not already use.
#pragma once
#include <vector>

#include "core/graph/schema_graph.h"
#include "core/sql/join_query_graph.h"

namespace chokepoint::jqe {

// Schema table indices, ordered by table name (case-insensitive, then as spelled) for a deterministic sequence.
// Derived nodes (subqueries, CTEs) and tables unknown to the schema contribute no neighbours.
std::vector<int> candidate_tables(const sql::JoinQueryGraph& jqg, const SchemaGraph& graph);

// Schema table index of each JQG node (-1 for derived or unknown nodes).
std::vector<int> node_tables(const sql::JoinQueryGraph& jqg, const SchemaGraph& graph);

}  // namespace chokepoint::jqe
