// The mutation sensitivity experiment (SQLMorph §VI-C-1, Table X) on the Spider dev gold queries of the shared
// databases, and mutant generation on the BIRD dev gold queries against schema-only databases built from
// dev_tables.json (BIRD's LIMITs above 1 are what limit_decrease needs; every Spider dev LIMIT on these databases is
// 1).
#include <gtest/gtest.h>

#include "core/mutate/metrics_scorer.h"

#include <fstream>
#include <iostream>
#include <map>
#include <set>

#include "core/dataset/eval_set_loader.h"
#include "core/metrics/execution_accuracy.h"
#include "core/metrics/fine_grained_metrics.h"
#include "core/metrics/regime.h"
#include "core/mutate/mutant_generation.h"
#include "core/mutate/operator_registry.h"
#include "core/mutate/sensitivity_run.h"
#include "core/mutate/sensitivity_table.h"
#include "core/schema/schema_ddl.h"
#include "core/schema/tables_json.h"

namespace chokepoint {
namespace {

std::string data_dir() { return std::string(CHOKEPOINT_SHARED_DATA); }

const mutate::OperatorSensitivity& row_of(const mutate::SensitivityTable& t, const std::string& op) {
  for (const auto& r : t.rows)
    if (r.op == op) return r;
  static mutate::OperatorSensitivity none;
  ADD_FAILURE() << "no row " << op;
  return none;
}

}  // namespace

TEST(MutateSpider, SensitivityReportOnTheSharedDatabases) {
  const std::string gold_path = data_dir() + "/spider/dev_gold.sql";
  if (!std::ifstream(gold_path)) GTEST_SKIP() << "shared data not found";
  auto gold = load_eval_set(gold_path);
  ASSERT_TRUE(gold.ok()) << gold.error();
  std::vector<mutate::GoldQuery> golds;
  for (const auto& it : gold->items) golds.push_back({it.key, it.db_id, it.sql});

  std::vector<Regime> regimes = {*parse_regime("EC-EC-IE"), *parse_regime("SC-EC-IE")};
  DatabasePool pool(data_dir() + "/spider/database");
  mutate::SensitivityOptions options;
  options.limits.timeout_ms = 5000;
  options.regime_count = regimes.size();
  auto run = mutate::run_sensitivity(golds, pool, options, mutate::metrics_scorer(ExSemantics::Bird, regimes));
  EXPECT_TRUE(run.error.empty()) << run.error;

  // Gold queries are skipped only for their database missing from the shared ten: all parse and run.
  std::set<std::string> skipped_dbs;
  for (const auto& s : run.skipped) {
    EXPECT_FALSE(pool.get(s.db_id).ok()) << s.id << ": " << s.reason;
    skipped_dbs.insert(s.db_id);
  }
  EXPECT_EQ(golds.size() - run.skipped.size(), 589u);
  // Every kept mutant prepares, so execution can only time out, never fail.
  for (const auto& m : run.mutants) EXPECT_NE(m.status, QueryStatus::Error) << m.sql << ": " << m.message;
  // What SQLite refused is only a star or a dropped column on one side of a compound.
  for (const auto& m : run.rejected) {
    EXPECT_TRUE(m.op == "add_star_wildcard" || m.op == "projection_drop") << m.op << ": " << m.sql;
    EXPECT_NE(m.message.find("do not have the same number of result columns"), std::string::npos) << m.message;
  }

  auto table = mutate::tabulate_sensitivity(run.mutants, {"EC-EC-IE", "SC-EC-IE"}, false);
  std::cout << format_sensitivity_table(table);
  std::cout << "with the quality filter (EX = 1 mutants dropped):\n"
            << format_sensitivity_table(mutate::tabulate_sensitivity(run.mutants, {"EC-EC-IE", "SC-EC-IE"}, true));
  for (const auto& row : table.rows) {
    if (row.op == "limit_decrease") {
      EXPECT_EQ(row.mutants, 0u) << "every Spider dev LIMIT on these databases is 1";
      continue;
    }
    EXPECT_GT(row.mutants, 0u) << row.op;
    EXPECT_LT(row.ex, 0.0) << row.op;
  }
  // Table IX's expected directions that hold mutant by mutant under EC-EC-IE:
  EXPECT_GT(row_of(table, "projection_drop").regimes[0].exp, -2.0);       // EXP unchanged (empty results aside)
  EXPECT_LT(row_of(table, "projection_drop").regimes[0].exr, -30.0);      // EXR down
  EXPECT_GT(row_of(table, "add_star_wildcard").regimes[0].exp, -5.0);     // IE ignores the extra columns
  EXPECT_DOUBLE_EQ(row_of(table, "limit_increase").regimes[0].exr, 0.0);  // a superset of the rows
  EXPECT_LT(row_of(table, "limit_increase").regimes[0].exp, -30.0);
  EXPECT_DOUBLE_EQ(row_of(table, "having_remove").regimes[0].exr, 0.0);  // more groups, the gold's all kept
  EXPECT_DOUBLE_EQ(row_of(table, "having_condition_flip").ex, -100.0);
  EXPECT_DOUBLE_EQ(row_of(table, "aggregation_swap").ex, -100.0);
}

TEST(MutateSpider, EveryOperatorFiresOnBirdDevGoldWithSchemaOnlyDatabases) {
  const std::string bird = data_dir() + "/bird";
  if (!std::ifstream(bird + "/dev_gold.sql") || !std::ifstream(bird + "/dev_tables.json"))
    GTEST_SKIP() << "shared data not found";
  auto schemas = load_tables_json(bird + "/dev_tables.json");
  ASSERT_TRUE(schemas.ok()) << schemas.error();
  std::map<std::string, Connection> dbs;
  for (const auto& s : *schemas) {
    auto db = create_schema_database(s);
    ASSERT_TRUE(db.ok()) << s.db_id << ": " << db.error();
    dbs.emplace(s.db_id, std::move(*db));
  }
  auto gold = load_eval_set(bird + "/dev_gold.sql");
  ASSERT_TRUE(gold.ok()) << gold.error();
  std::map<std::string, size_t> kept;
  size_t parsed = 0;
  for (const auto& it : gold->items) {
    auto db = dbs.find(it.db_id);
    ASSERT_NE(db, dbs.end()) << it.db_id;
    auto check = mutate::generate_mutants(it.sql, db->second);
    if (!check.ok()) continue;
    ++parsed;
    for (const auto& m : check->kept) ++kept[m.op];
  }
  EXPECT_EQ(parsed, gold->items.size());
  for (const auto& op : mutate::mutation_operators()) {
    EXPECT_GT(kept[op.name], 0u) << op.name;
    std::cout << op.name << ": " << kept[op.name] << " mutants\n";
  }
}

}  // namespace chokepoint
