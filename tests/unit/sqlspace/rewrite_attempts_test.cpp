// The rewrites' attempts: from the rewriter's answers to the items' outcomes.
#include <gtest/gtest.h>

#include "core/sqlspace/rewrite_attempts.h"

namespace chokepoint::sqlspace {
namespace {

RewriteAsk ask(size_t item, size_t rank, int feature) { return {item, rank, {feature, true}, "prompt"}; }

EvalSet two_items() {
  EvalSet set;
  for (int i = 0; i < 2; ++i) {
    EvalItem it;
    it.key = std::to_string(i);
    it.db_id = "db";
    it.question = "original " + std::to_string(i);
    it.sql = "SELECT 1";
    set.items.push_back(it);
  }
  return set;
}

// Five items: 0 right and expected right, 1 wrong and expected to fail, 2 not scored (its estimate is ignored),
// 3 wrong but without an estimate, 4 right yet expected to fail (exactly at the threshold counts as right).
TEST(RewritePopulation, PredictedCoversScoredItemsWithAnEstimateAndRewritesThoseExpectedToFail) {
  const std::vector<std::optional<bool>> ex = {true, false, std::nullopt, false, true};
  const std::vector<std::optional<double>> p = {0.9, 0.2, 0.1, std::nullopt, 0.4999};
  const auto r = rewrite_population(RewriteChoice::Predicted, ex, p);
  EXPECT_EQ(r.population, (std::vector<size_t>{0, 1, 4}));
  EXPECT_EQ(r.chosen, (std::vector<size_t>{1, 4}));
  const auto at = rewrite_population(RewriteChoice::Predicted, {true}, {kExpectedToFailBelow});
  EXPECT_EQ(at.population, (std::vector<size_t>{0}));
  EXPECT_TRUE(at.chosen.empty()) << "P(right) = 0.5 is not expected to fail";
}

TEST(RewritePopulation, WrongAndAllCoverEveryScoredItemWithoutAnEstimate) {
  const std::vector<std::optional<bool>> ex = {true, false, std::nullopt, false};
  const auto wrong = rewrite_population(RewriteChoice::Wrong, ex, {});
  EXPECT_EQ(wrong.population, (std::vector<size_t>{0, 1, 3}));
  EXPECT_EQ(wrong.chosen, (std::vector<size_t>{1, 3}));
  const auto all = rewrite_population(RewriteChoice::All, ex, {});
  EXPECT_EQ(all.population, (std::vector<size_t>{0, 1, 3}));
  EXPECT_EQ(all.chosen, (std::vector<size_t>{0, 1, 3}));
  EXPECT_TRUE(rewrite_population(RewriteChoice::Predicted, ex, {}).population.empty())
      << "without estimates there is nothing to predict from";
}

TEST(RewriteAttempts, EachAnswerIsRewrittenInvalidUnreadableOrFailed) {
  const std::vector<RewriteAsk> asks = {ask(0, 1, 39), ask(0, 2, 9), ask(1, 1, 39), ask(1, 2, 117)};
  const auto attempts = read_rewrite_answers(
      asks, {Result<std::string>("```\nWhich atoms are there?\n```"), Result<std::string>("INVALID"),
             Result<std::string>(Error{"HTTP 500"}), Result<std::string>("   ")});
  ASSERT_EQ(attempts.size(), 4u);
  EXPECT_EQ(attempts[0].state, "rewritten");
  EXPECT_EQ(attempts[0].question, "Which atoms are there?");
  EXPECT_EQ(attempts[1].state, "invalid");
  EXPECT_EQ(attempts[2].state, "failed");
  EXPECT_EQ(attempts[2].note, "HTTP 500");
  EXPECT_EQ(attempts[3].state, "unreadable");
  EXPECT_EQ(attempts[3].item, 1u);
  EXPECT_EQ(attempts[3].rank, 2u);
  // An answer missing (a cancelled batch) is a failed call.
  EXPECT_EQ(read_rewrite_answers(asks, {}).back().state, "failed");

  std::vector<size_t> attempt_of;
  const EvalSet rewrites = rewritten_questions(two_items(), attempts, &attempt_of);
  ASSERT_EQ(rewrites.items.size(), 1u);
  EXPECT_EQ(rewrites.items[0].key, "0~r1");
  EXPECT_EQ(rewrites.items[0].question, "Which atoms are there?");
  EXPECT_EQ(attempt_of, std::vector<size_t>{0});

  const auto counts = rewrite_attempt_counts_json(attempts);
  EXPECT_EQ(counts["rewrites"], 4);
  EXPECT_EQ(counts["invalid"], 1);
  EXPECT_EQ(counts["unreadable"], 1);
  EXPECT_EQ(counts["failed"], 1);
  EXPECT_EQ(counts["rewrites_scored"], 0);
}

TEST(RewriteAttempts, TheModelsAnswerGivesSqlNoSqlOrAFailedCall) {
  const auto format = runner::prompt_format_from_name("SimpleDDL-MD-Chat");
  ASSERT_TRUE(format.ok());
  EvalItem item = two_items().items[0];
  RewriteAttempt a;
  a.state = "rewritten";
  const auto sql = read_rewrite_sql(a, item, *format, Result<std::string>("```sql\nSELECT 2\n```"));
  ASSERT_TRUE(sql.has_value());
  EXPECT_EQ(a.sql, *sql);
  EXPECT_EQ(a.state, "rewritten");
  EXPECT_FALSE(a.ex.has_value());

  RewriteAttempt failed;
  EXPECT_FALSE(read_rewrite_sql(failed, item, *format, Result<std::string>(Error{"timeout"})).has_value());
  EXPECT_EQ(failed.state, "t2s_failed");
  EXPECT_FALSE(failed.ex.has_value());  // the original's EX will count
}

TEST(RewriteAttempts, OutcomesKeepTheOriginalWhereNoRewriteWasScored) {
  std::vector<RewriteAttempt> attempts(3);
  attempts[0].item = 1, attempts[0].rank = 1, attempts[0].ex = false;
  attempts[1].item = 1, attempts[1].rank = 2;  // not scored: the original's EX (false)
  attempts[2].item = 1, attempts[2].rank = 3, attempts[2].ex = true;
  const auto outcomes = rewrite_outcomes(two_items().items, {0, 1}, {true, false}, {1}, attempts);
  ASSERT_EQ(outcomes.size(), 2u);
  EXPECT_TRUE(outcomes[0].original);
  EXPECT_FALSE(outcomes[0].predicted_fail);
  EXPECT_TRUE(outcomes[0].rewrites.empty());
  EXPECT_EQ(outcomes[1].rewrites, (std::vector<bool>{false, false, true}));
  EXPECT_TRUE(outcomes[1].predicted_fail);
  const auto s = rewrite_summary_json(summarize_rewrites(outcomes));
  // Item 0 right throughout; item 1 right only at its third rewrite: Acc@1 1/2, Acc@3 2/2.
  EXPECT_EQ(s["acc_at_1"], 0.5);
  EXPECT_EQ(s["acc_at_3"], 1.0);
  EXPECT_EQ(s["no_rewriting"], 0.5);
  EXPECT_EQ(s["table4"]["estimator_right"]["rewrite_right"], 2);
}

TEST(RewriteAttempts, AFeatureCommonerAmongFailuresIsRemoved) {
  NegativeFeature harmful{39, 0.1, 0.8, 0.2}, helpful{9, 0.1, 0.1, 0.6};
  const auto f = rewrite_features({harmful, helpful});
  ASSERT_EQ(f.size(), 2u);
  EXPECT_TRUE(f[0].remove);
  EXPECT_EQ(f[0].id, 39);
  EXPECT_FALSE(f[1].remove);
}

}  // namespace
}  // namespace chokepoint::sqlspace
