// One seed at a time with whole-set diversity classes. The "members" databases reuse the real schema (so member
// queries resolve) with an empty schema graph (so they have no candidate tables).
#include "web/panels/jqe/jqe_seed_context.h"

#include <algorithm>

#include "core/graph/schema_graph.h"
#include "core/jqe/diversity.h"
#include "core/sql/parser.h"

namespace chokepoint::web {
namespace {

const char* kMembersSuffix = "\x1f" "members";

}  // namespace

Result<std::shared_ptr<ParsedQuery>> parse_query_for_jqe(const std::string& sql, const Schema& schema) {
  try {
    auto tree = sql::parse_sql(sql);
    if (!tree.ok()) return Error{"parse error: " + tree.error()};
    auto p = std::make_shared<ParsedQuery>();
    p->tree = std::move(*tree);
    if (p->tree->kind == sql::Kind::Compound) return Error{"compound query (UNION/INTERSECT/EXCEPT)"};
    p->names = sql::resolve_names(*p->tree, schema);
    if (p->names.main_scope < 0) return Error{"no main SELECT"};
    p->jqg = sql::build_join_query_graph(p->names, schema, p->names.main_scope);
    if (p->jqg.nodes.empty()) return Error{"no table in FROM"};
    return p;
  } catch (const std::exception& e) {
    return Error{std::string("internal error: ") + e.what()};
  }
}

int ClassMembers::add(const jqe::JqeSeed& query, const Schema& schema) {
  auto p = parse_query_for_jqe(query.sql, schema);
  if (!p.ok()) return -1;
  return add_graph(jqe::to_graph((*p)->jqg), query);
}

int ClassMembers::add_graph(const UndirectedGraph& graph, const jqe::JqeSeed& query) {
  const int c = index_.add(graph);
  if (static_cast<size_t>(c) >= representatives_.size()) representatives_.push_back(query);
  return c;
}

std::vector<jqe::JqeSeed> ClassMembers::context(int per_pattern) const {
  std::vector<jqe::JqeSeed> out;
  if (per_pattern <= 0) return out;
  for (size_t c = 0; c < representatives_.size(); ++c) {
    const size_t copies = std::min(index_.member_count(static_cast<int>(c)), static_cast<size_t>(per_pattern));
    for (size_t k = 0; k < copies; ++k) out.push_back(representatives_[c]);
  }
  return out;
}

jqe::JqeRun run_jqe_in_context(const jqe::JqeSeed& seed, const std::vector<jqe::JqeSeed>& context,
                               const std::map<std::string, jqe::JqeDatabase>& databases,
                               const jqe::JqeOptions& options) {
  static const SchemaGraph kNoEdges;
  std::map<std::string, jqe::JqeDatabase> dbs = databases;
  std::vector<jqe::JqeSeed> seeds;
  seeds.reserve(context.size() + 1);
  for (const auto& m : context) {
    auto db = databases.find(m.db_id);
    if (db == databases.end()) continue;
    jqe::JqeSeed member = m;
    member.db_id = m.db_id + kMembersSuffix;
    member.id = "member";
    dbs[member.db_id] = jqe::JqeDatabase{db->second.schema, &kNoEdges, nullptr};
    seeds.push_back(std::move(member));
  }
  const size_t offset = seeds.size();
  seeds.push_back(seed);
  jqe::JqeRun all = jqe::run_jqe(seeds, dbs, options);
  if (all.seeds.size() < offset + 1) return all;  // internal error: the run holds only the message
  jqe::JqeRun run;
  run.options = options;
  run.input_seeds = 1;
  run.iso_classes = all.iso_classes;
  run.seeds.assign(std::make_move_iterator(all.seeds.begin() + static_cast<long>(offset)),
                   std::make_move_iterator(all.seeds.end()));
  for (auto& x : all.expansions) {
    x.seed -= static_cast<int>(offset);
    run.expansions.push_back(std::move(x));
  }
  for (auto& d : all.discards) {
    d.seed -= static_cast<int>(offset);
    run.discards.push_back(std::move(d));
  }
  return run;
}

}  // namespace chokepoint::web
