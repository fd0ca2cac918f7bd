// EX by the number of tables the gold query reads (004 Table 4): items fall into 1, 2, 3 and >3 by name resolution
// on the schema, only scored items count, and a gold query that does not parse or a database without a schema
// leaves its item out.
#include <gtest/gtest.h>

#include "core/runner/ex_by_gold_tables.h"
#include "tests/unit/sql/thesis_schemas.h"

namespace chokepoint::runner {
namespace {

ItemEvaluation scored(bool ex) {
  ItemEvaluation it;
  it.status = ItemStatus::Scored;
  it.ex = ex;
  return it;
}

TEST(ExByGoldTables, ItemsFallIntoStrataByTheirGoldTables) {
  const Schema tox = sql::testing::toxicology();
  const char* two = "SELECT T1.element FROM atom AS T1 JOIN molecule AS T2 ON T1.molecule_id = T2.molecule_id";
  const char* four =
      "SELECT COUNT(*) FROM atom AS a JOIN molecule AS m ON a.molecule_id = m.molecule_id JOIN bond AS b ON "
      "b.molecule_id = m.molecule_id JOIN connected AS c ON c.bond_id = b.bond_id";
  const std::vector<EvalPair> pairs = {
      {"0", "toxicology", "SELECT COUNT(*) FROM atom", ""},
      {"1", "toxicology", "SELECT COUNT(*) FROM bond", ""},
      {"2", "toxicology", "SELECT COUNT(*) FROM atom WHERE atom_id IN (SELECT atom_id FROM connected)", ""},
      {"3", "toxicology", two, ""},
      {"4", "toxicology", four, ""},
      {"5", "toxicology", "SELEC nonsense", ""},            // does not parse: left out
      {"6", "elsewhere", "SELECT COUNT(*) FROM atom", ""},  // no schema: left out
      {"7", "toxicology", "SELECT COUNT(*) FROM bond", ""},
  };
  std::vector<ItemEvaluation> items = {scored(true),  scored(false), scored(true), scored(true),
                                       scored(false), scored(true),  scored(true), scored(true)};
  items[7].status = ItemStatus::GoldError;  // not scored: left out
  const auto strata = ex_by_gold_tables(
      pairs, items, [&](const std::string& db) -> const Schema* { return db == "toxicology" ? &tox : nullptr; });
  ASSERT_EQ(strata.size(), 4u);
  EXPECT_EQ(gold_tables_strata_json(strata).dump(),
            "[{\"ex\":50.0,\"n\":2,\"tables\":\"1\"},{\"ex\":100.0,\"n\":2,\"tables\":\"2\"},"
            "{\"ex\":0.0,\"n\":0,\"tables\":\"3\"},{\"ex\":0.0,\"n\":1,\"tables\":\">3\"}]");
  EXPECT_EQ(strata[0].right, 1u);

  // The two-step form (counts pair by pair, then the strata) gives the same strata.
  std::vector<size_t> counts;
  for (const auto& p : pairs) counts.push_back(gold_table_count(p, p.db_id == "toxicology" ? &tox : nullptr));
  EXPECT_EQ(counts, (std::vector<size_t>{1, 1, 2, 2, 4, 0, 0, 1}));
  EXPECT_EQ(gold_tables_strata_json(ex_by_gold_table_counts(counts, items)), gold_tables_strata_json(strata));
}

}  // namespace
}  // namespace chokepoint::runner
