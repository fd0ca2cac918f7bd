// Linker table choice and name components. The JQG is converted to the shared UndirectedGraph so betweenness is
// the graph module's Brandes implementation, the one JQE ranks candidates with.
#include "core/tqa/linker_table.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "core/graph/centrality.h"
#include "core/lexicon/identifier_segmentation.h"
#include "core/sql/parser.h"
#include "core/tqa/stopwords.h"

namespace chokepoint::tqa {
namespace {

constexpr double kTieEpsilon = 1e-9;

UndirectedGraph to_graph(const sql::JoinQueryGraph& jqg) {
  UndirectedGraph g;
  for (const auto& n : jqg.nodes) g.add_node(n.table);
  for (const auto& e : jqg.edges) g.add_edge(e.a, e.b);
  return g;
}

}  // namespace

std::optional<LinkerTable> find_linker_table(const sql::JoinQueryGraph& jqg, const SchemaGraph& schema_graph) {
  if (jqg.nodes.size() < kMinLinkerNodes) return std::nullopt;
  const std::vector<double> bc = betweenness_centrality(to_graph(jqg));
  double best = -1;
  for (size_t i = 0; i < jqg.nodes.size(); ++i)
    if (!jqg.nodes[i].derived && !jqg.nodes[i].table.empty()) best = std::max(best, bc[i]);
  if (best < 0) return std::nullopt;
  std::vector<int> tied;
  for (size_t i = 0; i < jqg.nodes.size(); ++i)
    if (!jqg.nodes[i].derived && !jqg.nodes[i].table.empty() && std::fabs(bc[i] - best) <= kTieEpsilon)
      tied.push_back(static_cast<int>(i));

  LinkerTable out;
  out.betweenness = best;
  int chosen = tied.front();
  bool distinct_tables = false;
  for (int t : tied)
    if (!iequals(jqg.nodes[t].table, jqg.nodes[chosen].table)) distinct_tables = true;
  if (distinct_tables) {
    // Line 11: the broader schema graph decides; a table missing from it scores -1; then the name.
    out.tie_broken_by_schema = true;
    const std::vector<double> schema_bc = betweenness_centrality(schema_graph.to_undirected());
    auto score = [&](int node) {
      int t = schema_graph.find_table(jqg.nodes[node].table);
      return t < 0 ? -1.0 : schema_bc[static_cast<size_t>(t)];
    };
    for (int t : tied) {
      double a = score(t), b = score(chosen);
      if (a > b + kTieEpsilon)
        chosen = t;
      else if (std::fabs(a - b) <= kTieEpsilon &&
               to_lower_ascii(jqg.nodes[t].table) < to_lower_ascii(jqg.nodes[chosen].table))
        chosen = t;
    }
  }
  out.node = chosen;
  out.table = jqg.nodes[chosen].table;
  return out;
}

std::vector<LinkerComponent> linker_components(const Lexicon& lex, std::string_view table_name) {
  std::vector<LinkerComponent> out;
  for (const Segment& s : segment_identifier(lex, table_name)) {
    if (s.kind == SegmentKind::number || s.text.size() < 2 || is_stopword(s.text)) continue;
    bool alpha =
        std::all_of(s.text.begin(), s.text.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)); });
    if (!alpha) continue;
    LinkerComponent c;
    c.segment = s.text;
    c.is_abbreviation = s.kind == SegmentKind::abbreviation || s.all_caps;
    c.lemma = c.is_abbreviation ? s.text : s.lemma;
    bool repeated = std::any_of(out.begin(), out.end(), [&](const LinkerComponent& o) { return o.lemma == c.lemma; });
    if (!repeated) out.push_back(std::move(c));
  }
  return out;
}

Result<LinkerQuery> identify_linker_table(std::string_view sql_text, const Schema& schema,
                                          const SchemaGraph& schema_graph, const Lexicon& lex) {
  auto ast = sql::parse_sql(sql_text);
  if (!ast.ok()) return Error{ast.error()};
  LinkerQuery q;
  q.ast = std::move(*ast);
  q.names = sql::resolve_names(*q.ast, schema);
  if (q.names.main_scope >= 0) q.jqg = sql::build_join_query_graph(q.names, schema, q.names.main_scope);
  q.linker = find_linker_table(q.jqg, schema_graph);
  if (q.linker) q.linker->components = linker_components(lex, q.linker->table);
  return q;
}

}  // namespace chokepoint::tqa
