// Self-debugging rounds on a real SQLite database: round 0 counts the errors before debugging, a round prompts only
// the pairs still wrong, an answer without a query keeps the previous prediction, EX over the wrong SQLs
// accumulates over rounds (004 Table 5), and System/Result Error counts follow each round (Figure 5).
#include <gtest/gtest.h>

#include "core/diagnosis/debug_rounds.h"
#include "core/schema/sqlite_schema.h"
#include "tests/unit/llm/repository_prompts.h"
#include "tests/unit/metrics/result_builders.h"

namespace chokepoint::diagnosis {
namespace {

const char* kSingers =
    "CREATE TABLE singer(id INTEGER PRIMARY KEY, name TEXT, country TEXT, age INT);"
    "INSERT INTO singer VALUES (1,'Joe','France',52),(2,'Ann','Netherlands',32),(3,'Tim','France',41);";

struct Fixture {
  Connection db = testing_support::memory_db(kSingers);
  Schema schema = *read_schema(db, "s");
  EvaluationOptions options;
  std::vector<ItemEvaluation> evaluate(const std::vector<EvalPair>& pairs) const {
    std::vector<ItemEvaluation> out;
    for (const auto& p : pairs) out.push_back(evaluate_pair(db, p, options));
    return out;
  }
  DebugRounds::SchemaOf schema_of() const {
    return [this](const std::string& id) { return id == "s" ? &schema : nullptr; };
  }
};

TEST(DebugRounds, RoundsPromptOnlyWhatIsStillWrong) {
  Fixture f;
  std::vector<EvalPair> pairs = {
      {"0", "s", "SELECT name FROM singer WHERE country = 'France'",
       "SELECT name FROM singer WHERE country = 'France'"},
      {"1", "s", "SELECT COUNT(*) FROM singer", "SELECT COUNT(nme) FROM singer"},       // System Error
      {"2", "s", "SELECT MAX(age) FROM singer", "SELECT MIN(age) FROM singer"},         // Result Error
      {"3", "s", "SELECT name FROM singer WHERE age > 40", "SELECT name FROM singer"},  // Result Error
      {"4", "other", "SELECT 1", "SELECT 2"},                                           // no schema: left out
  };
  DebugRounds rounds(pairs, f.evaluate(pairs), {{"1", "How many singers?"}}, DebugStrategy::AllErrors, 2,
                     f.schema_of());
  EXPECT_EQ(rounds.initially_wrong(), 3u);
  ASSERT_EQ(rounds.rows().size(), 1u);
  EXPECT_EQ(rounds.rows()[0].system_errors, 1u);
  EXPECT_EQ(rounds.rows()[0].result_errors, 2u);
  // Figure 5's subcategories: MIN for MAX is data processing, the missing WHERE a condition filter.
  EXPECT_EQ(rounds.rows()[0].result_error_kinds,
            (std::map<std::string, size_t>{{"condition_filter", 1}, {"data_processing", 1}}));
  EXPECT_FALSE(rounds.done());

  auto first = rounds.next_prompts(chokepoint::testing::repository_prompts());
  ASSERT_TRUE(first.ok()) << first.error();
  ASSERT_EQ(first->size(), 3u);
  EXPECT_EQ((*first)[0].id, "1 / debug round 1");
  EXPECT_NE((*first)[0].prompt.find("How many singers?"), std::string::npos);
  EXPECT_NE((*first)[0].prompt.find("COUNT(nme)"), std::string::npos) << "the wrong SQL is shown";
  EXPECT_NE((*first)[0].prompt.find("no such column"), std::string::npos) << "with SQLite's message";
  EXPECT_FALSE(rounds.next_prompts(chokepoint::testing::repository_prompts()).ok()) << "one round at a time";

  // Round 1: pair 1 fixed, pair 2 answered wrongly again, pair 3 without a query (keeps its prediction).
  auto again = rounds.answer(
      {std::string("SELECT COUNT(*) FROM singer"), std::string("SELECT AVG(age) FROM singer"), std::nullopt});
  ASSERT_TRUE(again.ok()) << again.error();
  ASSERT_EQ(again->size(), 3u);
  EXPECT_EQ((*again)[2].pred_sql, "SELECT name FROM singer");
  auto row = rounds.evaluated(f.evaluate(*again));
  ASSERT_TRUE(row.ok()) << row.error();
  EXPECT_EQ(row->round, 1);
  EXPECT_EQ(row->attempted, 3u);
  EXPECT_EQ(row->answered, 2u);
  EXPECT_EQ(row->fixed, 1u);
  EXPECT_EQ(row->still_wrong, 2u);
  EXPECT_EQ(row->system_errors, 0u);
  EXPECT_EQ(row->result_errors, 2u);
  EXPECT_NEAR(row->ex_over_wrong, 100.0 / 3, 1e-9);

  // Round 2 prompts pairs 2 and 3 only; both fixed.
  auto second = rounds.next_prompts(chokepoint::testing::repository_prompts());
  ASSERT_TRUE(second.ok());
  ASSERT_EQ(second->size(), 2u);
  EXPECT_EQ((*second)[0].pair, 2u);
  EXPECT_NE((*second)[0].prompt.find("AVG(age)"), std::string::npos) << "the latest wrong SQL";
  again = rounds.answer(
      {std::string("SELECT MAX(age) FROM singer"), std::string("SELECT name FROM singer WHERE age > 40")});
  ASSERT_TRUE(again.ok());
  row = rounds.evaluated(f.evaluate(*again));
  ASSERT_TRUE(row.ok());
  EXPECT_EQ(row->fixed, 2u);
  EXPECT_EQ(row->still_wrong, 0u);
  EXPECT_DOUBLE_EQ(row->ex_over_wrong, 100.0);
  EXPECT_TRUE(rounds.done());
  EXPECT_FALSE(rounds.next_prompts(chokepoint::testing::repository_prompts()).ok());

  const auto history = rounds.history();
  ASSERT_EQ(history.size(), 3u);
  EXPECT_EQ(history[1].pair, 2u);
  EXPECT_EQ(history[1].original, "SELECT MIN(age) FROM singer");
  ASSERT_EQ(history[1].rounds.size(), 2u);
  EXPECT_FALSE(history[1].rounds[0].ex);
  EXPECT_TRUE(history[1].rounds[1].ex);
  EXPECT_EQ(rounds.pairs()[2].pred_sql, "SELECT MAX(age) FROM singer");
}

TEST(DebugRounds, MismatchedAnswersAreRefused) {
  Fixture f;
  std::vector<EvalPair> pairs = {{"0", "s", "SELECT MAX(age) FROM singer", "SELECT MIN(age) FROM singer"}};
  DebugRounds rounds(pairs, f.evaluate(pairs), {}, DebugStrategy::Regenerate, 1, f.schema_of());
  EXPECT_FALSE(rounds.answer({std::nullopt}).ok()) << "no round started";
  ASSERT_TRUE(rounds.next_prompts(chokepoint::testing::repository_prompts()).ok());
  EXPECT_FALSE(rounds.answer({}).ok()) << "one answer per prompt";
  auto again = rounds.answer({std::nullopt});
  ASSERT_TRUE(again.ok());
  EXPECT_FALSE(rounds.evaluated({}).ok()) << "one evaluation per pair";
  auto row = rounds.evaluated(f.evaluate(*again));
  ASSERT_TRUE(row.ok());
  EXPECT_EQ(row->fixed, 0u);
  EXPECT_EQ(row->still_wrong, 1u);
  EXPECT_TRUE(rounds.done()) << "the one round is used";
}

TEST(DebugRounds, NothingWrongIsDoneAtOnce) {
  Fixture f;
  std::vector<EvalPair> pairs = {{"0", "s", "SELECT MAX(age) FROM singer", "SELECT MAX(age) FROM singer"}};
  DebugRounds rounds(pairs, f.evaluate(pairs), {}, DebugStrategy::Comment, 2, f.schema_of());
  EXPECT_EQ(rounds.initially_wrong(), 0u);
  EXPECT_TRUE(rounds.done());
}

}  // namespace
}  // namespace chokepoint::diagnosis
