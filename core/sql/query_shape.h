// Facts about one SQL query for the panels and reports (joins, tables, the main join query graph as a picture),
// through the parser, name resolution and join query graphs.
#pragma once
#include <string>

#include "core/schema/schema.h"
#include "core/sql/join_query_graph.h"

namespace chokepoint::sql {

// Joins in the main scope's join query graph: table instances minus one (0 for a single table); -1 when the SQL
// does not parse.
int join_count(const std::string& sql, const Schema& schema);
// The tables (lower case) of the main scope's join query graph, for highlighting in the schema graph.
std::vector<std::string> query_tables(const std::string& sql, const Schema& schema);

// The main scope's join query graph, ready to draw: node labels ("atom" or "T2 (atom)"), edges and each edge's
// conditions as text. Empty when the SQL does not parse.
struct QueryGraphPicture {
  std::vector<std::string> nodes;
  std::vector<std::pair<int, int>> edges;
  std::vector<std::string> edge_conditions;  // one line per condition
};
QueryGraphPicture query_graph_picture(const std::string& sql, const Schema& schema);

}  // namespace chokepoint::sql
