// SynSQL's Fig. 4 breakdown of success-rate failures: a selector omission (Fig. 5, question 387: the reduced schema
// lacks set_translations.setCode), a misinterpretation (Fig. 6, question 156: the data says 'owner', the gold asks
// for 'OWNER'), the A.9 database on which the gold succeeds, and the counts Fig. 4 and Table 4 report.
#include "core/testdb/success_diagnosis.h"

#include <gtest/gtest.h>

#include "core/schema/sqlite_schema.h"
#include "tests/unit/llm/repository_prompts.h"
#include "tests/unit/testdb/synsql_fixture.h"

namespace chokepoint::testdb {
namespace {

using chokepoint::testing::repository_prompts;

Schema schema_of(const std::string& db_id, const std::string& ddl) {
  auto db = Connection::open_memory();
  EXPECT_TRUE(db.ok());
  EXPECT_TRUE(db->exec_script(ddl).ok());
  auto s = read_schema(*db, db_id, {false});
  EXPECT_TRUE(s.ok()) << s.error();
  return *s;
}

std::vector<Result<std::string>> answers(std::initializer_list<std::string> texts) {
  std::vector<Result<std::string>> out;
  for (const auto& t : texts) out.emplace_back(t);
  return out;
}

QueryOutcome empty_result() { return QueryOutcome{}; }

TEST(SuccessDiagnosis, Question387IsASelectorOmission) {
  const Schema full = schema_of("card_games",
                                "CREATE TABLE cards(id INTEGER PRIMARY KEY, colors TEXT, setCode TEXT);"
                                "CREATE TABLE set_translations(id INTEGER PRIMARY KEY, language TEXT, setCode TEXT,"
                                " translation TEXT);");
  // The selector kept setCode in cards but not in set_translations.
  const ReducedSchema used =
      reduce_schema(full, {{"cards", "colors"}, {"cards", "setCode"}, {"set_translations", "translation"}}, {});
  const QueryOutcome none = empty_result();
  const SuccessDiagnosis d = classify_success(
      full, used.schema,
      "SELECT id, colors FROM cards WHERE id IN (SELECT id FROM set_translations WHERE setCode = 'OGW')", &none);
  EXPECT_EQ(d.verdict, SuccessVerdict::SelectorOmission);
  EXPECT_EQ(d.missing, (std::vector<std::string>{"set_translations.setCode"}));
  EXPECT_EQ(d.columns, 5u);  // cards: id, colors, setCode; set_translations: id, translation
}

TEST(SuccessDiagnosis, Question156IsAMisinterpretation) {
  const Schema full = schema_of("financial",
                                "CREATE TABLE account(account_id INTEGER PRIMARY KEY, district_id INTEGER);"
                                "CREATE TABLE disp(disp_id INTEGER PRIMARY KEY, client_id INTEGER,"
                                " account_id INTEGER REFERENCES account(account_id), type TEXT);"
                                "CREATE TABLE loan(loan_id INTEGER PRIMARY KEY,"
                                " account_id INTEGER REFERENCES account(account_id), amount INTEGER);");
  SynthesisOptions options;
  options.method = SynthesisMethod::Vanilla;
  SynthesisLoop loop({"156", "financial", "Who is the owner of the account with the largest loan amount?", ""}, full,
                     repository_prompts(), options);
  loop.answer(
      answers({"INSERT INTO account VALUES (1, 10);\nINSERT INTO account VALUES (2, 20);\n"
               "INSERT INTO disp VALUES (1, 100, 1, 'owner');\nINSERT INTO disp VALUES (2, 200, 2, 'disponent');\n"
               "INSERT INTO loan VALUES (1, 1, 5000);\nINSERT INTO loan VALUES (2, 2, 9000);"}));
  ASSERT_EQ(loop.outcome(), SynthesisOutcome::Generated);
  const SuccessDiagnosis d = diagnose_success(
      loop,
      "SELECT T1.client_id FROM disp AS T1 INNER JOIN account AS T3 ON T1.account_id = T3.account_id INNER JOIN "
      "loan AS T2 ON T3.account_id = T2.account_id WHERE T1.type = 'OWNER' ORDER BY T2.amount DESC LIMIT 1");
  EXPECT_EQ(d.verdict, SuccessVerdict::Misinterpretation);
  EXPECT_EQ(d.gold_rows, 0u);
  EXPECT_TRUE(d.missing.empty());
  EXPECT_EQ(d.columns, 9u);  // the full schema: 2 + 4 + 3
}

TEST(SuccessDiagnosis, TheA9DatabaseIsASuccess) {
  SynthesisOptions options;
  options.method = SynthesisMethod::Vanilla;
  SynthesisLoop loop({"1000", "formula_1", fixture::kQuestion, fixture::kEvidence}, fixture::formula_1(),
                     repository_prompts(), options);
  loop.answer(answers({fixture::a9_inserts()}));
  const SuccessDiagnosis d = diagnose_success(loop, fixture::kGold);
  EXPECT_EQ(d.verdict, SuccessVerdict::Success);
  EXPECT_EQ(d.gold_rows, 1u);
  EXPECT_TRUE(d.gold_error.empty());
}

TEST(SuccessDiagnosis, AGoldThatFailsOnAMissingColumnIsAnOmission) {
  // "w/o Expansion" with a selection that names races.year but not races.date, which the gold orders by.
  SynthesisOptions options = with_ablation({}, SynthesisAblation::NoEnsembleExpansion);
  options.critic = false;
  SynthesisLoop loop({"1000", "formula_1", fixture::kQuestion, fixture::kEvidence}, fixture::formula_1(),
                     repository_prompts(), options);
  loop.answer(answers({"{\"circuits\": [\"location\"], \"races\": [\"year\", \"circuitId\"]}"}));
  loop.answer(answers({fixture::a9_inserts()}));
  ASSERT_EQ(loop.outcome(), SynthesisOutcome::Generated);
  const SuccessDiagnosis d = diagnose_success(loop, fixture::kGold);
  EXPECT_EQ(d.verdict, SuccessVerdict::SelectorOmission);
  EXPECT_EQ(d.missing, (std::vector<std::string>{"races.date"}));
  EXPECT_NE(d.gold_error.find("date"), std::string::npos);
}

TEST(SuccessDiagnosis, ALoopWithoutRowsHasNoDatabase) {
  SynthesisOptions options;
  options.method = SynthesisMethod::Vanilla;
  SynthesisLoop loop({"1000", "formula_1", fixture::kQuestion, fixture::kEvidence}, fixture::formula_1(),
                     repository_prompts(), options);
  loop.answer(answers({"I cannot write data for this."}));
  ASSERT_EQ(loop.outcome(), SynthesisOutcome::Failed);
  EXPECT_EQ(diagnose_success(loop, fixture::kGold).verdict, SuccessVerdict::NoDatabase);
}

TEST(SuccessDiagnosis, AFailingGoldOurParserCannotReadIsUnresolved) {
  QueryOutcome failed;
  failed.status = QueryStatus::Error;
  failed.message = "near \"SELEC\": syntax error";
  const SuccessDiagnosis d = classify_success(fixture::formula_1(), fixture::formula_1(), "SELEC 1", &failed);
  EXPECT_EQ(d.verdict, SuccessVerdict::GoldUnresolved);
  EXPECT_EQ(d.gold_error, failed.message);
}

TEST(SuccessDiagnosis, Figure4sCountsGiveItsSuccessRate) {
  // A.3: 500 BIRD questions, 84 failures (40 selector, 44 misinterpretation): SR 416 / 500 = 83.2%.
  SuccessBreakdown b;
  auto add = [&](SuccessVerdict v, size_t n, size_t columns) {
    for (size_t i = 0; i < n; ++i) {
      SuccessDiagnosis d;
      d.verdict = v;
      d.columns = columns;
      b.add(d);
    }
  };
  add(SuccessVerdict::Success, 416, 8);
  add(SuccessVerdict::SelectorOmission, 40, 6);
  add(SuccessVerdict::Misinterpretation, 44, 10);
  EXPECT_EQ(b.n, 500u);
  EXPECT_EQ(b.failures(), 84u);
  EXPECT_DOUBLE_EQ(b.sr(), 83.2);
  // CC: (416 * 8 + 40 * 6 + 44 * 10) / 500 = (3328 + 240 + 440) / 500 = 8.016.
  EXPECT_DOUBLE_EQ(b.cc(), 8.016);
  const auto j = success_breakdown_json(b);
  EXPECT_EQ(j["selector_omission"], 40);
  EXPECT_EQ(j["misinterpretation"], 44);
}

TEST(SuccessDiagnosis, CcLeavesOutQuestionsWithoutASchemaButSrCountsThem) {
  SuccessBreakdown b;
  SuccessDiagnosis ok;
  ok.verdict = SuccessVerdict::Success;
  ok.columns = 6;
  b.add(ok);
  b.add(SuccessDiagnosis{});  // no database, no schema: the selector's answers could not be read
  EXPECT_EQ(b.no_database, 1u);
  EXPECT_DOUBLE_EQ(b.sr(), 50.0);
  EXPECT_DOUBLE_EQ(b.cc(), 6.0);
}

TEST(SuccessDiagnosis, AVerdictAsAManifestKeepsItReadsBack) {
  SuccessDiagnosis d;
  d.verdict = SuccessVerdict::SelectorOmission;
  d.missing = {"races.year"};
  d.columns = 7;
  const auto j = success_diagnosis_json(d);
  EXPECT_EQ(j.dump(), R"({"verdict":"selector_omission","missing":["races.year"],"columns":7})");
  auto back = success_diagnosis_from_json(nlohmann::json::parse(j.dump()));
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(back->verdict, d.verdict);
  EXPECT_EQ(back->missing, d.missing);
  EXPECT_EQ(back->columns, 7u);
}

TEST(SuccessDiagnosis, AMalformedVerdictIsRefusedNamingWhatIsWrong) {
  const std::vector<std::pair<const char*, const char*>> cases = {
      {R"({"verdict":"lost"})", "unknown success verdict 'lost'"},
      {R"({"missing":[]})", "no \"verdict\""},
      {R"({"verdict":"success","columns":-1})", "\"columns\" is not a count"},
      {R"({"verdict":"success","missing":[3]})", "\"missing\" holds something other than text"},
      {R"("success")", "no \"verdict\""},
  };
  for (const auto& [text, message] : cases) {
    auto d = success_diagnosis_from_json(nlohmann::json::parse(text));
    ASSERT_FALSE(d.ok()) << text;
    EXPECT_NE(d.error().find(message), std::string::npos) << text << ": " << d.error();
  }
}

}  // namespace
}  // namespace chokepoint::testdb
