// Seed parsing for JQE.
#include "core/jqe/seed_parse.h"

#include "core/jqe/diversity.h"
#include "core/sql/parser.h"

namespace chokepoint::jqe {

Result<ParsedSeed> parse_seed(const EvalItem& seed, const Schema& schema, bool unnest) {
  ParsedSeed p;
  p.unnesting.sql = seed.sql;
  if (unnest)
    if (auto u = sql::unnest(seed.sql, schema); u.ok()) p.unnesting = std::move(*u);
  auto tree = sql::parse_sql(p.unnesting.sql);
  if (!tree.ok()) return Error{"parse error: " + tree.error()};
  p.tree = std::move(*tree);
  if (p.tree->kind == sql::Kind::Compound) return Error{"compound query (UNION/INTERSECT/EXCEPT)"};
  p.names = sql::resolve_names(*p.tree, schema);
  if (p.names.main_scope < 0) return Error{"no main SELECT"};
  p.jqg = sql::build_join_query_graph(p.names, schema, p.names.main_scope);
  if (p.jqg.nodes.empty()) return Error{"no table in FROM"};
  p.graph = to_graph(p.jqg);
  return p;
}

}  // namespace chokepoint::jqe
