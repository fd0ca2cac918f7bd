// Query facts via parse -> resolve -> join query graph.
#include "core/sql/query_shape.h"

#include "core/sql/parser.h"

namespace chokepoint::sql {
namespace {

bool main_graph(const std::string& sql, const Schema& schema, JoinQueryGraph& out) {
  auto ast = parse_sql(sql);
  if (!ast.ok()) return false;
  const NameResolution names = resolve_names(**ast, schema);
  if (names.main_scope < 0) return false;
  out = build_join_query_graph(names, schema, names.main_scope);
  out.select = nullptr;  // the AST dies here
  for (auto& e : out.edges)
    for (auto& c : e.conditions) c.node = nullptr;
  return true;
}

}  // namespace

int join_count(const std::string& sql, const Schema& schema) {
  JoinQueryGraph g;
  if (!main_graph(sql, schema, g)) return -1;
  return g.nodes.empty() ? 0 : static_cast<int>(g.nodes.size()) - 1;
}

std::vector<std::string> query_tables(const std::string& sql, const Schema& schema) {
  std::vector<std::string> out;
  JoinQueryGraph g;
  if (!main_graph(sql, schema, g)) return out;
  for (const auto& n : g.nodes)
    if (!n.table.empty()) out.push_back(to_lower_ascii(n.table));
  return out;
}

QueryGraphPicture query_graph_picture(const std::string& sql, const Schema& schema) {
  QueryGraphPicture out;
  JoinQueryGraph g;
  if (!main_graph(sql, schema, g)) return out;
  for (const auto& n : g.nodes) {
    const std::string table = n.table.empty() ? "(subquery)" : n.table;
    out.nodes.push_back(n.alias.empty() || iequals(n.alias, n.table) ? table : n.alias + " (" + table + ")");
  }
  for (const auto& e : g.edges) {
    out.edges.emplace_back(e.a, e.b);
    std::string text;
    for (const auto& c : e.conditions)
      text += c.left_table + "." + c.left_column + " = " + c.right_table + "." + c.right_column + "  [" +
              join_source_name(c.source) + "]\n";
    out.edge_conditions.push_back(text);
  }
  return out;
}

}  // namespace chokepoint::sql
