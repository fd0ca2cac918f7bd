// The schema graph (decisions.md §4): undirected, one node per table (isolated tables included), one edge per pair of
// tables that can be joined, each edge holding every admissible join condition ("label") with the source that
// produced it. |E| counts table pairs, not labels, as the thesis' Tables 1.1 and 3.5 do.
#pragma once
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/graph/join_hint.h"
#include "core/graph/undirected_graph.h"
#include "core/schema/schema.h"

namespace chokepoint {

enum class LabelSource {
  fk,        // a declared foreign key, either direction (self-references dropped)
  sibling,   // two foreign keys referencing the same column (or, with SiblingRule::table, table) of a third table
  workload,  // an equi-join found in an evaluation set's SQL
  user,      // a join hint from the user's JSON file
};
const char* to_string(LabelSource source);

// Which FK–FK pairs become `sibling` labels. `column` (default): both keys reference the same column, so the join
// is implied by equality. `table`: the same referenced table, whatever the column, as the published reference
// implementation does (it invents joins between unrelated columns, but reproduces thesis Table 3.5). `none`: off.
enum class SiblingRule { column, table, none };
const char* to_string(SiblingRule rule);
Result<SiblingRule> parse_sibling_rule(const std::string& text);

// One join condition: left_table.left_columns[i] = right_table.right_columns[i] for all i (composite keys have
// several pairs). Tables and columns are spelled as in the schema. For `fk` labels left is the referencing table.
struct JoinLabel {
  std::string left_table;
  std::vector<std::string> left_columns;
  std::string right_table;
  std::vector<std::string> right_columns;
  LabelSource source = LabelSource::fk;

  // "atom.atom_id = connected.atom_id"; composite: "a.x = b.x AND a.y = b.y".
  std::string text() const;
};

struct SchemaEdge {
  int a = 0, b = 0;               // table indices into SchemaGraph::tables, a < b
  std::vector<JoinLabel> labels;  // at least one; sources in order fk, sibling, workload, user; no duplicates
};

struct SchemaGraph {
  std::string db_id;
  std::vector<std::string> tables;    // schema declaration order; node i is tables[i]
  std::vector<SchemaEdge> edges;      // sorted by (a, b)
  std::vector<std::string> warnings;  // keys or hints that could not be placed (unknown table or column, ...)

  int find_table(const std::string& name) const;    // case-insensitive; -1 when absent
  const SchemaEdge* find_edge(int u, int v) const;  // either order; nullptr when the tables are not joinable
  std::vector<int> neighbours(int table) const;     // ascending
  size_t label_count() const;
  UndirectedGraph to_undirected() const;  // node labels = table names
};

struct SchemaGraphOptions {
  SiblingRule siblings = SiblingRule::column;
};

// Builds the graph from the declared keys plus optional hints. Hints whose db_id is set and differs from
// schema.db_id are skipped silently; hints naming unknown tables or columns are skipped with a warning;
// a condition already present (in either orientation, any source) is not repeated.
SchemaGraph build_schema_graph(const Schema& schema, const SchemaGraphOptions& options = {},
                               const std::vector<JoinHint>& workload = {}, const std::vector<JoinHint>& user = {});

}  // namespace chokepoint
