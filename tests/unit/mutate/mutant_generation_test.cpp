// From a gold query to its checked mutants: unchanged and duplicate candidates dropped, candidates that do not
// prepare dropped, every operator reachable, deterministic order.
#include "core/mutate/mutant_generation.h"

#include <set>

#include "core/mutate/operator_registry.h"
#include "tests/unit/mutate/mutation_fixtures.h"

namespace chokepoint::mutate {
namespace {
using testing::concert_database;
using testing::parse;
using V = std::vector<std::string>;

TEST(OperatorRegistry, HasTheFifteenOperatorsOfTableIX) {
  const auto& ops = mutation_operators();
  ASSERT_EQ(ops.size(), 15u);
  std::set<std::string> names;
  for (const auto& op : ops) names.insert(op.name);
  EXPECT_EQ(names,
            (std::set<std::string>{"projection_drop", "add_star_wildcard", "distinct_toggle", "where_predicate_delete",
                                   "where_condition_flip", "where_strengthen", "where_weaken", "where_remove",
                                   "having_condition_flip", "having_remove", "join_break", "join_type_to_left",
                                   "limit_increase", "limit_decrease", "aggregation_swap"}));
  EXPECT_NE(find_operator("join_break"), nullptr);
  EXPECT_EQ(find_operator("group_by_remove"), nullptr);
}

TEST(DropUnchanged, DropsACandidateEqualToTheOriginal) {
  auto gold = parse("SELECT name FROM singer WHERE age > 20");
  std::vector<Mutant> candidates;
  candidates.push_back({"where_condition_flip", "identity", sql::clone(*gold)});
  candidates.push_back({"where_remove", "removed", parse("SELECT name FROM singer")});
  size_t unchanged = 0, duplicates = 0;
  auto kept = drop_unchanged(*gold, std::move(candidates), &unchanged, &duplicates);
  ASSERT_EQ(kept.size(), 1u);
  EXPECT_EQ(kept[0].op, "where_remove");
  EXPECT_EQ(unchanged, 1u);
  EXPECT_EQ(duplicates, 0u);
}

TEST(DropUnchanged, DropsRepeatsOfTheSameOperator) {
  // Deleting either copy of a repeated predicate gives the same query.
  auto gold = parse("SELECT name FROM singer WHERE age > 20 OR age > 20");
  auto kept = propose_mutants(*gold, {"where_predicate_delete"});
  EXPECT_EQ(testing::printed(kept), (V{"SELECT name FROM singer WHERE age > 20"}));
}

TEST(GenerateMutants, DropsMutantsThatDoNotPrepare) {
  // Dropping the aliased count leaves ORDER BY n without a referent: SQLite rejects it.
  auto db = concert_database();
  auto check = generate_mutants("SELECT count(*) AS n, country FROM singer GROUP BY country ORDER BY n", db,
                                {"projection_drop"});
  ASSERT_TRUE(check.ok()) << check.error();
  ASSERT_EQ(check->kept.size(), 1u);
  EXPECT_EQ(check->kept[0].sql, "SELECT count(*) AS n FROM singer GROUP BY country ORDER BY n");
  ASSERT_EQ(check->rejected.size(), 1u);
  EXPECT_EQ(check->rejected[0].sql, "SELECT country FROM singer GROUP BY country ORDER BY n");
  EXPECT_NE(check->rejected[0].error.find("no such column: n"), std::string::npos) << check->rejected[0].error;
}

TEST(GenerateMutants, AStarInOneArmOfAUnionDoesNotPrepare) {
  auto db = concert_database();
  auto check = generate_mutants("SELECT name FROM singer WHERE age > 40 UNION SELECT name FROM singer WHERE age < 30",
                                db, {"add_star_wildcard"});
  ASSERT_TRUE(check.ok());
  EXPECT_TRUE(check->kept.empty());
  EXPECT_EQ(check->rejected.size(), 2u);
}

TEST(GenerateMutants, ReportsAGoldThatDoesNotParse) {
  auto db = concert_database();
  EXPECT_FALSE(generate_mutants("SELEKT name FROM singer", db).ok());
}

TEST(GenerateMutants, EveryOperatorFiresOnSomeConcertQuery) {
  auto db = concert_database();
  const V golds = {
      "SELECT DISTINCT T1.name, T1.age FROM singer AS T1 JOIN singer_in_concert AS T2 ON T1.singer_id = T2.singer_id "
      "WHERE T1.age >= 30 AND T1.country = 'France' ORDER BY T1.age LIMIT 4",
      "SELECT country, avg(age) FROM singer WHERE age < 50 GROUP BY country HAVING count(*) > 1",
  };
  std::set<std::string> fired;
  for (const auto& g : golds) {
    auto check = generate_mutants(g, db);
    ASSERT_TRUE(check.ok()) << check.error();
    for (const auto& m : check->kept) fired.insert(m.op);
  }
  for (const auto& op : mutation_operators()) EXPECT_TRUE(fired.count(op.name)) << op.name;
}

TEST(GenerateMutants, IsDeterministicAndInOperatorOrder) {
  auto db = concert_database();
  const char* gold =
      "SELECT T1.name, T1.age FROM singer AS T1 JOIN singer_in_concert AS T2 ON T1.singer_id = "
      "T2.singer_id WHERE T1.age >= 30 AND T1.country = 'France' ORDER BY T1.age LIMIT 4";
  auto a = generate_mutants(gold, db);
  auto b = generate_mutants(gold, db);
  ASSERT_TRUE(a.ok() && b.ok());
  ASSERT_EQ(a->kept.size(), b->kept.size());
  size_t last_rank = 0;
  for (size_t i = 0; i < a->kept.size(); ++i) {
    EXPECT_EQ(a->kept[i].sql, b->kept[i].sql);
    EXPECT_EQ(a->kept[i].description, b->kept[i].description);
    size_t rank = static_cast<size_t>(find_operator(a->kept[i].op) - mutation_operators().data());
    EXPECT_GE(rank, last_rank);
    last_rank = rank;
  }
}

TEST(GenerateMutants, NeverTouchesTheGoldTree) {
  auto gold = parse("SELECT name, age FROM singer WHERE age >= 30 AND country = 'France' LIMIT 4");
  auto before = sql::clone(*gold);
  auto mutants = propose_mutants(*gold);
  EXPECT_FALSE(mutants.empty());
  EXPECT_TRUE(sql::equal(*gold, *before));
}

}  // namespace
}  // namespace chokepoint::mutate
