// SynSQL's ablations (§5.3) as options of the loop, driven by canned answers on A.9's formula_1 item: Table 4's
// oracle schema, "w/o Expansion", "w/o Ensemble-Expansion" and "w/o Schema Selection (Full-Schema)", and Figs. 2 and
// 10's loop without the critic. Each row's CC is the columns of the schema the data is written for, counted by hand
// from the fixture's DDL: circuits(circuitId PK, name, location, country), races(raceId PK, year, circuitId FK, name,
// date), drivers (4 columns), results (4 columns).
#include "core/testdb/synthesis_loop.h"

#include <gtest/gtest.h>

#include "tests/unit/llm/repository_prompts.h"
#include "tests/unit/testdb/synsql_fixture.h"

namespace chokepoint::testdb {
namespace {

using chokepoint::testing::repository_prompts;

SynthesisItem a9_item() { return {"1000", "formula_1", fixture::kQuestion, fixture::kEvidence}; }

std::vector<Result<std::string>> ablation_answers(std::initializer_list<std::string> texts) {
  std::vector<Result<std::string>> out;
  for (const auto& t : texts) out.emplace_back(t);
  return out;
}

// The first selection names circuits.location and races.date with the join; the second adds circuits.country.
const char* kSelectionT0 =
    "{\"circuits\": [\"location\"], \"races\": [\"date\"], \"foreign_keys\": [\"races.circuitId = "
    "circuits.circuitId\"]}";
const char* kSelectionT03 = "{\"circuits\": [\"location\", \"country\"], \"races\": [\"date\"]}";
const char* kSelectionT07 = "{\"races\": [\"date\"]}";

std::vector<std::string> column_names(const Schema& s) {
  std::vector<std::string> out;
  for (const auto& t : s.tables)
    for (const auto& c : t.columns) out.push_back(t.name + "." + c.name);
  return out;
}

TEST(SynthesisAblation, NoneLeavesSynSqlAsPublished) {
  const SynthesisOptions o = with_ablation({}, SynthesisAblation::None);
  EXPECT_EQ(o.schema_source, SchemaSource::Selector);
  EXPECT_EQ(o.selection_temperatures, (std::vector<double>{0.0, 0.3, 0.7}));
  EXPECT_TRUE(o.expansion);
  EXPECT_TRUE(o.critic);
}

TEST(SynthesisAblation, NamesRoundTripAndAnUnknownNameListsTheKnownOnes) {
  for (auto a : kSynthesisAblations) EXPECT_EQ(*synthesis_ablation_from_name(synthesis_ablation_name(a)), a);
  EXPECT_EQ(*synthesis_ablation_from_name("no_ensemble_expansion"), SynthesisAblation::NoEnsembleExpansion);
  auto bad = synthesis_ablation_from_name("no_selector");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("'no_selector'"), std::string::npos);
  EXPECT_NE(bad.error().find("oracle_schema"), std::string::npos);
}

TEST(SynthesisAblation, OracleSchemaIsTheGoldsOwnColumnsAndNoSelectorCall) {
  SynthesisOptions o = with_ablation({}, SynthesisAblation::OracleSchema);
  o.oracle_gold_sql = fixture::kGold;
  SynthesisLoop loop(a9_item(), fixture::formula_1(), repository_prompts(), o);
  ASSERT_EQ(loop.pending().size(), 1u);
  EXPECT_EQ(loop.pending()[0].call, SynthesisCall::Synthesize);
  EXPECT_EQ(loop.pending()[0].prompt.find("CREATE TABLE \"drivers\""), std::string::npos);
  // The gold reads T1.location, T1.circuitId, T2.circuitId and T2.date, and nothing is added: races.raceId is not
  // named, so races declares no primary key; the join's foreign key is whole and stays.
  EXPECT_EQ(column_names(loop.schema()),
            (std::vector<std::string>{"circuits.circuitId", "circuits.location", "races.circuitId", "races.date"}));
  EXPECT_EQ(loop.column_count(), 4u);
  EXPECT_TRUE(loop.selector().reduced.key_added.empty());
  EXPECT_TRUE(loop.schema().tables[1].primary_key.empty());
  EXPECT_EQ(loop.schema().tables[1].foreign_keys.size(), 1u);
  EXPECT_TRUE(loop.selector().selection_answers.empty());
}

TEST(SynthesisAblation, OracleSchemaStillAsksTheCritic) {
  SynthesisOptions o = with_ablation({}, SynthesisAblation::OracleSchema);
  o.oracle_gold_sql = fixture::kGold;
  SynthesisLoop loop(a9_item(), fixture::formula_1(), repository_prompts(), o);
  loop.answer(ablation_answers({fixture::a9_inserts()}));
  ASSERT_EQ(loop.pending().size(), 1u);
  EXPECT_EQ(loop.pending()[0].call, SynthesisCall::Critique);
}

TEST(SynthesisAblation, OracleSchemaWithoutAGoldQueryFailsTheItem) {
  SynthesisLoop loop(a9_item(), fixture::formula_1(), repository_prompts(),
                     with_ablation({}, SynthesisAblation::OracleSchema));
  ASSERT_TRUE(loop.finished());
  EXPECT_EQ(loop.outcome(), SynthesisOutcome::Failed);
  EXPECT_EQ(loop.note().rfind("oracle schema: ", 0), 0u);
  EXPECT_EQ(loop.calls_answered(), 0u);
}

TEST(SynthesisAblation, WithoutExpansionTheUnionGoesStraightToTheSynthesizer) {
  SynthesisLoop loop(a9_item(), fixture::formula_1(), repository_prompts(),
                     with_ablation({}, SynthesisAblation::NoExpansion));
  ASSERT_EQ(loop.pending().size(), 3u);
  loop.answer(ablation_answers({kSelectionT0, kSelectionT03, kSelectionT07}));
  ASSERT_EQ(loop.pending().size(), 1u);
  EXPECT_EQ(loop.pending()[0].call, SynthesisCall::Synthesize);
  EXPECT_TRUE(loop.selector().reduced.expanded.empty());
  // Union: location, date, both join columns, country; the key rule adds races.raceId.
  EXPECT_EQ(column_names(loop.schema()),
            (std::vector<std::string>{"circuits.circuitId", "circuits.location", "circuits.country", "races.raceId",
                                      "races.circuitId", "races.date"}));
  EXPECT_EQ(loop.column_count(), 6u);
}

TEST(SynthesisAblation, WithoutEnsembleExpansionOneSelectionAtTemperatureZeroAndNoExpansion) {
  SynthesisLoop loop(a9_item(), fixture::formula_1(), repository_prompts(),
                     with_ablation({}, SynthesisAblation::NoEnsembleExpansion));
  ASSERT_EQ(loop.pending().size(), 1u);
  EXPECT_EQ(loop.pending()[0].call, SynthesisCall::Select);
  EXPECT_EQ(loop.pending()[0].temperature, 0.0);
  EXPECT_EQ(loop.pending()[0].label, "select t=0");
  loop.answer(ablation_answers({kSelectionT0}));
  ASSERT_EQ(loop.pending().size(), 1u);
  EXPECT_EQ(loop.pending()[0].call, SynthesisCall::Synthesize);
  EXPECT_EQ(loop.column_count(), 5u);  // circuits.circuitId, location; races.raceId, circuitId, date
}

TEST(SynthesisAblation, FullSchemaAsksNoSelectorButKeepsTheCritic) {
  SynthesisLoop loop(a9_item(), fixture::formula_1(), repository_prompts(),
                     with_ablation({}, SynthesisAblation::FullSchema));
  ASSERT_EQ(loop.pending().size(), 1u);
  EXPECT_EQ(loop.pending()[0].call, SynthesisCall::Synthesize);
  EXPECT_NE(loop.pending()[0].prompt.find("CREATE TABLE \"drivers\""), std::string::npos);
  EXPECT_EQ(loop.column_count(), 17u);  // 4 + 5 + 4 + 4
  loop.answer(ablation_answers({fixture::a9_inserts()}));
  ASSERT_EQ(loop.pending().size(), 1u);
  EXPECT_EQ(loop.pending()[0].call, SynthesisCall::Critique);  // unlike vanilla
}

TEST(SynthesisAblation, WithoutCriticOneSynthesisAndNoCriticCall) {
  SynthesisLoop loop(a9_item(), fixture::formula_1(), repository_prompts(),
                     with_ablation({}, SynthesisAblation::NoCritic));
  loop.answer(ablation_answers({kSelectionT0, kSelectionT03, kSelectionT07}));
  ASSERT_EQ(loop.pending()[0].call, SynthesisCall::Expand);
  loop.answer(ablation_answers({"{\"columns\": [\"circuits.name\"]}"}));
  ASSERT_EQ(loop.pending()[0].call, SynthesisCall::Synthesize);
  loop.answer(ablation_answers({fixture::a9_inserts()}));
  ASSERT_TRUE(loop.finished());
  EXPECT_TRUE(loop.pending().empty());
  EXPECT_EQ(loop.outcome(), SynthesisOutcome::Generated);
  ASSERT_EQ(loop.rounds().size(), 1u);
  EXPECT_FALSE(loop.rounds()[0].review.has_value());
  EXPECT_TRUE(loop.rounds()[0].critic_answer.empty());
  EXPECT_EQ(loop.calls_answered(), 5u);  // three selections, one expansion, one synthesis
  EXPECT_EQ(loop.column_count(), 7u);    // the six of "w/o Expansion" and circuits.name
}

TEST(SynthesisAblation, WithoutCriticAnAnswerWithoutRowsEndsTheItemAfterOneRound) {
  SynthesisOptions o = with_ablation({}, SynthesisAblation::NoCritic);
  o.rounds = 3;
  o.schema_source = SchemaSource::Full;
  SynthesisLoop loop(a9_item(), fixture::formula_1(), repository_prompts(), o);
  loop.answer(ablation_answers({"INSERT INTO laps VALUES (1, 2);"}));
  ASSERT_TRUE(loop.finished());
  EXPECT_EQ(loop.outcome(), SynthesisOutcome::Failed);
  EXPECT_EQ(loop.rounds().size(), 1u);
}

TEST(SynthesisAblation, AnEmptyTemperatureListFailsInsteadOfWaitingForever) {
  SynthesisOptions o;
  o.selection_temperatures.clear();
  SynthesisLoop loop(a9_item(), fixture::formula_1(), repository_prompts(), o);
  EXPECT_TRUE(loop.finished());
  EXPECT_EQ(loop.outcome(), SynthesisOutcome::Failed);
}

}  // namespace
}  // namespace chokepoint::testdb
