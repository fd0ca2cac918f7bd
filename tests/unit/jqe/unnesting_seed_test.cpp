// JQE expands the unnested seed (thesis §3.3.1) and its report counts the seeds unnested and those left nested, with
// the reasons. The toxicology sample database and the §3.1.2 seed, written once with a CTE.
#include <gtest/gtest.h>

#include "core/jqe/expansion.h"
#include "core/jqe/report.h"
#include "tests/unit/jqe/toxicology_fixture.h"

namespace chokepoint::jqe {
namespace {

using testing::seed;
using testing::Toxicology;

// The §3.1.2 seed with its chlorine atoms read through a CTE.
const char* kCteSeed =
    "WITH chlorine AS (SELECT atom_id, molecule_id FROM atom WHERE element = 'cl') "
    "SELECT COUNT(DISTINCT m.molecule_id) FROM molecule AS m JOIN chlorine AS c ON c.molecule_id = m.molecule_id "
    "WHERE m.label = '-'";
const char* kCteSeedUnnested =
    "SELECT COUNT(DISTINCT m.molecule_id) FROM molecule AS m JOIN atom ON atom.molecule_id = m.molecule_id "
    "WHERE m.label = '-' AND atom.element = 'cl'";
// Atoms per molecule is an aggregate: the subquery stays a derived node.
const char* kAggregateSeed =
    "SELECT m.label FROM molecule AS m JOIN (SELECT molecule_id, COUNT(*) AS n FROM atom GROUP BY molecule_id) AS c "
    "ON c.molecule_id = m.molecule_id WHERE c.n > 8";

TEST(JqeUnnesting, ACteSeedIsExpandedFromItsUnnestedForm) {
  Toxicology t = Toxicology::load();
  JqeRun run = run_jqe({seed(kCteSeed)}, t.databases(true), JqeOptions{});
  ASSERT_EQ(run.seeds.size(), 1u);
  const SeedRecord& s = run.seeds[0];
  EXPECT_EQ(s.unnested_sql, kCteSeedUnnested);
  ASSERT_EQ(s.inlined.size(), 1u);
  EXPECT_EQ(s.inlined[0].name, "chlorine");
  // molecule - atom, one edge: the seed graph of §3.1.2, whose candidates are bond and connected.
  EXPECT_EQ(s.shape.nodes, 2);
  EXPECT_EQ(s.shape.edges, 1);
  ASSERT_EQ(s.candidates.size(), 2u);
  EXPECT_EQ(s.candidates[0].table, "bond");
  EXPECT_EQ(s.candidates[1].table, "connected");
  ASSERT_FALSE(run.expansions.empty());
  for (const auto& x : run.expansions) {
    EXPECT_EQ(x.sql.find("WITH"), std::string::npos) << x.sql;
    EXPECT_EQ(x.shape.nodes, 3) << x.sql;
  }
}

TEST(JqeUnnesting, WithUnnestingOffTheCteIsOneDerivedNode) {
  Toxicology t = Toxicology::load();
  JqeOptions options;
  options.unnest = false;
  JqeRun run = run_jqe({seed(kCteSeed)}, t.databases(true), options);
  ASSERT_EQ(run.seeds.size(), 1u);
  const SeedRecord& s = run.seeds[0];
  EXPECT_TRUE(s.unnested_sql.empty());
  EXPECT_TRUE(s.inlined.empty());
  EXPECT_EQ(s.shape.nodes, 2);  // molecule and the derived chlorine
  // Only molecule has schema-graph neighbours (atom, bond); atom hides in the CTE, so it becomes a candidate.
  ASSERT_EQ(s.candidates.size(), 2u);
  EXPECT_EQ(s.candidates[0].table, "atom");
  EXPECT_EQ(s.candidates[1].table, "bond");
}

TEST(JqeUnnesting, TheSummaryCountsSeedsUnnestedAndLeftNestedByReason) {
  Toxicology t = Toxicology::load();
  JqeRun run = run_jqe({seed(kCteSeed, "0"), seed(kAggregateSeed, "1"), seed(testing::kToxicologySeed, "2")},
                       t.databases(false), JqeOptions{});
  const nlohmann::json u = jqe_summary(run)["unnesting"];
  EXPECT_EQ(u["seeds_unnested"], 1);
  EXPECT_EQ(u["seeds_left_nested"], 1);
  EXPECT_EQ(u["tables_inlined"], 1);
  EXPECT_EQ(u["left_nested_by_reason"], (nlohmann::json{{"aggregate", 1}}));
  ASSERT_EQ(run.seeds[1].nested.size(), 1u);
  EXPECT_EQ(run.seeds[1].nested[0].detail, "GROUP BY");
}

TEST(JqeUnnesting, TheExpansionSetNamesTheQueryTheExpansionWasBuiltOn) {
  Toxicology t = Toxicology::load();
  JqeRun run = run_jqe({seed(kCteSeed)}, t.databases(true), JqeOptions{});
  const nlohmann::json set = expansion_set_json(run);
  ASSERT_FALSE(set.empty());
  EXPECT_EQ(set[0]["jqe"]["seed_sql"], kCteSeed);
  EXPECT_EQ(set[0]["jqe"]["seed_sql_unnested"], kCteSeedUnnested);
}

TEST(JqeUnnesting, TheOptionTravelsInTheOptionsJson) {
  Toxicology t = Toxicology::load();
  JqeOptions options;
  options.unnest = false;
  JqeRun run = run_jqe({seed(kCteSeed)}, t.databases(false), options);
  EXPECT_EQ(jqe_report(run)["options"]["unnest"], false);
  EXPECT_FALSE(jqe_summary(run).contains("unnesting"));
}

}  // namespace
}  // namespace chokepoint::jqe
