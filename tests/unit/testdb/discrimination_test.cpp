// Discrimination on a three-row fixture, computed by hand: which mutants of `age >= 30` return another result, how a
// failing mutant is counted, and that the comparison follows the EX semantics (a duplicated row is told apart under
// Spider's bag, not under BIRD's set).
#include "core/testdb/discrimination.h"

#include <gtest/gtest.h>

namespace chokepoint::testdb {
namespace {

Connection discrimination_fixture() {
  auto db = Connection::open_memory();
  EXPECT_TRUE(db.ok());
  EXPECT_TRUE(db->exec_script("CREATE TABLE person(id INTEGER PRIMARY KEY, age INT);"
                              "INSERT INTO person VALUES (1, 20), (2, 30), (3, 40);")
                  .ok());
  return std::move(*db);
}

TEST(DiscriminateGold, CountsMutantsWhoseResultDiffers) {
  const Connection db = discrimination_fixture();
  // Gold {2, 3}. Mutants: > 30 gives {3} (differs), <= 30 gives {1, 2} (differs), ORDER BY keeps {2, 3} (same),
  // an unknown column fails.
  const auto g = discriminate_gold(
      db, "SELECT id FROM person WHERE age >= 30",
      {"SELECT id FROM person WHERE age > 30", "SELECT id FROM person WHERE age <= 30",
       "SELECT id FROM person WHERE age >= 30 ORDER BY id DESC", "SELECT idx FROM person WHERE age >= 30"},
      ExSemantics::Bird, QueryLimits{});
  EXPECT_TRUE(g.gold_ok);
  EXPECT_TRUE(g.gold_nonempty);
  EXPECT_EQ(g.mutants, 4u);
  EXPECT_EQ(g.distinguished, 2u);
  EXPECT_EQ(g.mutant_failures, 1u);
  DiscriminationTotals t;
  t.add(g);
  EXPECT_DOUBLE_EQ(t.share(), 0.5);
}

TEST(DiscriminateGold, FollowsTheSemantics) {
  const Connection db = discrimination_fixture();
  const std::vector<std::string> mutant = {"SELECT age FROM person UNION ALL SELECT age FROM person WHERE id = 1"};
  EXPECT_EQ(discriminate_gold(db, "SELECT age FROM person", mutant, ExSemantics::Bird, {}).distinguished, 0u);
  EXPECT_EQ(discriminate_gold(db, "SELECT age FROM person", mutant, ExSemantics::Spider, {}).distinguished, 1u);
}

TEST(DiscriminateGold, AFailingGoldTellsNothingApart) {
  const Connection db = discrimination_fixture();
  const auto g = discriminate_gold(db, "SELECT id FROM nowhere", {"SELECT id FROM person"}, ExSemantics::Bird, {});
  EXPECT_FALSE(g.gold_ok);
  EXPECT_EQ(g.distinguished, 0u);
  DiscriminationTotals t;
  t.add(g);
  EXPECT_EQ(t.golds_failed, 1u);
  EXPECT_EQ(t.mutants, 1u);
  EXPECT_DOUBLE_EQ(t.share(), 0.0);
}

}  // namespace
}  // namespace chokepoint::testdb
