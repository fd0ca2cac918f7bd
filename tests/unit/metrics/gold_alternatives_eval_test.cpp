// Several gold answers per pair: EX is 1 when the prediction matches any, the item says which decided, and only a
// pair whose every answer fails is a gold error.
#include <gtest/gtest.h>

#include "core/metrics/eval_pairs.h"
#include "core/metrics/pair_evaluation.h"
#include "tests/unit/metrics/result_builders.h"

namespace chokepoint {
using namespace testing_support;

namespace {

EvalPair pair_of(std::string gold, std::vector<std::string> alternatives, std::string pred) {
  EvalPair p{"0", "m", std::move(gold), std::move(pred)};
  p.gold_alternatives = std::move(alternatives);
  return p;
}

const char* kMovies =
    "CREATE TABLE movie(id INTEGER PRIMARY KEY, title TEXT, year INT);"
    "INSERT INTO movie VALUES (1,'Alien',1979),(2,'Heat',1995),(3,'Up',2009);";

}  // namespace

TEST(GoldAlternativesEval, APredictionMatchingTheSecondAnswerIsRightAndSaysSo) {
  Connection db = memory_db(kMovies);
  EvaluationOptions o;
  const auto item =
      evaluate_pair(db,
                    pair_of("SELECT title FROM movie WHERE year < 1990", {"SELECT title FROM movie WHERE year < 2000"},
                            "SELECT title FROM movie WHERE id IN (1, 2)"),
                    o);
  EXPECT_EQ(item.status, ItemStatus::Scored);
  EXPECT_TRUE(item.ex);
  EXPECT_EQ(item.golds, 2u);
  EXPECT_EQ(item.matched_gold, 1u);
  EXPECT_EQ(item.gold_rows, 2u);  // the scores are the matched answer's
  for (const auto& s : item.scores) EXPECT_EQ(s.f1, 1.0);
}

TEST(GoldAlternativesEval, NoAnswerMatchingScoresAgainstTheFirst) {
  Connection db = memory_db(kMovies);
  EvaluationOptions o;
  o.regimes = {*parse_regime("EC-EC-IE")};
  const auto item = evaluate_pair(db,
                                  pair_of("SELECT title FROM movie WHERE year < 1990",
                                          {"SELECT title FROM movie WHERE year < 2000"}, "SELECT title FROM movie"),
                                  o);
  EXPECT_FALSE(item.ex);
  EXPECT_EQ(item.matched_gold, 0u);
  EXPECT_EQ(item.gold_rows, 1u);
  ASSERT_EQ(item.scores.size(), 1u);
  EXPECT_NEAR(item.scores[0].exp, 1.0 / 3.0, 1e-9);
}

TEST(GoldAlternativesEval, AGoldErrorOnlyWhenEveryAnswerFails) {
  Connection db = memory_db(kMovies);
  EvaluationOptions o;
  const auto second = evaluate_pair(db, pair_of("SELECT nope FROM movie", {"SELECT 1"}, "SELECT 1"), o);
  EXPECT_EQ(second.status, ItemStatus::Scored);
  EXPECT_TRUE(second.ex);
  EXPECT_EQ(second.matched_gold, 1u);
  const auto none = evaluate_pair(db, pair_of("SELECT nope FROM movie", {"SELECT nada FROM movie"}, "SELECT 1"), o);
  EXPECT_EQ(none.status, ItemStatus::GoldError);
  EXPECT_NE(none.message.find("no such column: nope"), std::string::npos) << none.message;
  EXPECT_NE(none.message.find("other 1 gold answers failed"), std::string::npos) << none.message;
}

TEST(GoldAlternativesEval, EveryPairingSplitsStatementsAndKeepsJsonLists) {
  EvalSet gold;
  gold.format = DatasetFormat::SpiderDevJson;
  gold.items.push_back({"", "m", "", "", "SELECT 1; SELECT ';'", ""});
  gold.items.back().sql_alternatives = {"SELECT 3;"};
  gold.items.push_back({"", "m", "", "", "SELECT 4;", ""});
  EvalSet pred;
  pred.format = DatasetFormat::SqlLines;
  pred.items.push_back({"0", "", "", "", "SELECT 3", ""});
  pred.items.push_back({"1", "", "", "", "SELECT 4", ""});
  auto pairs = pair_gold_with_predictions(gold, pred);
  ASSERT_TRUE(pairs.ok()) << pairs.error();
  EXPECT_EQ((*pairs)[0].gold_sql, "SELECT 1");
  EXPECT_EQ((*pairs)[0].gold_alternatives, (std::vector<std::string>{"SELECT ';'", "SELECT 3;"}));
  EXPECT_EQ((*pairs)[1].gold_sql, "SELECT 4;");
  EXPECT_TRUE((*pairs)[1].gold_alternatives.empty());
  Connection db = memory_db(kMovies);
  const auto item = evaluate_pair(db, (*pairs)[0], EvaluationOptions{});
  EXPECT_TRUE(item.ex);
  EXPECT_EQ(item.matched_gold, 2u);
}

}  // namespace chokepoint
