// Spider's exact set match (evaluation.py): what it ignores (values, DISTINCT, select order, alias spelling,
// foreign-key column choice), what it does not, the empty query for an unreadable prediction, and the averaging of
// evaluate's table.
#include <gtest/gtest.h>

#include "core/exact_match/exact_match.h"
#include "tests/unit/exact_match/concert_schema.h"

namespace chokepoint::em {
namespace {

const EmSchema& schema() {
  static const EmSchema s = prepare_em_schema(concert_schema());
  return s;
}

bool match(const char* gold, const char* pred, EmParser parser) {
  ExactMatchResult r = exact_match(gold, pred, schema(), parser);
  EXPECT_TRUE(r.scored) << r.gold_error;
  EXPECT_EQ(r.pred_error, "") << pred;
  return r.match;
}

void expect_match(const char* gold, const char* pred) {
  EXPECT_TRUE(match(gold, pred, EmParser::Spider)) << pred;
  EXPECT_TRUE(match(gold, pred, EmParser::Ours)) << pred;
}

void expect_no_match(const char* gold, const char* pred) {
  EXPECT_FALSE(match(gold, pred, EmParser::Spider)) << pred;
  EXPECT_FALSE(match(gold, pred, EmParser::Ours)) << pred;
}

TEST(ExactMatch, ValuesAreIgnored) {
  expect_match("SELECT name FROM singer WHERE age > 20 AND country = 'France'",
               "SELECT name FROM singer WHERE age > 35 AND country = 'Japan'");
}

TEST(ExactMatch, DistinctIsIgnored) {
  expect_match("SELECT DISTINCT country FROM singer", "SELECT country FROM singer");
  expect_match("SELECT count(DISTINCT country) FROM singer", "SELECT count(country) FROM singer");
}

TEST(ExactMatch, SelectColumnOrderIsIgnored) {
  expect_match("SELECT name, age FROM singer", "SELECT age, name FROM singer");
}

TEST(ExactMatch, AliasAndTableNameAreTheSameColumn) {
  expect_match("SELECT T1.name FROM singer AS T1 WHERE T1.age > 3", "SELECT singer.name FROM singer WHERE age > 3");
}

TEST(ExactMatch, ForeignKeyColumnsAreEquivalent) {
  expect_match("SELECT T1.singer_id FROM singer AS T1 JOIN singer_in_concert AS T2 ON T1.singer_id = T2.singer_id",
               "SELECT T2.singer_id FROM singer AS T1 JOIN singer_in_concert AS T2 ON T1.singer_id = T2.singer_id");
}

TEST(ExactMatch, ForeignKeyMapGroupsBothEnds) {
  const ForeignKeyMap& k = schema().foreign_keys;
  EXPECT_EQ(k.at("__singer_in_concert.singer_id__"), "__singer.singer_id__");
  EXPECT_EQ(k.at("__singer.singer_id__"), "__singer.singer_id__");
  EXPECT_EQ(k.at("__singer_in_concert.concert_id__"), "__concert.concert_id__");
  EXPECT_EQ(k.count("__singer.name__"), 0u);
}

TEST(ExactMatch, DifferentColumnsDoNotMatch) {
  expect_no_match("SELECT name FROM singer", "SELECT country FROM singer");
  ExactMatchResult r = exact_match("SELECT name FROM singer", "SELECT country FROM singer", schema(), EmParser::Spider);
  EXPECT_EQ(r.components[0].f1, 0);  // select
  EXPECT_EQ(r.components[9].f1, 1);  // keywords
}

TEST(ExactMatch, OrderDirectionAndLimitCount) {
  expect_no_match("SELECT name FROM singer ORDER BY age DESC", "SELECT name FROM singer ORDER BY age");
  expect_no_match("SELECT name FROM singer ORDER BY age LIMIT 1", "SELECT name FROM singer ORDER BY age");
  expect_match("SELECT name FROM singer ORDER BY age LIMIT 1", "SELECT name FROM singer ORDER BY age LIMIT 3");
}

TEST(ExactMatch, MissingJoinTableDoesNotMatch) {
  expect_no_match("SELECT T1.name FROM singer AS T1 JOIN singer_in_concert AS T2 ON T1.singer_id = T2.singer_id",
                  "SELECT name FROM singer");
}

TEST(ExactMatch, UnreadablePredictionScoresAsTheEmptyQuery) {
  const char* gold = "SELECT T1.name FROM singer AS T1 JOIN singer_in_concert AS T2 ON T1.singer_id = T2.singer_id";
  const char* pred =
      "SELECT T1.name FROM singer AS T1 INNER JOIN singer_in_concert AS T2 ON T1.singer_id = T2.singer_id";
  ExactMatchResult spider = exact_match(gold, pred, schema(), EmParser::Spider);
  EXPECT_TRUE(spider.scored);
  EXPECT_FALSE(spider.match);
  EXPECT_NE(spider.pred_error, "");
  EXPECT_EQ(spider.components[0].pred_count, 0);  // the empty query selects nothing
  ExactMatchResult ours = exact_match(gold, pred, schema(), EmParser::Ours);
  EXPECT_TRUE(ours.match);
  EXPECT_EQ(ours.pred_error, "");
}

TEST(ExactMatch, SelectAliasFailsOnlyUnderSpidersParser) {
  ExactMatchResult spider =
      exact_match("SELECT name FROM singer", "SELECT name AS n FROM singer", schema(), EmParser::Spider);
  EXPECT_FALSE(spider.match);
  EXPECT_NE(spider.pred_error, "");
  EXPECT_TRUE(exact_match("SELECT name FROM singer", "SELECT name AS n FROM singer", schema(), EmParser::Ours).match);
}

TEST(ExactMatch, UnreadableGoldIsNotScored) {
  ExactMatchResult r =
      exact_match("SELECT name FROM singer WHERE name IS NULL", "SELECT name FROM singer", schema(), EmParser::Spider);
  EXPECT_FALSE(r.scored);
  EXPECT_NE(r.gold_error, "");
  EmSummary s = summarize_exact_match({r});
  EXPECT_EQ(s.gold_errors, 1);
  EXPECT_EQ(s.levels[kHardnessLevels].count, 0);
}

TEST(ExactMatch, ValueWordBecomesOneForSpidersParser) {
  // evaluate() rewrites "value" to "1" in predictions before parsing them.
  EXPECT_TRUE(
      match("SELECT name FROM singer WHERE age > 3", "SELECT name FROM singer WHERE age > value", EmParser::Spider));
}

TEST(ExactMatch, SummaryAveragesOnlyWherePresent) {
  std::vector<ExactMatchResult> items = {
      exact_match("SELECT name FROM singer WHERE age > 3", "SELECT name FROM singer WHERE age > 3", schema(),
                  EmParser::Ours),
      exact_match("SELECT name FROM singer", "SELECT country FROM singer WHERE age > 3", schema(), EmParser::Ours)};
  EmSummary s = summarize_exact_match(items);
  const EmLevel& all = s.levels[kHardnessLevels];
  EXPECT_EQ(all.count, 2);
  EXPECT_DOUBLE_EQ(all.exact, 0.5);
  const ComponentAverage& where = all.partial[2];
  EXPECT_EQ(where.acc_count, 2);  // both predictions have a WHERE
  EXPECT_EQ(where.rec_count, 1);  // one gold has
  EXPECT_DOUBLE_EQ(where.acc, 0.5);
  EXPECT_DOUBLE_EQ(where.rec, 1.0);
  const ComponentAverage& group = all.partial[4];  // no GROUP BY anywhere: acc = rec = 0, f1 = 1 as in evaluate
  EXPECT_EQ(group.acc_count, 0);
  EXPECT_DOUBLE_EQ(group.f1, 1.0);
  EXPECT_EQ(s.levels[0].count, 2);  // both golds are easy
}

TEST(ExactMatch, JsonCarriesMatchHardnessAndComponents) {
  auto j = to_json(exact_match("SELECT name FROM singer", "SELECT name FROM singer", schema(), EmParser::Ours));
  EXPECT_EQ(j["match"], true);
  EXPECT_EQ(j["hardness"], "easy");
  EXPECT_EQ(j["components"]["select"]["f1"], 1.0);
  EXPECT_EQ(j["components"]["select"]["gold_count"], 1);
  auto s = to_json(summarize_exact_match({}));
  EXPECT_EQ(s["levels"]["all"]["count"], 0);
}

}  // namespace
}  // namespace chokepoint::em

namespace chokepoint::em {

// Spider's parser has no WITH; ours reads a CTE as a subquery, and a recursive CTE's reference to itself as a
// table (expanding it again would never end): the same query matches itself, another one does not.
TEST(ExactMatch, RecursiveCteReadsItsSelfReferenceAsATable) {
  const char* q =
      "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3000) "
      "SELECT count(*) FROM c WHERE x % 3 = 0";
  const char* other =
      "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3000) "
      "SELECT max(x) FROM c";
  ExactMatchResult same = exact_match(q, q, schema(), EmParser::Ours);
  EXPECT_TRUE(same.scored) << same.gold_error;
  EXPECT_TRUE(same.match);
  ExactMatchResult differ = exact_match(q, other, schema(), EmParser::Ours);
  EXPECT_TRUE(differ.scored);
  EXPECT_FALSE(differ.match);
}

}  // namespace chokepoint::em
