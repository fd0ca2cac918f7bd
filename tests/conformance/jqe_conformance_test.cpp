// JQE invariants on real benchmarks: all 1,534 BIRD dev gold queries schema-only, and the Spider dev databases with
// execution. Every kept expansion parses, prepares, has exactly one more JQG node than its seed, and with n = 1 no
// two kept expansions are isomorphic (to each other or to any input query).
#include <cstdio>
#include <fstream>
#include <map>
#include <set>

#include <gtest/gtest.h>

#include "core/dataset/eval_set_loader.h"
#include "core/db/database_pool.h"
#include "core/graph/isomorphism.h"
#include "core/graph/schema_graph.h"
#include "core/jqe/diversity.h"
#include "core/jqe/expansion.h"
#include "core/jqe/report.h"
#include "core/schema/schema_ddl.h"
#include "core/schema/sqlite_schema.h"
#include "core/schema/tables_json.h"
#include "core/sql/join_query_graph.h"
#include "core/sql/parser.h"

namespace chokepoint::jqe {
namespace {

const std::string kData = CHOKEPOINT_SHARED_DATA;

bool exists(const std::string& path) { return static_cast<bool>(std::ifstream(path)); }

std::vector<EvalItem> seeds_of(const EvalSet& set, const std::set<std::string>& keep = {}) {
  std::vector<EvalItem> out;
  for (const auto& i : set.items)
    if (keep.empty() || keep.count(i.db_id)) out.push_back(EvalItem{i.key, i.db_id, i.question, i.evidence, i.sql, ""});
  return out;
}

UndirectedGraph main_graph(const std::string& sql, const Schema& schema) {
  auto tree = sql::parse_sql(sql);
  EXPECT_TRUE(tree.ok()) << sql;
  if (!tree.ok()) return {};
  auto names = sql::resolve_names(**tree, schema);
  return to_graph(sql::build_join_query_graph(names, schema, names.main_scope));
}

// The query JQE expanded: the seed as written, or its unnested form (thesis §3.3.1).
const std::string& expanded_sql(const SeedRecord& s) { return s.unnested_sql.empty() ? s.item.sql : s.unnested_sql; }

// The invariants shared by both data sets.
void check_invariants(const JqeRun& run, const std::map<std::string, JqeDatabase>& dbs,
                      const std::map<std::string, const Connection*>& prepare_on) {
  auto summary = jqe_summary(run);
  EXPECT_EQ(summary["generated"].get<size_t>(), summary["expansion"].get<size_t>() + summary["pruned"].get<size_t>());
  IsomorphismIndex kept(IsomorphismMode::structural);
  IsomorphismIndex inputs(IsomorphismMode::structural);
  for (const auto& s : run.seeds)
    if (s.round == 1 && s.skipped.empty()) inputs.add(main_graph(expanded_sql(s), *dbs.at(s.item.db_id).schema));
  for (const auto& x : run.expansions) {
    const SeedRecord& seed = run.seeds[static_cast<size_t>(x.seed)];
    const Schema& schema = *dbs.at(seed.item.db_id).schema;
    auto tree = sql::parse_sql(x.sql);
    ASSERT_TRUE(tree.ok()) << x.sql;
    Status st = prepare_on.at(seed.item.db_id)->prepare_check(x.sql);
    EXPECT_TRUE(st.ok()) << x.sql << "\n" << (st.ok() ? "" : st.error());
    UndirectedGraph before = main_graph(expanded_sql(seed), schema), after = main_graph(x.sql, schema);
    EXPECT_EQ(after.node_count(), before.node_count() + 1) << x.sql;
    EXPECT_EQ(static_cast<int>(after.edge_count()), x.shape.edges) << x.sql;
    EXPECT_EQ(kept.find(after), -1) << "two kept expansions are isomorphic: " << x.sql;
    EXPECT_EQ(inputs.find(after), -1) << "a kept expansion is isomorphic to an input query: " << x.sql;
    kept.add(after);
  }
}

TEST(JqeConformance, BirdDevSchemaOnly) {
  if (!exists(kData + "/bird/dev_gold.sql")) GTEST_SKIP() << "no shared data";
  auto set = load_eval_set(kData + "/bird/dev_gold.sql");
  auto tables = load_tables_json(kData + "/bird/dev_tables.json");
  ASSERT_TRUE(set.ok() && tables.ok());
  ASSERT_EQ(set->items.size(), 1534u);
  std::map<std::string, SchemaGraph> graphs;
  std::map<std::string, JqeDatabase> dbs;
  std::map<std::string, Connection> empty;
  std::map<std::string, const Connection*> prepare_on;
  for (const auto& s : *tables) graphs[s.db_id] = build_schema_graph(s);
  for (const auto& s : *tables) {
    dbs[s.db_id] = JqeDatabase{&s, &graphs[s.db_id], nullptr};
    auto c = create_schema_database(s);
    ASSERT_TRUE(c.ok());
    prepare_on[s.db_id] = &empty.emplace(s.db_id, std::move(*c)).first->second;
  }
  JqeRun run = run_jqe(seeds_of(*set), dbs, JqeOptions{});
  EXPECT_GT(run.expansions.size(), 10u);
  // Thesis §3.3.1: seeds are unnested first (unnesting_conformance_test.cpp has the counts by query).
  const auto unnesting = jqe_summary(run)["unnesting"];
  std::printf("BIRD dev JQE seeds: unnesting %s\n", unnesting.dump().c_str());
  EXPECT_EQ(unnesting["seeds_unnested"], 4);
  EXPECT_EQ(unnesting["tables_inlined"], 5);
  check_invariants(run, dbs, prepare_on);
  // Redundant combinations never reach the generated set, and every discard has a reason.
  for (const auto& d : run.discards)
    if (d.reason != DiscardReason::isomorphic) EXPECT_FALSE(d.message.empty());
}

TEST(JqeConformance, SpiderDevWithExecution) {
  if (!exists(kData + "/spider/dev_gold.sql")) GTEST_SKIP() << "no shared data";
  auto set = load_eval_set(kData + "/spider/dev_gold.sql");
  ASSERT_TRUE(set.ok());
  DatabasePool pool(kData + "/spider/database");
  std::map<std::string, Schema> schemas;
  for (const auto& i : set->items) {
    if (schemas.count(i.db_id)) continue;
    auto c = pool.get(i.db_id);
    if (!c.ok()) continue;
    auto s = read_schema(**c, i.db_id, SchemaReadOptions{false});
    ASSERT_TRUE(s.ok());
    schemas[i.db_id] = std::move(*s);
  }
  ASSERT_EQ(schemas.size(), 10u);
  std::map<std::string, SchemaGraph> graphs;
  std::map<std::string, JqeDatabase> dbs;
  std::map<std::string, const Connection*> conns;
  std::set<std::string> present;
  for (const auto& [db, s] : schemas) graphs[db] = build_schema_graph(s);
  for (const auto& [db, s] : schemas) {
    conns[db] = *pool.get(db);
    dbs[db] = JqeDatabase{&s, &graphs[db], conns[db]};
    present.insert(db);
  }
  JqeOptions o;
  o.execute_before_pruning = true;
  JqeRun run = run_jqe(seeds_of(*set, present), dbs, o);
  check_invariants(run, dbs, conns);
  for (const auto& x : run.expansions) {
    QueryOutcome out = conns[run.seeds[static_cast<size_t>(x.seed)].item.db_id]->query(x.sql);
    ASSERT_TRUE(out.ok()) << x.sql;
    EXPECT_FALSE(out.result.rows.empty()) << x.sql;
  }
  size_t empty = 0;
  for (const auto& d : run.discards) empty += d.reason == DiscardReason::empty_result;
  EXPECT_GT(empty, 0u);  // some joins do filter every row away; they must be reported, not kept
}

}  // namespace
}  // namespace chokepoint::jqe
