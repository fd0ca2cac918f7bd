#include "core/metrics/pair_evaluation.h"

#include <gtest/gtest.h>

#include <chrono>

#include "tests/unit/metrics/result_builders.h"

namespace chokepoint {
using namespace testing_support;

namespace {

const char* kSingersDb =
    "CREATE TABLE singer(id INTEGER PRIMARY KEY, name TEXT, country TEXT, age INT);"
    "INSERT INTO singer VALUES (1,'Joe','France',52),(2,'Ann','Netherlands',32),(3,'Tim','France',41),"
    "(4,'Liz','United States',29);";

// A runaway query: a cartesian product of a 1000-row table with itself three times (10^9 rows to count).
const char* kRunaway =
    "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 1000) "
    "SELECT count(*) FROM n a, n b, n c";

}  // namespace

TEST(PairEvaluation, ExByPairIdHasTheScoredPairsOnly) {
  std::vector<EvalPair> pairs(4);
  std::vector<ItemEvaluation> items(4);
  const char* ids[] = {"1", "2", "3", "4"};
  for (size_t i = 0; i < 4; ++i) pairs[i].id = ids[i];
  items[0].ex = true;
  items[1].ex = false;
  items[2].status = ItemStatus::GoldError;
  items[3].status = ItemStatus::NoDatabase;
  const auto ex = ex_by_pair_id(pairs, items);
  EXPECT_EQ(ex, (std::map<std::string, bool>{{"1", true}, {"2", false}}));
  EXPECT_TRUE(ex_by_pair_id(pairs, {}).empty()) << "items of an unfinished run: none scored yet";
}

TEST(PairEvaluation, CorrectAndWrongPredictions) {
  Connection db = memory_db(kSingersDb);
  EvaluationOptions o;
  auto right = evaluate_pair(db,
                             {"0", "s", "SELECT name FROM singer WHERE country = 'France'",
                              "SELECT name FROM singer WHERE country = \"France\" ORDER BY id"},
                             o);
  EXPECT_EQ(right.status, ItemStatus::Scored);
  EXPECT_TRUE(right.ex);
  ASSERT_EQ(right.scores.size(), 5u);
  for (const auto& s : right.scores) EXPECT_EQ(s.f1, 1.0);
  // Over-prediction: all four names for the two French ones. EC-EC-IE: 2 of 4 predicted cells, 2 of 2 gold cells.
  auto over =
      evaluate_pair(db, {"1", "s", "SELECT name FROM singer WHERE country = 'France'", "SELECT name FROM singer"}, o);
  EXPECT_FALSE(over.ex);
  EXPECT_NEAR(over.scores[0].exp, 0.5, 1e-12);
  EXPECT_NEAR(over.scores[0].exr, 1.0, 1e-12);
}

TEST(PairEvaluation, RunawayPredictionTimesOutAndScoresZero) {
  Connection db = memory_db(kSingersDb);
  EvaluationOptions o;
  o.limits.timeout_ms = 200;
  auto start = std::chrono::steady_clock::now();
  auto item = evaluate_pair(db, {"0", "s", "SELECT count(*) FROM singer", kRunaway}, o);
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(ms, 5000);
  EXPECT_EQ(item.status, ItemStatus::Scored);
  EXPECT_EQ(item.pred_status, QueryStatus::Timeout);
  EXPECT_FALSE(item.ex);
  for (const auto& s : item.scores) EXPECT_EQ(s.f1, 0.0);
  auto sum = summarize({item}, o.regimes);
  EXPECT_EQ(sum.timeouts, 1u);
  EXPECT_EQ(sum.pred_errors, 0u);
  EXPECT_EQ(sum.scored, 1u);
}

TEST(PairEvaluation, RunawayGoldIsReportedNotScored) {
  Connection db = memory_db(kSingersDb);
  EvaluationOptions o;
  o.limits.timeout_ms = 200;
  auto item = evaluate_pair(db, {"0", "s", kRunaway, "SELECT 1"}, o);
  EXPECT_EQ(item.status, ItemStatus::GoldError);
  EXPECT_EQ(item.gold_status, QueryStatus::Timeout);
  auto sum = summarize({item}, o.regimes);
  EXPECT_EQ(sum.gold_errors, 1u);
  EXPECT_EQ(sum.gold_timeouts, 1u);
  EXPECT_EQ(sum.scored, 0u);
}

TEST(PairEvaluation, SummaryCountsErrorsApartFromScores) {
  Connection db = memory_db(kSingersDb);
  EvaluationOptions o;
  o.regimes = {*parse_regime("EC-EC-IE")};
  std::vector<ItemEvaluation> items;
  items.push_back(evaluate_pair(db, {"0", "s", "SELECT name FROM singer", "SELECT name FROM singer"}, o));
  items.push_back(evaluate_pair(db, {"1", "s", "SELECT name FROM singer", "SELECT nam FROM singer"}, o));
  items.push_back(evaluate_pair(db, {"2", "s", "SELECT nope FROM singer", "SELECT 1"}, o));
  items.push_back(evaluate_pair(
      db, {"3", "s", "SELECT name FROM singer WHERE age > 40", "SELECT name FROM singer WHERE age > 30"}, o));
  auto s = summarize(items, o.regimes);
  EXPECT_EQ(s.n, 4u);
  EXPECT_EQ(s.scored, 3u);
  EXPECT_EQ(s.gold_errors, 1u);
  EXPECT_EQ(s.pred_errors, 1u);
  EXPECT_NEAR(s.ex, 100.0 / 3, 1e-9);
  // EXP per scored item: 1, 0, 2/3 (2 of 3 names are right) -> mean 5/9. EXR: 1, 0, 1 -> 2/3.
  EXPECT_NEAR(s.regimes[0].exp, 100.0 * 5 / 9, 1e-9);
  EXPECT_NEAR(s.regimes[0].exr, 100.0 * 2 / 3, 1e-9);
}

TEST(PairEvaluation, MissingDatabaseIsReported) {
  DatabasePool pool("/nonexistent-root");
  EvaluationOptions o;
  auto items = evaluate_pairs({{"0", "nodb", "SELECT 1", "SELECT 1"}}, pool, o);
  ASSERT_EQ(items.size(), 1u);
  EXPECT_EQ(items[0].status, ItemStatus::NoDatabase);
  EXPECT_FALSE(items[0].message.empty());
}

}  // namespace chokepoint
