// The HAVING, join and LIMIT operators on queries whose mutants are known.
#include "core/mutate/having_mutations.h"
#include "core/mutate/join_mutations.h"
#include "core/mutate/limit_mutations.h"
#include "tests/unit/mutate/mutation_fixtures.h"

namespace chokepoint::mutate {
namespace {
using testing::mutate_text;
using V = std::vector<std::string>;

const char* kGrouped = "SELECT country, count(*) FROM singer GROUP BY country HAVING count(*) > 2";

TEST(HavingConditionFlip, FlipsTheAggregateComparison) {
  EXPECT_EQ(mutate_text(having_condition_flip, kGrouped),
            (V{"SELECT country, count(*) FROM singer GROUP BY country HAVING count(*) < 2"}));
}

TEST(HavingRemove, DropsHavingKeepsGroupBy) {
  EXPECT_EQ(mutate_text(having_remove, kGrouped), (V{"SELECT country, count(*) FROM singer GROUP BY country"}));
  EXPECT_TRUE(mutate_text(having_remove, "SELECT country FROM singer GROUP BY country").empty());
}

const char* kJoined = "SELECT T1.name FROM singer AS T1 JOIN singer_in_concert AS T2 ON T1.singer_id = T2.singer_id";

TEST(JoinBreak, RemovesTheOnCondition) {
  EXPECT_EQ(mutate_text(join_break, kJoined), (V{"SELECT T1.name FROM singer AS T1 JOIN singer_in_concert AS T2"}));
}

TEST(JoinBreak, RemovesUsing) {
  EXPECT_EQ(mutate_text(join_break, "SELECT name FROM singer JOIN singer_in_concert USING (singer_id)"),
            (V{"SELECT name FROM singer JOIN singer_in_concert"}));
}

TEST(JoinBreak, BreaksEachJoinInTurn) {
  EXPECT_EQ(mutate_text(join_break, "SELECT a FROM x JOIN y ON x.id = y.xid JOIN z ON y.id = z.yid"),
            (V{"SELECT a FROM x JOIN y JOIN z ON y.id = z.yid", "SELECT a FROM x JOIN y ON x.id = y.xid JOIN z"}));
}

TEST(JoinTypeToLeft, TurnsInnerJoinsIntoLeftJoins) {
  EXPECT_EQ(mutate_text(join_type_to_left, kJoined),
            (V{"SELECT T1.name FROM singer AS T1 LEFT JOIN singer_in_concert AS T2 ON T1.singer_id = T2.singer_id"}));
  EXPECT_EQ(mutate_text(join_type_to_left, "SELECT a FROM x INNER JOIN y ON x.id = y.xid, z"),
            (V{"SELECT a FROM x LEFT JOIN y ON x.id = y.xid, z",
               "SELECT a FROM x INNER JOIN y ON x.id = y.xid LEFT JOIN z"}));
}

TEST(JoinTypeToLeft, LeavesLeftJoinsAlone) {
  EXPECT_TRUE(mutate_text(join_type_to_left, "SELECT a FROM x LEFT OUTER JOIN y ON x.id = y.xid").empty());
}

TEST(JoinOperators, TouchOnlyTheOuterQuery) {
  const char* q =
      "SELECT name FROM singer WHERE singer_id IN (SELECT T1.singer_id FROM singer_in_concert AS T1 "
      "JOIN concert AS T2 ON T1.concert_id = T2.concert_id)";
  EXPECT_TRUE(mutate_text(join_break, q).empty());
  EXPECT_TRUE(mutate_text(join_type_to_left, q).empty());
}

TEST(LimitIncrease, DoublesTheLimit) {
  EXPECT_EQ(mutate_text(limit_increase, "SELECT name FROM singer ORDER BY age DESC LIMIT 3"),
            (V{"SELECT name FROM singer ORDER BY age DESC LIMIT 6"}));
  EXPECT_EQ(mutate_text(limit_increase, "SELECT name FROM singer LIMIT 4 OFFSET 2"),
            (V{"SELECT name FROM singer LIMIT 8 OFFSET 2"}));
}

TEST(LimitDecrease, HalvesTheLimitDownToOne) {
  EXPECT_EQ(mutate_text(limit_decrease, "SELECT name FROM singer ORDER BY age DESC LIMIT 3"),
            (V{"SELECT name FROM singer ORDER BY age DESC LIMIT 1"}));
  EXPECT_EQ(mutate_text(limit_decrease, "SELECT name FROM singer LIMIT 10"), (V{"SELECT name FROM singer LIMIT 5"}));
  EXPECT_TRUE(mutate_text(limit_decrease, "SELECT name FROM singer ORDER BY age LIMIT 1").empty());
  EXPECT_EQ(mutate_text(limit_increase, "SELECT name FROM singer ORDER BY age LIMIT 1"),
            (V{"SELECT name FROM singer ORDER BY age LIMIT 2"}));
}

TEST(LimitOperators, TouchOnlyTheOuterLimit) {
  const char* q = "SELECT name FROM (SELECT name FROM singer ORDER BY age LIMIT 5) AS s";
  EXPECT_TRUE(mutate_text(limit_increase, q).empty());
  EXPECT_TRUE(mutate_text(limit_decrease, q).empty());
  EXPECT_TRUE(mutate_text(limit_increase, "SELECT name FROM singer LIMIT ?").empty());
}

}  // namespace
}  // namespace chokepoint::mutate
