// Join query graphs (decisions.md §3): per SELECT scope, nodes are the table instances of its FROM clause (a self-join
// gives two; a subquery or CTE in FROM is a derived node) and an edge joins two instances with at least one
// equi-join condition a.x = b.y between them, from JOIN ... ON, USING, NATURAL JOIN or a top-level AND conjunct of
// WHERE. Each edge keeps its conditions with columns resolved to base table + column. Nested scopes get their own
// graphs; the main scope's graph is the one join query expansion works on.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/base/result.h"
#include "core/schema/schema.h"
#include "core/sql/ast.h"
#include "core/sql/name_resolution.h"

namespace chokepoint::sql {

enum class JoinSource { On, Using, Natural, Where };
const char* join_source_name(JoinSource s);  // "on", "using", "natural", "where"

// One equi-join condition between two instances, oriented as written (left side first). Columns are the base
// table and column when known (derived columns traced to their origin); otherwise the instance's name and the
// column as written.
struct JoinCondition {
  int left_instance = -1;
  int right_instance = -1;
  std::string left_table, left_column;
  std::string right_table, right_column;
  JoinSource source = JoinSource::On;
  const Node* node = nullptr;  // the "=" Binary node (On, Where) or the Join node (Using, Natural)
};

struct JqgNode {
  int instance = -1;  // id in NameResolution::instances
  std::string table;  // base table (schema spelling), CTE name, or "" for a subquery
  std::string alias;  // "" if none
  bool derived = false;
};

struct JqgEdge {
  int a = -1, b = -1;                     // indices into JoinQueryGraph::nodes, a < b
  std::vector<JoinCondition> conditions;  // in the order they appear in the query
};

struct JoinQueryGraph {
  int scope = -1;
  const Node* select = nullptr;
  std::vector<JqgNode> nodes;  // FROM order
  std::vector<JqgEdge> edges;  // sorted by (a, b)

  int node_of_instance(int instance) const;  // index in nodes, or -1
  bool is_cyclic() const;                    // |E| > |V| - components
};

// The graph of one scope.
JoinQueryGraph build_join_query_graph(const NameResolution& names, const Schema& schema, int scope);
// One graph per scope, in scope order (the main scope's graph is at index names.main_scope).
std::vector<JoinQueryGraph> build_join_query_graphs(const NameResolution& names, const Schema& schema);

// An equi-join between two base tables, as the schema-graph builder's "workload" labels need them.
struct EquiJoinPair {
  std::string table_a, column_a;
  std::string table_b, column_b;
};
// Every equi-join pair of every scope of `sql` whose two sides resolve to base tables of `schema`, in order of
// appearance, without repeats (a pair and its mirror image count as the same). Errors only on a syntax error.
Result<std::vector<EquiJoinPair>> workload_equi_joins(std::string_view sql, const Schema& schema);

}  // namespace chokepoint::sql
