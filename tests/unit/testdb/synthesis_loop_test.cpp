// SynSQL's loop as a state machine driven by canned answers: selection at three temperatures, expansion, the reduced
// schema of A.9 (2 tables, 9 columns), a critic rejecting once and then accepting (its feedback in the next
// synthesizer prompt), the round cap, unreadable and failed answers, the vanilla baseline, and A.9's rows built
// into a real SQLite file on which the gold query returns 'Austin'. Casing is aligned with the question's literals.
#include "core/testdb/synthesis_loop.h"

#include <gtest/gtest.h>

#include <cstdio>

#include "core/db/connection.h"
#include "core/testdb/synthetic_database.h"
#include "tests/unit/llm/repository_prompts.h"
#include "tests/unit/testdb/synsql_fixture.h"

namespace chokepoint::testdb {
namespace {

using chokepoint::testing::repository_prompts;

SynthesisItem loop_a9_item() { return {"1000", "formula_1", fixture::kQuestion, fixture::kEvidence}; }

std::string critic_json(double score, const std::string& feedback) {
  std::string s = "{";
  for (const char* k : {"hint_alignment", "key_integrity", "schema_coverage", "complexity", "variety", "relevance"})
    s += std::string("\"") + k + "\": {\"score\": " + std::to_string(score) + ", \"feedback\": \"" + feedback + "\"}, ";
  return s + "\"overall_feedback\": \"" + feedback +
         "\", \"meets_minimum_quality\": " + (score >= 8 ? "true" : "false") + "}";
}

std::vector<Result<std::string>> loop_answers(std::initializer_list<std::string> texts) {
  std::vector<Result<std::string>> out;
  for (const auto& t : texts) out.emplace_back(t);
  return out;
}

const char* kSmallData =
    "INSERT INTO circuits (circuitId, name, location, country) VALUES (1, 'Silverstone Circuit', 'Silverstone', "
    "'United Kingdom');\n"
    "INSERT INTO races (raceId, year, circuitId, name, date) VALUES (101, 2022, 1, 'British Grand Prix', "
    "'2022-07-03');\n";

// Runs the selector of A.9's item: three selections (one unreadable) and an expansion that offers four columns.
void run_selector(SynthesisLoop& loop) {
  ASSERT_EQ(loop.pending().size(), 3u);
  loop.answer(
      loop_answers({"{\"circuits\": [\"location\"], \"races\": [\"date\"], \"foreign_keys\": "
                    "[\"races.circuitId = circuits.circuitId\"]}",
                    "```json\n{\"circuits\": [\"location\", \"country\"], \"races\": [\"date\"]}\n```",
                    "I am not sure which columns matter."}));
  ASSERT_EQ(loop.pending().size(), 1u);
  ASSERT_EQ(loop.pending()[0].call, SynthesisCall::Expand);
  loop.answer(
      loop_answers({"{\"columns\": [\"circuits.name\", \"races.name\", \"races.year\", \"drivers.surname\"]}"}));
}

TEST(SynthesisLoop, SelectionAsksThreeTemperaturesOfOnePrompt) {
  SynthesisLoop loop(loop_a9_item(), fixture::formula_1(), repository_prompts(), {});
  const auto& p = loop.pending();
  ASSERT_EQ(p.size(), 3u);
  EXPECT_EQ(p[0].temperature, 0.0);
  EXPECT_EQ(p[1].temperature, 0.3);
  EXPECT_EQ(p[2].temperature, 0.7);
  EXPECT_EQ(p[1].label, "select t=0.3");
  EXPECT_EQ(p[0].prompt, p[2].prompt);
  EXPECT_NE(p[0].prompt.find(fixture::kEvidence), std::string::npos);
  EXPECT_NE(p[0].prompt.find("CREATE TABLE \"drivers\""), std::string::npos);  // the full schema
}

TEST(SynthesisLoop, RunsToAcceptanceAfterOneRejection) {
  SynthesisLoop loop(loop_a9_item(), fixture::formula_1(), repository_prompts(), {});
  run_selector(loop);
  // A.9's reduced schema: 2 tables, 9 columns; the keys were added by the rule, not chosen.
  const auto& sel = loop.selector();
  EXPECT_EQ(sel.selection_errors[2], "the answer holds no JSON object");
  EXPECT_EQ(sel.reduced.expanded.size(), 3u);
  EXPECT_EQ(loop.schema().tables.size(), 2u);
  EXPECT_EQ(sel.reduced.column_count(), 9u);
  // The join columns came with the selection's foreign_keys; races' primary key came by the rule.
  ASSERT_EQ(sel.reduced.key_added.size(), 1u);
  EXPECT_EQ(sel.reduced.key_added[0].text(), "races.raceId");

  ASSERT_EQ(loop.pending().size(), 1u);
  EXPECT_EQ(loop.pending()[0].label, "synthesize round 1");
  EXPECT_GE(loop.pending()[0].min_max_tokens, 4096);
  EXPECT_EQ(loop.pending()[0].prompt.find("CREATE TABLE \"drivers\""), std::string::npos);  // reduced schema
  loop.answer(loop_answers({kSmallData}));
  ASSERT_EQ(loop.pending().size(), 1u);
  EXPECT_EQ(loop.pending()[0].call, SynthesisCall::Critique);
  EXPECT_NE(loop.pending()[0].prompt.find("'Silverstone Circuit'"), std::string::npos);
  loop.answer(loop_answers({critic_json(5, "Add races in several years so the latest date is meaningful.")}));
  ASSERT_FALSE(loop.finished());
  ASSERT_EQ(loop.pending().size(), 1u);
  EXPECT_EQ(loop.pending()[0].label, "synthesize round 2");
  EXPECT_NE(loop.pending()[0].prompt.find("Complexity (5/10): Add races in several years"), std::string::npos);
  EXPECT_EQ(loop.rounds()[1].feedback.find("Add races in several years"), 0u);
  loop.answer(loop_answers({fixture::a9_inserts()}));
  loop.answer(loop_answers({critic_json(9, "Good.")}));

  ASSERT_TRUE(loop.finished());
  EXPECT_EQ(loop.outcome(), SynthesisOutcome::Accepted);
  EXPECT_TRUE(loop.pending().empty());
  ASSERT_EQ(loop.rounds().size(), 2u);
  EXPECT_FALSE(loop.rounds()[0].accepted);
  EXPECT_DOUBLE_EQ(loop.rounds()[0].review->average(), 5.0);
  EXPECT_TRUE(loop.rounds()[1].accepted);
  EXPECT_EQ(loop.chosen(), &loop.rounds()[1]);
  EXPECT_EQ(loop.chosen()->validation.rows_kept, 20u);
  EXPECT_EQ(loop.calls_answered(), 8u);
}

TEST(SynthesisLoop, TheRoundCapKeepsTheBestScoringRound) {
  SynthesisOptions options;
  options.rounds = 2;
  SynthesisLoop loop(loop_a9_item(), fixture::formula_1(), repository_prompts(), options);
  run_selector(loop);
  loop.answer(loop_answers({fixture::a9_inserts()}));
  loop.answer(loop_answers({critic_json(7, "More ties.")}));
  loop.answer(loop_answers({kSmallData}));
  loop.answer(loop_answers({critic_json(6, "Too few rows.")}));
  ASSERT_TRUE(loop.finished());
  EXPECT_EQ(loop.outcome(), SynthesisOutcome::NotAccepted);
  EXPECT_EQ(loop.rounds().size(), 2u);
  EXPECT_EQ(loop.chosen(), &loop.rounds()[0]);
}

TEST(SynthesisLoop, AnUnreadableCriticAnswerCostsARoundNotTheItem) {
  SynthesisLoop loop(loop_a9_item(), fixture::formula_1(), repository_prompts(), {});
  run_selector(loop);
  loop.answer(loop_answers({kSmallData}));
  loop.answer(loop_answers({"The data is fine, I would give it 9/10."}));
  ASSERT_FALSE(loop.finished());
  EXPECT_FALSE(loop.rounds()[0].review.has_value());
  EXPECT_NE(loop.rounds()[0].critic_error.find("no JSON object"), std::string::npos);
  EXPECT_EQ(loop.pending()[0].label, "synthesize round 2");
}

TEST(SynthesisLoop, AnAnswerWithoutUsableRowsSkipsTheCritic) {
  SynthesisLoop loop(loop_a9_item(), fixture::formula_1(), repository_prompts(), {});
  run_selector(loop);
  loop.answer(loop_answers({"INSERT INTO laps VALUES (1, 2);\nSELECT 1;"}));
  ASSERT_EQ(loop.pending().size(), 1u);
  EXPECT_EQ(loop.pending()[0].label, "synthesize round 2");
  EXPECT_NE(loop.pending()[0].prompt.find("named a table the schema does not have"), std::string::npos);
}

TEST(SynthesisLoop, AFailedCallEndsTheItemKeepingWhatWasDone) {
  SynthesisLoop loop(loop_a9_item(), fixture::formula_1(), repository_prompts(), {});
  run_selector(loop);
  std::vector<Result<std::string>> failed;
  failed.emplace_back(Error{"HTTP 500 from the endpoint"});
  loop.answer(failed);
  ASSERT_TRUE(loop.finished());
  EXPECT_EQ(loop.outcome(), SynthesisOutcome::Failed);
  EXPECT_EQ(loop.note(), "synthesize round 1: HTTP 500 from the endpoint");
  EXPECT_EQ(loop.schema().tables.size(), 2u);  // the selector's work is kept
}

TEST(SynthesisLoop, VanillaIsOneSynthesizerCallOnTheFullSchema) {
  SynthesisOptions options;
  options.method = SynthesisMethod::Vanilla;
  SynthesisLoop loop(loop_a9_item(), fixture::formula_1(), repository_prompts(), options);
  ASSERT_EQ(loop.pending().size(), 1u);
  EXPECT_EQ(loop.pending()[0].call, SynthesisCall::Synthesize);
  EXPECT_NE(loop.pending()[0].prompt.find("CREATE TABLE \"drivers\""), std::string::npos);
  loop.answer(loop_answers({fixture::a9_inserts()}));
  ASSERT_TRUE(loop.finished());
  EXPECT_EQ(loop.outcome(), SynthesisOutcome::Generated);
  EXPECT_FALSE(loop.rounds()[0].review.has_value());
  EXPECT_EQ(loop.schema().tables.size(), 4u);
}

// Builds `loop`'s chosen data at a temporary path and runs `sql` on it.
ResultSet run_on_built(const SynthesisLoop& loop, const std::string& name, const std::string& sql) {
  const std::string path = ::testing::TempDir() + "/chokepoint_synsql_" + name + ".sqlite";
  EXPECT_TRUE(loop.chosen() != nullptr);
  auto st = build_synthetic_database(path, loop.schema(), loop.chosen()->validation.tables);
  EXPECT_TRUE(st.ok()) << st.error();
  auto db = Connection::open_read_only(path);
  EXPECT_TRUE(db.ok());
  auto out = db->query(sql);
  EXPECT_TRUE(out.ok()) << out.message;
  std::remove(path.c_str());
  return out.result;
}

TEST(SynthesisLoop, TheA9DatabaseGivesTheGoldQueryANonEmptyResult) {
  SynthesisLoop loop(loop_a9_item(), fixture::formula_1(), repository_prompts(), {});
  run_selector(loop);
  loop.answer(loop_answers({fixture::a9_inserts()}));
  loop.answer(loop_answers({critic_json(8, "")}));
  ASSERT_EQ(loop.outcome(), SynthesisOutcome::Accepted);
  const ResultSet r = run_on_built(loop, "a9", fixture::kGold);
  ASSERT_EQ(r.rows.size(), 1u);
  EXPECT_EQ(r.rows[0][0].bytes, "Austin");
  EXPECT_EQ(run_on_built(loop, "a9_count", "SELECT count(*) FROM races").rows[0][0].integer, 15);
}

TEST(SynthesisLoop, ValuesTakeTheQuestionsCasing) {
  SynthesisOptions options;
  options.method = SynthesisMethod::Vanilla;
  SynthesisItem item{"7", "formula_1", "How many races were held in 'Monaco'?", ""};
  SynthesisLoop loop(item, fixture::formula_1(), repository_prompts(), options);
  loop.answer(
      loop_answers({"INSERT INTO circuits VALUES (1, 'Circuit de Monaco', 'Monte Carlo', 'MONACO');\n"
                    "INSERT INTO races VALUES (1, 2024, 1, 'Monaco Grand Prix', '2024-05-26');"}));
  ASSERT_EQ(loop.outcome(), SynthesisOutcome::Generated);
  EXPECT_EQ(loop.chosen()->validation.count(ChangeKind::CaseAligned), 1u);
  const ResultSet r = run_on_built(loop, "case",
                                   "SELECT count(*) FROM races JOIN circuits USING (circuitId) "
                                   "WHERE country = 'Monaco'");
  EXPECT_EQ(r.rows[0][0].integer, 1);
}

TEST(SynthesisLoop, TheInsertsShownToTheCriticAreTheValidatedRows) {
  ValidatedTable t{"circuits", {"circuitId", "name"}, {{Value::of_int(1), Value::of_text("it's")}}, {1}};
  EXPECT_EQ(validated_inserts_sql({t}), "INSERT INTO \"circuits\" (\"circuitId\", \"name\") VALUES (1, 'it''s');\n");
  ValidatedTable two = t;
  two.rows.push_back({Value::of_int(2), Value::null()});
  EXPECT_EQ(validated_inserts_sql({two}, 1),
            "INSERT INTO \"circuits\" (\"circuitId\", \"name\") VALUES (1, 'it''s');\n-- 1 more rows not shown\n");
  EXPECT_EQ(synthetic_db_id("formula_1", "1000"), "formula_1__q1000");
  EXPECT_EQ(synthetic_db_id("flight_2", "a/b c"), "flight_2__qa_b_c");
}

}  // namespace
}  // namespace chokepoint::testdb

namespace chokepoint::testdb {
namespace {

TEST(SynthesisLoop, EachCallIsSentWithItsTemperatureAndRoomForItsAnswer) {
  LlmSettings settings;
  settings.model = "m";
  settings.temperature = 0.5;
  settings.max_tokens = 512;
  SynthesisRequest select{SynthesisCall::Select, 0, 0.7, 1024, "select t=0.7", "prompt"};
  const ChatRequest c = synthesis_chat_request(settings, select);
  EXPECT_EQ(c.model, "m");
  EXPECT_EQ(c.temperature, 0.7);
  EXPECT_EQ(c.max_tokens, 1024);
  ASSERT_EQ(c.messages.size(), 1u);
  EXPECT_EQ(c.messages[0].content, "prompt");
  settings.max_tokens = 8000;
  EXPECT_EQ(synthesis_chat_request(settings, select).max_tokens, 8000);
}

}  // namespace
}  // namespace chokepoint::testdb
