// The WHERE operators on queries whose mutants are known, and their outer-query-only behaviour.
#include "core/mutate/where_mutations.h"

#include "core/mutate/aggregation_mutations.h"
#include "tests/unit/mutate/mutation_fixtures.h"

namespace chokepoint::mutate {
namespace {
using testing::mutate_text;
using testing::parse;
using V = std::vector<std::string>;

TEST(WherePredicateDelete, RemovesEachConjunct) {
  EXPECT_EQ(mutate_text(where_predicate_delete, "SELECT name FROM singer WHERE age > 20 AND country = 'France'"),
            (V{"SELECT name FROM singer WHERE country = 'France'", "SELECT name FROM singer WHERE age > 20"}));
}

TEST(WherePredicateDelete, KeepsOrWhereItWas) {
  // The reference implementation rebuilt the rest with AND, turning the OR into an AND.
  EXPECT_EQ(mutate_text(where_predicate_delete,
                        "SELECT name FROM singer WHERE (age > 20 OR age < 10) AND country = 'France'"),
            (V{"SELECT name FROM singer WHERE (age < 10) AND country = 'France'",
               "SELECT name FROM singer WHERE (age > 20) AND country = 'France'",
               "SELECT name FROM singer WHERE (age > 20 OR age < 10)"}));
}

TEST(WherePredicateDelete, NeedsTwoPredicates) {
  EXPECT_TRUE(mutate_text(where_predicate_delete, "SELECT name FROM singer WHERE age > 20").empty());
}

TEST(WhereConditionFlip, FlipsEachComparison) {
  EXPECT_EQ(mutate_text(where_condition_flip, "SELECT name FROM singer WHERE age >= 20 AND country = 'France'"),
            (V{"SELECT name FROM singer WHERE age <= 20 AND country = 'France'",
               "SELECT name FROM singer WHERE age >= 20 AND country != 'France'"}));
  EXPECT_EQ(mutate_text(where_condition_flip, "SELECT name FROM singer WHERE age <> 20"),
            (V{"SELECT name FROM singer WHERE age = 20"}));
}

TEST(WhereConditionFlip, DescribesTheEdit) {
  auto tree = parse("SELECT name FROM singer WHERE age > 20");
  auto mutants = where_condition_flip(*tree);
  ASSERT_EQ(mutants.size(), 1u);
  EXPECT_EQ(mutants[0].op, "where_condition_flip");
  EXPECT_EQ(mutants[0].description, "WHERE: \"age > 20\" -> \"age < 20\"");
}

TEST(WhereStrengthen, MakesBoundsStricter) {
  EXPECT_EQ(mutate_text(where_strengthen, "SELECT name FROM singer WHERE age >= 20 AND age < 40"),
            (V{"SELECT name FROM singer WHERE age > 20 AND age < 40"}));
  EXPECT_EQ(mutate_text(where_strengthen, "SELECT name FROM singer WHERE age <= 40"),
            (V{"SELECT name FROM singer WHERE age < 40"}));
}

TEST(WhereWeaken, MakesBoundsLooser) {
  EXPECT_EQ(mutate_text(where_weaken, "SELECT name FROM singer WHERE age >= 20 AND age < 40"),
            (V{"SELECT name FROM singer WHERE age >= 20 AND age <= 40"}));
  EXPECT_EQ(mutate_text(where_weaken, "SELECT name FROM singer WHERE age > 20"),
            (V{"SELECT name FROM singer WHERE age >= 20"}));
}

TEST(WhereStrengthenAndWeaken, IgnoreEquality) {
  EXPECT_TRUE(mutate_text(where_strengthen, "SELECT name FROM singer WHERE age = 20").empty());
  EXPECT_TRUE(mutate_text(where_weaken, "SELECT name FROM singer WHERE age = 20").empty());
}

TEST(WhereRemove, DropsTheClause) {
  EXPECT_EQ(mutate_text(where_remove, "SELECT name FROM singer WHERE age > 20 AND country = 'France'"),
            (V{"SELECT name FROM singer"}));
  EXPECT_TRUE(mutate_text(where_remove, "SELECT name FROM singer").empty());
}

TEST(WhereOperators, TouchOnlyTheOuterQuery) {
  const char* q =
      "SELECT name FROM singer WHERE age > (SELECT avg(age) FROM singer WHERE country = 'France' AND age < 50)";
  EXPECT_EQ(
      mutate_text(where_condition_flip, q),
      (V{"SELECT name FROM singer WHERE age < (SELECT avg(age) FROM singer WHERE country = 'France' AND age < 50)"}));
  EXPECT_EQ(
      mutate_text(where_weaken, q),
      (V{"SELECT name FROM singer WHERE age >= (SELECT avg(age) FROM singer WHERE country = 'France' AND age < 50)"}));
  EXPECT_TRUE(mutate_text(where_predicate_delete, q).empty());
  EXPECT_TRUE(mutate_text(where_strengthen, q).empty());
  EXPECT_TRUE(mutate_text(aggregation_swap, q).empty());
}

TEST(WhereOperators, TouchEveryArmOfACompound) {
  auto tree = parse("SELECT name FROM singer WHERE age > 40 UNION SELECT name FROM singer WHERE age < 30");
  auto mutants = where_remove(*tree);
  ASSERT_EQ(mutants.size(), 2u);
  EXPECT_EQ(testing::printed(mutants), (V{"SELECT name FROM singer UNION SELECT name FROM singer WHERE age < 30",
                                          "SELECT name FROM singer WHERE age > 40 UNION SELECT name FROM singer"}));
  EXPECT_EQ(mutants[1].description, "arm 2 WHERE: \"age < 30\" removed");
}

}  // namespace
}  // namespace chokepoint::mutate
