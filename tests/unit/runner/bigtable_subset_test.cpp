// BigTable-style subsets: tables counted by name resolution (self-joins and subqueries count a table once, CTEs not
// at all), strata of 1, 2, 3 and more than 3 tables, a seeded draw that repeats exactly, short strata taken whole
// and said so, and Table 2's average number of columns.
#include <gtest/gtest.h>

#include <set>

#include "core/runner/bigtable_subset.h"

namespace chokepoint::runner {
namespace {

Schema shop() {
  Schema s;
  s.db_id = "shop";
  auto table = [](std::string name, int n) {
    Table t;
    t.name = std::move(name);
    for (int i = 0; i < n; ++i) t.columns.push_back({"c" + std::to_string(i), "TEXT", ""});
    t.columns.push_back({"id", "INTEGER", ""});
    return t;
  };
  s.tables = {table("a", 2), table("b", 3), table("c", 4), table("d", 5), table("e", 6)};  // 3, 4, 5, 6, 7 columns
  return s;
}

TEST(BigTableSubset, TablesAreCountedByNameResolution) {
  const Schema s = shop();
  EXPECT_EQ(*gold_tables("SELECT * FROM a", s), (std::vector<std::string>{"a"}));
  EXPECT_EQ(*gold_tables("SELECT x.id FROM a AS x JOIN a AS y ON x.id = y.id", s), (std::vector<std::string>{"a"}));
  EXPECT_EQ(*gold_tables("SELECT id FROM b WHERE id IN (SELECT id FROM A)", s), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(*gold_tables("WITH t AS (SELECT id FROM c) SELECT * FROM t JOIN d ON t.id = d.id", s),
            (std::vector<std::string>{"c", "d"}));
  EXPECT_FALSE(gold_tables("SELEC nothing", s).ok());
}

EvalSet items() {
  EvalSet set;
  const char* by_tables[] = {"SELECT id FROM a", "SELECT a.id FROM a JOIN b ON a.id = b.id",
                             "SELECT a.id FROM a JOIN b ON a.id = b.id JOIN c ON b.id = c.id",
                             "SELECT a.id FROM a JOIN b ON a.id = b.id JOIN c ON b.id = c.id JOIN d ON c.id = d.id"};
  // 5 items with 1 table, 5 with 2, 5 with 3, 1 with 4; then one that does not parse and one without a schema.
  for (int k = 0; k < 4; ++k)
    for (int n = 0; n < (k == 3 ? 1 : 5); ++n)
      set.items.push_back({std::to_string(set.items.size()), "shop", "q", "", by_tables[k], ""});
  set.items.push_back({"broken", "shop", "q", "", "SELECT FROM WHERE", ""});
  set.items.push_back({"elsewhere", "other", "q", "", "SELECT 1", ""});
  return set;
}

TEST(BigTableSubset, StrataSizesNotesAndColumns) {
  auto r = bigtable_subset(items(), {{"shop", shop()}}, 3, 1);
  ASSERT_TRUE(r.ok()) << r.error();
  ASSERT_EQ(r->strata.size(), 4u);
  EXPECT_EQ(r->strata[0].available, 5u);
  EXPECT_EQ(r->strata[3].available, 1u);
  for (size_t s = 0; s < 3; ++s) EXPECT_EQ(r->strata[s].taken, 3u);
  EXPECT_EQ(r->strata[3].taken, 1u);
  EXPECT_EQ(r->subset.items.size(), 10u);
  EXPECT_EQ(r->unresolved, 2u);
  ASSERT_EQ(r->notes.size(), 1u);
  EXPECT_EQ(r->notes[0], "stratum >3: only 1 item, all taken");
  // Columns of the gold query's tables: a = 3; a + b = 7; a + b + c = 12; a + b + c + d = 18.
  EXPECT_DOUBLE_EQ(r->strata[0].avg_columns, 3);
  EXPECT_DOUBLE_EQ(r->strata[1].avg_columns, 7);
  EXPECT_DOUBLE_EQ(r->strata[2].avg_columns, 12);
  EXPECT_DOUBLE_EQ(r->strata[3].avg_columns, 18);
  // In the set's order.
  for (size_t i = 1; i < r->subset.items.size(); ++i)
    EXPECT_LT(std::stoi(r->subset.items[i - 1].key), std::stoi(r->subset.items[i].key));
}

std::set<std::string> keys(const SubsetReport& r) {
  std::set<std::string> out;
  for (const auto& it : r.subset.items) out.insert(it.key);
  return out;
}

TEST(BigTableSubset, TheDrawRepeatsForASeedAndVariesAcrossSeeds) {
  const auto set = items();
  const auto first = keys(*bigtable_subset(set, {{"shop", shop()}}, 2, 7));
  EXPECT_EQ(keys(*bigtable_subset(set, {{"shop", shop()}}, 2, 7)), first);
  std::set<std::set<std::string>> draws;
  for (uint64_t seed = 1; seed <= 20; ++seed) draws.insert(keys(*bigtable_subset(set, {{"shop", shop()}}, 2, seed)));
  EXPECT_GT(draws.size(), 5u) << "20 seeds give different subsets";
  EXPECT_FALSE(bigtable_subset(set, {}, 0, 1).ok());
}

}  // namespace
}  // namespace chokepoint::runner
