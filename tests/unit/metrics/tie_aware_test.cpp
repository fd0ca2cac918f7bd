// Tie-aware EX: when the gold's ORDER BY ... LIMIT n cuts through equal keys, another member of the tie is right,
// with every row before the tie and the right number of rows from it.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/metrics/pair_evaluation.h"
#include "core/metrics/tie_aware_match.h"
#include "tests/unit/metrics/result_builders.h"

namespace chokepoint {
using namespace testing_support;

namespace {

// A leads; B, C and D tie for second; E trails.
const char* kScores =
    "CREATE TABLE score(name TEXT, pts INT);"
    "INSERT INTO score VALUES ('A',10),('B',9),('C',9),('D',9),('E',5);";
const char* kGold = "SELECT name FROM score ORDER BY pts DESC LIMIT 2";

// What the CLI fills with sql::tie_probe for kGold.
EvalPair tie_pair(const std::string& id, const std::string& pred) {
  EvalPair p{id, "s", kGold, pred};
  p.tie = {"SELECT pts FROM score ORDER BY pts DESC LIMIT 2 OFFSET 1", "SELECT pts FROM score ORDER BY pts DESC",
           "SELECT name FROM score ORDER BY pts DESC", 2, 0};
  return p;
}

// A member of the tie the engine's gold did not return.
std::string other_tied_name(const Connection& db) {
  auto gold = db.query(kGold, QueryLimits{});
  EXPECT_TRUE(gold.ok());
  for (const char* name : {"B", "C", "D"})
    if (std::none_of(gold.result.rows.begin(), gold.result.rows.end(),
                     [&](const Row& r) { return r[0].bytes == name; }))
      return name;
  return "";
}

std::string literal_rows(const std::vector<std::string>& names) {
  std::string sql;
  for (const auto& n : names) sql += (sql.empty() ? "SELECT '" : " UNION ALL SELECT '") + n + "'";
  return sql;
}

}  // namespace

TEST(TieAware, AnotherMemberOfTheTieIsRightOnlyWithTheOption) {
  Connection db = memory_db(kScores);
  const std::string other = other_tied_name(db);
  ASSERT_FALSE(other.empty());
  const auto pair = tie_pair("0", literal_rows({"A", other}));
  EvaluationOptions o;
  const auto plain = evaluate_pair(db, pair, o);
  EXPECT_FALSE(plain.ex);
  EXPECT_FALSE(plain.tie_dependent);
  o.tie_aware = true;
  const auto aware = evaluate_pair(db, pair, o);
  EXPECT_TRUE(aware.ex);
  EXPECT_TRUE(aware.tie_dependent);
  EXPECT_TRUE(aware.tie_accepted);
  for (const auto& s : aware.scores) EXPECT_EQ(s.f1, 1.0);
}

TEST(TieAware, RowsBeforeTheTieAndTheCountStillCount) {
  Connection db = memory_db(kScores);
  EvaluationOptions o;
  o.tie_aware = true;
  for (const auto& names : std::vector<std::vector<std::string>>{{"A", "E"}, {"B", "C"}, {"A", "B", "C"}}) {
    const auto item = evaluate_pair(db, tie_pair("1", literal_rows(names)), o);
    EXPECT_FALSE(item.ex) << literal_rows(names);
    EXPECT_TRUE(item.tie_dependent);
    EXPECT_FALSE(item.tie_accepted);
  }
}

TEST(TieAware, OrderStillMattersWhereTheSemanticsSaySo) {
  Connection db = memory_db(kScores);
  const std::string other = other_tied_name(db);
  EvaluationOptions o;
  o.tie_aware = true;
  o.semantics = ExSemantics::Spider;
  EXPECT_TRUE(evaluate_pair(db, tie_pair("2", literal_rows({"A", other})), o).ex);
  EXPECT_FALSE(evaluate_pair(db, tie_pair("3", literal_rows({other, "A"})), o).ex);
}

TEST(TieAware, NoTieNoFlag) {
  Connection db = memory_db(kScores);
  EvaluationOptions o;
  o.tie_aware = true;
  EvalPair p{"4", "s", "SELECT name FROM score ORDER BY pts DESC LIMIT 1", "SELECT 'B'"};
  p.tie = {"SELECT pts FROM score ORDER BY pts DESC LIMIT 2 OFFSET 0", "SELECT pts FROM score ORDER BY pts DESC",
           "SELECT name FROM score ORDER BY pts DESC", 1, 0};
  const auto item = evaluate_pair(db, p, o);
  EXPECT_FALSE(item.ex);
  EXPECT_FALSE(item.tie_dependent);
}

TEST(TieAware, TheBuiltGoldFollowsAnOffsetIntoTheTie) {
  // Rows 1..5 with keys 1, 2, 2, 2, 3; LIMIT 2 OFFSET 1 keeps two of the three tied rows.
  const auto unlimited = result({"v"}, {{T("a")}, {T("b")}, {T("c")}, {T("d")}, {T("e")}});
  const std::vector<Row> keys{{I(1)}, {I(2)}, {I(2)}, {I(2)}, {I(3)}};
  const auto built = tie_member_gold(unlimited, keys, {I(2)}, 2, 1, result({"v"}, {{T("d")}, {T("x")}}));
  ASSERT_TRUE(built.has_value());
  ASSERT_EQ(built->rows.size(), 2u);
  EXPECT_EQ(built->rows[0][0].bytes, "d");
  EXPECT_EQ(built->rows[1][0].bytes, "b");  // padded with the group's first unused row
  EXPECT_FALSE(tie_member_gold(unlimited, keys, {I(3)}, 2, 1, result({"v"}, {})).has_value());
}

}  // namespace chokepoint
