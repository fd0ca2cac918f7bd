// The CC column of SynSQL's Table 4 that needs no model: the columns of the full schema per question ("w/o Schema
// Selection (Full-Schema)": 75.56 on BIRD dev, 24.55 on Spider dev) and of the oracle schema ("w Oracle Schema": 4.71
// and 2.85), computed from the dev sets' gold queries and tables.json files in the shared data. Printed beside the
// paper's, with the oracle under our key rule too (what it would add: keys of the kept tables).
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <map>

#include "core/dataset/eval_set_loader.h"
#include "core/schema/tables_json.h"
#include "core/testdb/oracle_schema.h"

namespace chokepoint {
namespace {

std::string data(const std::string& rel) { return std::string(CHOKEPOINT_SHARED_DATA) + "/" + rel; }

struct CcFigures {
  size_t items = 0, oracle_items = 0;
  double full = 0, oracle = 0, with_key_rule = 0;  // means
};

CcFigures table4_cc(const std::string& set_path, const std::string& tables_path) {
  CcFigures f;
  auto set = load_eval_set(set_path);
  auto tables = load_tables_json(tables_path);
  EXPECT_TRUE(set.ok() && tables.ok());
  if (!set.ok() || !tables.ok()) return f;
  std::map<std::string, const Schema*> by_id;
  for (const auto& s : *tables) by_id[s.db_id] = &s;
  size_t full = 0, oracle = 0, with_key_rule = 0;
  for (const auto& item : set->items) {
    auto s = by_id.find(item.db_id);
    if (s == by_id.end()) continue;
    ++f.items;
    for (const auto& t : s->second->tables) full += t.columns.size();
    auto reduced = testdb::oracle_schema(*s->second, item.sql);
    if (!reduced.ok()) continue;
    ++f.oracle_items;
    oracle += reduced->column_count();
    with_key_rule += testdb::reduce_schema(*s->second, reduced->selected, {}).column_count();
  }
  f.full = f.items ? static_cast<double>(full) / f.items : 0;
  f.oracle = f.oracle_items ? static_cast<double>(oracle) / f.oracle_items : 0;
  f.with_key_rule = f.oracle_items ? static_cast<double>(with_key_rule) / f.oracle_items : 0;
  return f;
}

void check(const char* name, const CcFigures& f, double paper_full, double paper_oracle) {
  std::printf("%s: %zu items, full-schema CC %.2f (paper %.2f); oracle CC %.2f (paper %.2f), %.2f with our key rule\n",
              name, f.items, f.full, paper_full, f.oracle, paper_oracle, f.with_key_rule);
  EXPECT_GT(f.items, 0u);
  EXPECT_EQ(f.oracle_items, f.items) << "every dev gold resolves against its schema";
  EXPECT_NEAR(f.full, paper_full, 0.3);
  EXPECT_NEAR(f.oracle, paper_oracle, 0.3);
  EXPECT_LE(f.oracle, f.with_key_rule);
}

TEST(SynsqlTable4, ColumnCountsOfTheFullAndOracleSchemasOnSpiderDev) {
  if (!std::ifstream(data("spider/tables.json"))) GTEST_SKIP() << "shared data not found";
  check("Spider dev", table4_cc(data("spider/dev_gold.sql"), data("spider/tables.json")), 24.55, 2.85);
}

TEST(SynsqlTable4, ColumnCountsOfTheFullAndOracleSchemasOnBirdDev) {
  if (!std::ifstream(data("bird/dev_tables.json"))) GTEST_SKIP() << "shared data not found";
  check("BIRD dev", table4_cc(data("bird/dev.json"), data("bird/dev_tables.json")), 75.56, 4.71);
}

}  // namespace
}  // namespace chokepoint
