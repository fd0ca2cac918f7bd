// Discrimination on a three-row fixture, computed by hand: which mutants of `age >= 30` return another result, how a
// failing mutant is counted, and that the comparison follows the EX semantics (a duplicated row is told apart under
// Spider's bag, not under BIRD's set); on a suite of two databases, a mutant is told apart when either tells it apart.
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

TEST(DiscriminateGoldOnSuite, AMutantToldApartOnAnyMemberAndTheGoldNonEmptyOnAny) {
  // Member a: person ages 20, 30 (gold `age >= 30` gives {2}); member b: one person aged 40 and a table `extra` that
  // only b has.
  auto a = Connection::open_memory(), b = Connection::open_memory();
  ASSERT_TRUE(a.ok() && b.ok());
  ASSERT_TRUE(a->exec_script("CREATE TABLE person(id INTEGER PRIMARY KEY, age INT);"
                             "INSERT INTO person VALUES (1, 20), (2, 30);")
                  .ok());
  ASSERT_TRUE(b->exec_script("CREATE TABLE person(id INTEGER PRIMARY KEY, age INT); CREATE TABLE extra(x INT);"
                             "INSERT INTO person VALUES (3, 40);")
                  .ok());
  const std::vector<PooledDatabase> suite = {{"s.sqlite", &*a}, {"s_1.sqlite", &*b}};
  const std::string gold = "SELECT id FROM person WHERE age >= 30";
  const std::vector<std::string> mutants = {
      "SELECT id FROM person WHERE age > 30",                                        // a: {} differs; b: {3} same
      "SELECT id FROM person WHERE age <= 40",                                       // a: {1, 2} differs; b: {3} same
      "SELECT id FROM person WHERE age >= 35",                                       // a: {} differs; b: {3} same
      "SELECT id FROM person WHERE age <> 30",                                       // a: {1} differs; b: {3} same
      "SELECT id FROM person WHERE age >= 30 AND (SELECT count(*) FROM extra) = 0",  // a: fails; b: {3} same
      "SELECT id FROM person WHERE age < 100 AND id <> 3",                           // a: {1, 2}; b: {} differs
      "SELECT id FROM person WHERE age >= 30 AND id < (SELECT max(x) FROM extra)",   // a: fails; b: {} differs
  };
  const auto on_a = discriminate_gold(*a, gold, mutants, ExSemantics::Bird, QueryLimits{});
  const auto on_b = discriminate_gold(*b, gold, mutants, ExSemantics::Bird, QueryLimits{});
  EXPECT_EQ(on_a.distinguished, 5u);
  EXPECT_EQ(on_a.mutant_failures, 2u);
  EXPECT_EQ(on_b.distinguished, 2u);
  const auto g = discriminate_gold_on_suite(suite, gold, mutants, ExSemantics::Bird, QueryLimits{});
  EXPECT_TRUE(g.gold_ok);
  EXPECT_TRUE(g.gold_nonempty);
  EXPECT_EQ(g.mutants, 7u);
  EXPECT_EQ(g.distinguished, 6u) << "the first five on a, the last two on b (the sixth on both)";
  EXPECT_EQ(g.mutant_failures, 1u) << "the fifth failed on a and matched on b; the seventh failed on a but b told "
                                      "it apart";
  EXPECT_EQ(g.queries, on_a.queries + on_b.queries);

  // The gold returns a row on b only: the suite's SR counts it.
  const auto empty_on_a =
      discriminate_gold_on_suite(suite, "SELECT id FROM person WHERE age > 35", {}, ExSemantics::Bird, QueryLimits{});
  EXPECT_TRUE(empty_on_a.gold_nonempty);
  const auto nowhere =
      discriminate_gold_on_suite(suite, "SELECT id FROM person WHERE age > 99", {}, ExSemantics::Bird, QueryLimits{});
  EXPECT_TRUE(nowhere.gold_ok);
  EXPECT_FALSE(nowhere.gold_nonempty);
}

}  // namespace
}  // namespace chokepoint::testdb
