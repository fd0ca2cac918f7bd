// The three strategies on the thesis' movie example (§4.1.2), through the real templates and scheduler with an
// in-process transport that returns the thesis' own rewrites, each scored by the hiding score.
#include "core/tqa/augmentation_job.h"

#include <gtest/gtest.h>

#include <functional>
#include <nlohmann/json.hpp>

#include "core/graph/schema_graph.h"
#include "core/llm/replay_store.h"
#include "core/tqa/positional_rewrite.h"
#include "tests/unit/llm/scripted_transport.h"
#include "tests/unit/tqa/tqa_fixtures.h"

namespace chokepoint::tqa {
namespace {

using testing_support::kMovieQuestion;
using testing_support::kMovieSql;
using testing_support::movie_schema;
using testing_support::scripted_endpoint;
using testing_support::ScriptedTransport;

// The thesis' outputs: SR "figure", BT "portrayed ... role", CA "role".
std::string thesis_rewrites(const std::string& prompt) {
  if (prompt.find("You replace words with synonyms") != std::string::npos)
    return R"([{"token": "figure", "position": 20}])";
  if (prompt.find("back-translation") != std::string::npos)
    return "New question: Who portrayed the No.2 role in the credit list of the movie \"American Hustle\"?";
  return "New question: Who played the No.2 role in the credit list of the movie \"American Hustle\" ?";
}

struct MovieRun {
  Schema schema = movie_schema();
  SchemaGraph graph = build_schema_graph(schema);
  std::vector<ItemLinkerAnalysis> analyses;
  PromptLibrary library;
};

MovieRun prepare(const Lexicon& lex, ReferenceMatcher& matcher) {
  MovieRun run;
  auto lib = load_prompt_library(default_prompts_folder());
  EXPECT_TRUE(lib.ok()) << lib.error();
  if (lib.ok()) run.library = *lib;
  (void)lex;
  std::map<std::string, LinkerDatabase> dbs = {{"movie", {&run.schema, &run.graph}}};
  run.analyses = analyze_linker_tables({{"0", "movie", kMovieQuestion, "", kMovieSql, "simple"}}, dbs, matcher);
  return run;
}

void drive(AugmentationJob& job) {
  for (int i = 0; i < 100 && !job.finished(); ++i) job.step(i);
}

TEST(AugmentationJob, MovieExampleEachStrategyScoredByHiding) {
  REQUIRE_WORDNET();
  ReferenceMatcher matcher(lex);
  MovieRun run = prepare(lex, matcher);
  ASSERT_EQ(run.analyses.size(), 1u);
  ASSERT_TRUE(run.analyses[0].linker.has_value());
  ScriptedTransport transport(thesis_rewrites);
  CallScheduler scheduler(scripted_endpoint(), transport, nullptr);
  AugmentationOptions options;
  options.request.model = "fake";
  AugmentationJob job(run.analyses, {{"movie", &run.schema}}, run.library, scheduler, matcher, options);
  ASSERT_TRUE(job.start().ok());
  drive(job);
  ASSERT_TRUE(job.finished());
  ASSERT_EQ(job.results().size(), 3u);
  EXPECT_EQ(transport.sent, 3);  // one question call per strategy; the example has no evidence

  const AugmentedItem& sr = job.results()[0];
  EXPECT_EQ(sr.strategy, Strategy::synonym_replacement);
  EXPECT_TRUE(sr.errors.empty());
  // In place: only the 9 bytes of "character" changed.
  EXPECT_EQ(sr.new_question, "Who played the No.2 figure in the credit list of the movie \"American Hustle\"?");
  ASSERT_EQ(sr.hiding.question.size(), 1u);
  EXPECT_EQ(sr.hiding.question[0], std::optional<int>(1));  // Wu-Palmer(character, figure) = 0.67 < 0.95
  EXPECT_EQ(sr.hiding.evidence[0], std::nullopt);           // nothing to hide in an empty evidence

  // "role" shares the sense character.n.04 (Wu-Palmer 1.0): still a reference under the matching rule.
  const AugmentedItem& bt = job.results()[1];
  EXPECT_EQ(bt.new_question, "Who portrayed the No.2 role in the credit list of the movie \"American Hustle\"?");
  EXPECT_EQ(bt.hiding.question[0], std::optional<int>(0));
  const AugmentedItem& ca = job.results()[2];
  EXPECT_EQ(ca.hiding.question[0], std::optional<int>(0));

  auto table = job.hiding_table();
  EXPECT_DOUBLE_EQ(table["SR"]["question_percent"].get<double>(), 100.0);
  EXPECT_DOUBLE_EQ(table["BT"]["question_percent"].get<double>(), 0.0);
  EXPECT_EQ(table["CA"]["question_scored"].get<int>(), 1);
}

TEST(AugmentationJob, LiteralRuleCountsOnlySurvivingTokens) {
  REQUIRE_WORDNET();
  ReferenceMatcher matcher(lex);
  MovieRun run = prepare(lex, matcher);
  ScriptedTransport transport(thesis_rewrites);
  CallScheduler scheduler(scripted_endpoint(), transport, nullptr);
  AugmentationOptions options;
  options.hiding_rule = HidingRule::literal;  // the reference implementation's score
  AugmentationJob job(run.analyses, {{"movie", &run.schema}}, run.library, scheduler, matcher, options);
  ASSERT_TRUE(job.start().ok());
  drive(job);
  for (const auto& r : job.results())
    EXPECT_EQ(r.hiding.question[0], std::optional<int>(1)) << strategy_code(r.strategy);
}

TEST(AugmentationJob, RerunAnswersFromTheReplayStore) {
  REQUIRE_WORDNET();
  ReferenceMatcher matcher(lex);
  MovieRun run = prepare(lex, matcher);
  MemoryReplayStore replay;
  ScriptedTransport first(thesis_rewrites);
  {
    CallScheduler scheduler(scripted_endpoint(), first, &replay);
    AugmentationJob job(run.analyses, {{"movie", &run.schema}}, run.library, scheduler, matcher, {});
    ASSERT_TRUE(job.start().ok());
    drive(job);
  }
  ScriptedTransport second([](const std::string&) { return std::string("must not be asked"); });
  CallScheduler scheduler(scripted_endpoint(), second, &replay);
  AugmentationJob job(run.analyses, {{"movie", &run.schema}}, run.library, scheduler, matcher, {});
  ASSERT_TRUE(job.start().ok());
  drive(job);
  EXPECT_EQ(second.sent, 0);
  EXPECT_EQ(job.results()[0].new_question,
            "Who played the No.2 figure in the credit list of the movie \"American Hustle\"?");
}

TEST(AugmentationJob, EvidenceOfBackTranslationWaitsForTheNewQuestion) {
  REQUIRE_WORDNET();
  ReferenceMatcher matcher(lex);
  MovieRun run;
  auto lib = load_prompt_library(default_prompts_folder());
  ASSERT_TRUE(lib.ok());
  std::map<std::string, LinkerDatabase> dbs = {{"movie", {&run.schema, &run.graph}}};
  run.analyses = analyze_linker_tables(
      {{"7", "movie", kMovieQuestion, "No.2 character refers to creditOrder = '2'", kMovieSql, ""}}, dbs, matcher);
  ASSERT_EQ(run.analyses[0].references.evidence_tokens(), 1u);
  std::vector<std::string> prompts;
  ScriptedTransport transport([&](const std::string& prompt) {
    prompts.push_back(prompt);
    if (prompt.find("evidence passage") != std::string::npos)
      return std::string("Evidence: No.2 figure refers to creditOrder = '2'");
    return std::string("New question: Who played the No.2 figure in the credits of \"American Hustle\"?");
  });
  CallScheduler scheduler(scripted_endpoint(), transport, nullptr);
  AugmentationOptions options;
  options.strategies = {Strategy::back_translation};
  AugmentationJob job(run.analyses, {{"movie", &run.schema}}, *lib, scheduler, matcher, options);
  ASSERT_TRUE(job.start().ok());
  drive(job);
  ASSERT_EQ(prompts.size(), 2u);
  EXPECT_NE(prompts[1].find("New question: Who played the No.2 figure in the credits"), std::string::npos);
  const AugmentedItem& r = job.results()[0];
  EXPECT_EQ(r.new_evidence, "No.2 figure refers to creditOrder = '2'");
  EXPECT_EQ(r.hiding.evidence[0], std::optional<int>(1));
  EXPECT_EQ(r.hiding.question[0], std::optional<int>(1));
}

TEST(PositionalRewrite, RejectsAPositionThatIsNoMatchedToken) {
  TextToken t;
  t.text = "character";
  t.position = 20;
  t.length = 9;
  EXPECT_FALSE(replace_at_positions(kMovieQuestion, {t}, {{"figure", 21}}).ok());
  EXPECT_FALSE(replace_at_positions(kMovieQuestion, {t}, {}).ok());
  auto ok = replace_at_positions(kMovieQuestion, {t}, {{"role", 20}});
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(ok->substr(0, 25), "Who played the No.2 role ");
}

}  // namespace
}  // namespace chokepoint::tqa
