// Unnesting on real benchmarks (thesis §3.3.1: BIRD dev 1,534 -> 1,410 seeds by a program, 1,480 with GPT-4o):
// BIRD dev gold before and after, each rewrite prepared and run against its original on random databases of its
// schema; Spider dev rewrites run on its databases; and TQA's split (thesis §4.3.1) on BIRD dev beside Table 4.1.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>

#include "core/dataset/eval_set_loader.h"
#include "core/db/database_pool.h"
#include "core/graph/schema_graph.h"
#include "core/learn/node_count_split.h"
#include "core/lexicon/lexicon.h"
#include "core/schema/schema_ddl.h"
#include "core/schema/sqlite_schema.h"
#include "core/schema/tables_json.h"
#include "core/sql/join_query_graph.h"
#include "core/sql/parser.h"
#include "core/sql/unnesting.h"
#include "core/testdb/random_database.h"
#include "core/tqa/linker_analysis.h"

namespace chokepoint::sql {
namespace {

const std::string kData = CHOKEPOINT_SHARED_DATA;

bool exists(const std::string& path) { return static_cast<bool>(std::ifstream(path)); }

// How a query stands as a JQE seed.
struct SeedShape {
  bool parses = false;
  bool flat = false;        // one SELECT and no WITH anywhere: the reference implementation's "flat" queries
  bool no_derived = false;  // a SELECT whose main join query graph has no derived node: what JQE expands cleanly
};

SeedShape shape_of(const std::string& sql, const Schema& schema) {
  SeedShape s;
  auto tree = parse_sql(sql);
  if (!tree.ok()) return s;
  s.parses = true;
  const Node& root = **tree;
  const size_t selects = find_all(root, Kind::Select).size();
  s.flat = selects == 1 && find_all(root, Kind::Compound).empty() && !find_first(const_cast<Node&>(root), Kind::With);
  if (root.kind != Kind::Select) return s;
  NameResolution names = resolve_names(root, schema);
  if (names.main_scope < 0) return s;
  s.no_derived = true;
  for (const auto& n : build_join_query_graph(names, schema, names.main_scope).nodes) s.no_derived &= !n.derived;
  return s;
}

// Rows as text, sorted; reals to 10 significant digits, since an aggregate may sum the same values in another order.
std::vector<std::string> sorted_rows(const QueryOutcome& out) {
  std::vector<std::string> lines;
  for (const auto& row : out.result.rows) {
    std::string line;
    for (const auto& v : row) {
      char buf[32];
      if (v.type == ValueType::Real) std::snprintf(buf, sizeof buf, "%.10g", v.real);
      line += (v.type == ValueType::Real ? std::string(buf) : v.to_string()) + "|";
    }
    lines.push_back(line);
  }
  std::sort(lines.begin(), lines.end());
  return lines;
}

TEST(UnnestingConformance, BirdDevUsableSeedsBeforeAndAfter) {
  if (!exists(kData + "/bird/dev_gold.sql")) GTEST_SKIP() << "no shared data";
  auto set = load_eval_set(kData + "/bird/dev_gold.sql");
  auto tables = load_tables_json(kData + "/bird/dev_tables.json");
  ASSERT_TRUE(set.ok() && tables.ok());
  ASSERT_EQ(set->items.size(), 1534u);
  std::map<std::string, const Schema*> schemas;
  std::map<std::string, Connection> empty;
  for (const auto& s : *tables) {
    schemas[s.db_id] = &s;
    auto c = create_schema_database(s);
    ASSERT_TRUE(c.ok());
    empty.emplace(s.db_id, std::move(*c));
  }

  size_t flat_before = 0, flat_after = 0, clean_before = 0, clean_after = 0, unnested = 0, tables_inlined = 0;
  std::map<std::string, size_t> nested_by_reason;
  std::vector<std::pair<const EvalItem*, std::string>> rewrites;
  for (const auto& item : set->items) {
    const Schema& schema = *schemas.at(item.db_id);
    SeedShape before = shape_of(item.sql, schema);
    ASSERT_TRUE(before.parses) << item.sql;
    auto u = unnest(item.sql, schema);
    ASSERT_TRUE(u.ok()) << item.sql;
    SeedShape after = shape_of(u->sql, schema);
    ASSERT_TRUE(after.parses) << u->sql;
    flat_before += before.flat;
    flat_after += after.flat;
    clean_before += before.no_derived;
    clean_after += after.no_derived;
    // Unnesting never turns a usable seed into an unusable one.
    EXPECT_TRUE(!before.no_derived || after.no_derived) << item.sql;
    EXPECT_TRUE(!before.flat || after.flat) << item.sql;
    if (u->changed()) {
      ++unnested;
      tables_inlined += u->inlined.size();
      rewrites.push_back({&item, u->sql});
      // The rewrite prepares on the schema whenever the original does (BIRD's databases are not in the shared data).
      const Connection& db = empty.at(item.db_id);
      if (db.prepare_check(item.sql).ok()) {
        Status st = db.prepare_check(u->sql);
        EXPECT_TRUE(st.ok()) << item.sql << "\n-> " << u->sql << "\n" << (st.ok() ? "" : st.error());
      }
    } else {
      EXPECT_EQ(u->sql, item.sql);
    }
    for (const auto& n : u->nested) ++nested_by_reason[nesting_reason_name(n.reason)];
  }

  // Each rewrite against its original on random databases of its schema (seeded, the gold's literals in the
  // value pools so that filters meet rows): same rows, or the same failure.
  size_t compared = 0, with_rows = 0;
  for (const auto& [item, sql] : rewrites) {
    const Schema& schema = *schemas.at(item->db_id);
    testdb::ValuePools pools;
    std::vector<std::string> golds;
    for (const auto& other : set->items)
      if (other.db_id == item->db_id) golds.push_back(other.sql);
    testdb::add_query_literals(pools, golds);
    for (uint64_t seed = 1; seed <= 5; ++seed) {
      testdb::RandomDatabaseOptions o;
      o.seed = seed;
      o.literal_share = 0.5;
      auto rdb = testdb::random_database(schema_to_ddl(schema), schema, {}, pools, o);
      ASSERT_TRUE(rdb.ok()) << rdb.error();
      QueryOutcome a = rdb->db.query(item->sql), b = rdb->db.query(sql);
      ASSERT_EQ(a.ok(), b.ok()) << item->sql << "\n-> " << sql << "\n" << a.message << " / " << b.message;
      if (!a.ok()) continue;
      ++compared;
      with_rows += !a.result.rows.empty();
      EXPECT_EQ(sorted_rows(a), sorted_rows(b)) << item->sql << "\n-> " << sql;
    }
  }

  std::printf("BIRD dev gold, 1,534 queries (thesis §3.3.1: 1,410 by program, 1,480 with GPT-4o's unnesting)\n");
  std::printf("  flat (no WITH, no nested SELECT)    before %zu  after %zu\n", flat_before, flat_after);
  std::printf("  main JQG without a derived node     before %zu  after %zu\n", clean_before, clean_after);
  std::printf("  queries unnested %zu, derived tables inlined %zu\n", unnested, tables_inlined);
  for (const auto& [reason, n] : nested_by_reason) std::printf("  left nested: %-20s %zu\n", reason.c_str(), n);
  std::printf("  rewrites run on random databases: %zu comparisons, %zu with rows, all equal\n", compared, with_rows);
  for (const auto& [item, sql] : rewrites)
    std::printf("  %s [%s]\n    %s\n -> %s\n", item->key.c_str(), item->db_id.c_str(), item->sql.c_str(), sql.c_str());

  // The reference implementation keeps the flat queries: 1,534 less the 124 whose text holds a nested SELECT is the
  // thesis' 1,410; two more are compound queries without parentheses (UNION / EXCEPT of plain SELECTs), not flat.
  EXPECT_EQ(flat_before, 1408u);
  // Measured with core/sql/unnesting (docs/decisions.md §34): 5 derived tables, in 4 queries, are plain
  // select-project-joins and are inlined; 32 stay nested: they aggregate (25), rank (2), use DISTINCT (2), LIMIT,
  // ORDER BY or UNION (1 each).
  EXPECT_EQ(unnested, 4u);
  EXPECT_EQ(tables_inlined, 5u);
  EXPECT_EQ(flat_after, 1411u);
  EXPECT_EQ(clean_before, 1497u);
  EXPECT_EQ(clean_after, 1500u);
  EXPECT_EQ(nested_by_reason["aggregate"], 25u);
}

TEST(UnnestingConformance, SpiderDevRewritesGiveTheOriginalsRows) {
  if (!exists(kData + "/spider/dev_gold.sql")) GTEST_SKIP() << "no shared data";
  auto set = load_eval_set(kData + "/spider/dev_gold.sql");
  ASSERT_TRUE(set.ok());
  DatabasePool pool(kData + "/spider/database");
  std::map<std::string, Schema> schemas;
  size_t executed = 0, unnested = 0;
  for (const auto& item : set->items) {
    auto c = pool.get(item.db_id);
    if (!c.ok()) continue;
    if (!schemas.count(item.db_id)) {
      auto s = read_schema(**c, item.db_id, SchemaReadOptions{false});
      ASSERT_TRUE(s.ok());
      schemas[item.db_id] = std::move(*s);
    }
    auto u = unnest(item.sql, schemas.at(item.db_id));
    ASSERT_TRUE(u.ok()) << item.sql;
    ++executed;
    if (!u->changed()) continue;
    ++unnested;
    QueryOutcome a = (*c)->query(item.sql), b = (*c)->query(u->sql);
    ASSERT_TRUE(a.ok()) << item.sql;
    ASSERT_TRUE(b.ok()) << u->sql << "\n" << b.message;
    EXPECT_EQ(sorted_rows(a), sorted_rows(b)) << item.sql << "\n-> " << u->sql;
  }
  std::printf("Spider dev gold on its present databases: %zu queries, %zu unnested, rows equal\n", executed, unnested);
  EXPECT_GT(executed, 400u);
}

// Thesis §4.3.1 on BIRD dev: its 11 databases instead of the thesis' pooled train + dev, so only the method can be
// compared, not the sizes (thesis: 466 / 125 / 106 queries over 31 / 10 / 7 databases).
TEST(UnnestingConformance, TqaSplitOnBirdDevBesideTableFourOne) {
  const std::string root = kData + "/bird/";
  auto set = load_eval_set(root + "dev.json");
  auto tables = load_tables_json(root + "dev_tables.json");
  if (!set.ok() || !tables.ok()) GTEST_SKIP() << "BIRD dev not found under " << root;
  auto lex = Lexicon::load_wordnet_dir("/usr/share/wordnet");
  if (!lex.ok()) GTEST_SKIP() << "WordNet not found: " << lex.error();
  std::map<std::string, Schema> schemas;
  std::map<std::string, SchemaGraph> graphs;
  std::map<std::string, tqa::LinkerDatabase> dbs;
  for (auto& s : *tables) schemas[s.db_id] = s;
  for (const auto& [id, s] : schemas) graphs[id] = build_schema_graph(s);
  for (const auto& [id, s] : schemas) dbs[id] = {&s, &graphs[id]};
  tqa::ReferenceMatcher matcher(*lex);
  auto analyses = tqa::analyze_linker_tables(set->items, dbs, matcher);
  // TQA's items: a linker table whose name the question mentions (reference implementation, notes §3.1 step 4).
  std::vector<learn::QueryNodes> queries;
  for (const auto& a : analyses)
    if (a.linker && a.references.components_in_question() > 0) queries.push_back({a.item.db_id, a.jqg_nodes});
  auto split = learn::split_by_node_counts(queries);
  ASSERT_TRUE(split.ok()) << split.error();
  const learn::NodeCountSplit& s = *split;
  EXPECT_EQ(s.train.queries + s.dev.queries + s.test.queries, s.clusters[static_cast<size_t>(s.chosen)].queries);
  std::printf("TQA split on BIRD dev (%zu items with a linker table named in the question, %zu databases)\n",
              queries.size(), s.db_ids.size());
  for (const auto& c : s.clusters) {
    std::printf("  cluster %d: %zu databases, %zu queries:", c.label, c.db_ids.size(), c.queries);
    for (const auto& db : c.db_ids) std::printf(" %s", db.c_str());
    std::printf("\n");
  }
  const std::pair<const char*, const learn::SplitPart*> parts[] = {
      {"train", &s.train}, {"dev", &s.dev}, {"test", &s.test}};
  const char* thesis[] = {"466 / 31, 3: 92.70%, 4: 6.22%, 5: 1.07%", "125 / 10, 3: 92.00%, 4: 7.20%, 6: 0.80%",
                          "106 / 7, 3: 93.40%, 4: 5.66%, 5: 0.94%"};
  for (size_t i = 0; i < 3; ++i)
    std::printf("  %-5s %4zu queries / %2zu dbs  %s   (thesis %s)\n", parts[i].first, parts[i].second->queries,
                parts[i].second->db_ids.size(),
                learn::node_count_distribution_text(parts[i].second->node_counts).c_str(), thesis[i]);
  // Measured (seed 35, k = 2, test 15% then dev 20% of the rest): the larger cluster has 6 databases, 59 queries.
  EXPECT_EQ(s.clusters[static_cast<size_t>(s.chosen)].db_ids.size(), 6u);
  EXPECT_EQ(s.train.queries, 34u);
  EXPECT_EQ(s.dev.queries, 10u);
  EXPECT_EQ(s.test.queries, 15u);
}

}  // namespace
}  // namespace chokepoint::sql
