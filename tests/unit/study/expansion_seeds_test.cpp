// EXPANDED.json's seed ids and the join-graph shapes jqe-delta computes from the gold queries: one join is two nodes
// and one edge, a seed on an unknown database or a gold that does not parse has an unknown shape, and misaligned or
// foreign seed ids are refused naming the file.
#include "core/study/expansion_seeds.h"

#include <gtest/gtest.h>

#include "tests/unit/sql/thesis_schemas.h"

namespace chokepoint::study {
namespace {

TEST(ExpansionSeeds, SeedIdsAreTextOrWholeNumbers) {
  auto ids = expansion_seed_ids(R"([{"jqe": {"seed_id": "s1"}}, {"jqe": {"seed_id": 7}}])", "x.json");
  ASSERT_TRUE(ids.ok()) << ids.error();
  EXPECT_EQ(*ids, (std::vector<std::string>{"s1", "7"}));
}

TEST(ExpansionSeeds, RefusesWhatIsNotChokepointJqeOutput) {
  auto not_array = expansion_seed_ids(R"({"a": 1})", "x.json");
  ASSERT_FALSE(not_array.ok());
  EXPECT_EQ(not_array.error(), "x.json: not a JSON array (chokepoint jqe's EXPANDED.json)");
  auto missing = expansion_seed_ids(R"([{"jqe": {"seed_id": "s1"}}, {"question": "q"}])", "x.json");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error(), "x.json: item 1 has no jqe.seed_id (is it chokepoint jqe's output?)");
  auto fractional = expansion_seed_ids(R"([{"jqe": {"seed_id": 1.5}}])", "x.json");
  ASSERT_FALSE(fractional.ok());
  EXPECT_EQ(fractional.error(), "x.json: item 0's jqe.seed_id is neither text nor a whole number");
}

TEST(ExpansionSeeds, ShapesComeFromTheGoldsJoinQueryGraphs) {
  const Schema tox = sql::testing::toxicology();
  const SchemaOf schema_of = [&tox](const std::string& db_id) { return db_id == "toxicology" ? &tox : nullptr; };
  const std::vector<EvalPair> seeds = {{"s1", "toxicology", "SELECT count(*) FROM atom", "SELECT 1"},
                                       {"s2", "elsewhere", "SELECT count(*) FROM atom", "SELECT 1"}};
  const std::vector<EvalPair> expansions = {
      {"e1", "toxicology", "SELECT count(*) FROM atom JOIN molecule ON atom.molecule_id = molecule.molecule_id", ""},
      {"e2", "toxicology",
       "SELECT count(*) FROM bond JOIN molecule ON bond.molecule_id = molecule.molecule_id JOIN atom ON "
       "atom.molecule_id = molecule.molecule_id",
       ""},
      {"e3", "toxicology", "SELEC nothing", ""}};
  auto in = jqe_delta_inputs("sys", seeds, {"s1", "s2"}, expansions, {"s1", "s1", "s2"}, schema_of);
  ASSERT_TRUE(in.ok()) << in.error();
  EXPECT_EQ(in->system, "sys");
  EXPECT_EQ(in->seed_edges, (std::vector<int>{0, -1}));  // one table, no join; a database not given
  ASSERT_EQ(in->shapes.size(), 3u);
  EXPECT_EQ(in->shapes[0].seed_id, "s1");
  EXPECT_EQ(in->shapes[0].nodes, 2);
  EXPECT_EQ(in->shapes[0].edges, 1);
  EXPECT_EQ(in->shapes[1].nodes, 3);
  EXPECT_EQ(in->shapes[1].edges, 2);
  EXPECT_EQ(in->shapes[2].nodes, -1);  // the gold does not parse
  EXPECT_EQ(in->shapes[2].seed_id, "s2");
}

TEST(ExpansionSeeds, MisalignedOrForeignSeedsAreRefused) {
  const SchemaOf none = [](const std::string&) -> const Schema* { return nullptr; };
  const std::vector<EvalPair> seeds = {{"s1", "d", "SELECT 1", "SELECT 1"}};
  const std::vector<EvalPair> expansions = {{"e1", "d", "SELECT 1", ""}};
  auto fewer = jqe_delta_inputs("sys", seeds, {"s1"}, expansions, {}, none);
  ASSERT_FALSE(fewer.ok());
  EXPECT_EQ(fewer.error(), "0 items with jqe.seed_id, 1 read as a set");
  auto foreign = jqe_delta_inputs("sys", seeds, {"s1"}, expansions, {"s9"}, none);
  ASSERT_FALSE(foreign.ok());
  EXPECT_NE(foreign.error().find("s9"), std::string::npos) << foreign.error();
}

}  // namespace
}  // namespace chokepoint::study
