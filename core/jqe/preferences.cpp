// Parsing and printing of JQE preferences, and schema-graph centrality per table.
#include "core/jqe/preferences.h"

#include "core/base/text.h"
#include "core/graph/centrality.h"
#include "core/schema/schema.h"

namespace chokepoint::jqe {
namespace {}  // namespace

Result<std::vector<OrderKey>> parse_order(const std::string& text) {
  std::vector<OrderKey> out;
  if (trim(text, " \t").empty()) return Preferences{}.order;
  size_t start = 0;
  while (start <= text.size()) {
    size_t comma = text.find(',', start);
    std::string item = trim(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start), " \t");
    start = comma == std::string::npos ? text.size() + 1 : comma + 1;
    if (item.empty()) return Error{"--order: empty key in '" + text + "'"};
    std::string name = item, dir = "desc";
    if (auto colon = item.find(':'); colon != std::string::npos) {
      name = trim(item.substr(0, colon), " \t");
      dir = trim(item.substr(colon + 1), " \t");
    }
    OrderKey k;
    if (iequals(name, "complexity"))
      k.key = SortKey::complexity;
    else if (iequals(name, "centrality"))
      k.key = SortKey::centrality;
    else
      return Error{"--order: unknown key '" + name + "' (use complexity or centrality)"};
    if (iequals(dir, "asc"))
      k.direction = Direction::ascending;
    else if (iequals(dir, "desc"))
      k.direction = Direction::descending;
    else
      return Error{"--order: unknown direction '" + dir + "' (use asc or desc)"};
    for (const auto& o : out)
      if (o.key == k.key) return Error{"--order: key '" + name + "' given twice"};
    out.push_back(k);
  }
  return out;
}

std::string order_to_string(const std::vector<OrderKey>& order) {
  std::string s;
  for (const auto& k : order) {
    if (!s.empty()) s += ",";
    s += k.key == SortKey::complexity ? "complexity" : "centrality";
    s += k.direction == Direction::ascending ? ":asc" : ":desc";
  }
  return s;
}

Result<CentralityKind> parse_centrality(const std::string& text) {
  if (iequals(text, "degree")) return CentralityKind::degree;
  if (iequals(text, "betweenness")) return CentralityKind::betweenness;
  return Error{"--centrality must be degree or betweenness (got '" + text + "')"};
}

const char* to_string(CentralityKind kind) { return kind == CentralityKind::degree ? "degree" : "betweenness"; }

std::vector<double> table_centrality(const SchemaGraph& graph, CentralityKind kind) {
  UndirectedGraph g = graph.to_undirected();
  return kind == CentralityKind::degree ? degree_centrality(g) : betweenness_centrality(g);
}

}  // namespace chokepoint::jqe
