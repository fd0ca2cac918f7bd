// A run's prompts (plan_predictions): each item's prompt is the one render_text_to_sql_prompt gives for its own
// database, also when the set goes back and forth between databases (the plan reuses the previous item's schema
// text), in every format asked for; an item whose database has no schema and a format the prompts folder lacks are
// refused by name.
#include <gtest/gtest.h>

#include "core/runner/prediction_run.h"
#include "tests/unit/llm/repository_prompts.h"
#include "tests/unit/sql/thesis_schemas.h"

namespace chokepoint::runner {
namespace {

const PromptLibrary& shipped_prompts() { return chokepoint::testing::repository_prompts(); }

EvalItem plan_item(const std::string& key, const std::string& db, const std::string& question,
                   const std::string& hint) {
  EvalItem it;
  it.key = key;
  it.db_id = db;
  it.question = question;
  it.evidence = hint;
  it.sql = "SELECT 1";
  return it;
}

// Two databases, visited A A B A B B: every change of database and a return to one seen before.
EvalSet back_and_forth() {
  EvalSet set;
  set.items = {plan_item("0", "toxicology", "How many atoms?", ""),
               plan_item("1", "toxicology", "Which bonds are double?", "double means bond_type = '='"),
               plan_item("2", "movies", "Which films are long?", ""),
               plan_item("3", "toxicology", "How many molecules?", ""),
               plan_item("4", "movies", "Who directed the most?", "count the films"),
               plan_item("5", "movies", "List the titles.", "")};
  return set;
}

std::map<std::string, Schema> two_schemas() {
  return {{"toxicology", sql::testing::toxicology()}, {"movies", sql::testing::movies()}};
}

TEST(PredictionPlan, EachPromptIsItsOwnDatabasesInEveryFormat) {
  const auto set = back_and_forth();
  const auto all = two_schemas();
  const std::vector<PromptFormat> formats{*prompt_format_from_name("SimpleDDL-MD-Chat"),
                                          *prompt_format_from_name("DDL-HTML-Complete")};
  auto tasks = plan_predictions(set, all, formats, {}, shipped_prompts());
  ASSERT_TRUE(tasks.ok()) << tasks.error();
  ASSERT_EQ(tasks->size(), set.items.size() * formats.size());
  for (size_t f = 0; f < formats.size(); ++f) {
    for (size_t i = 0; i < set.items.size(); ++i) {
      const auto& task = (*tasks)[f * set.items.size() + i];
      const auto& it = set.items[i];
      EXPECT_EQ(task.item, i);
      EXPECT_EQ(task.format.postfix, formats[f].postfix);
      auto expected =
          render_text_to_sql_prompt(shipped_prompts(), formats[f], render_schema(all.at(it.db_id), formats[f], {}),
                                    question_with_evidence(it.question, it.evidence));
      ASSERT_TRUE(expected.ok()) << expected.error();
      EXPECT_EQ(task.prompt, *expected) << "item " << i << " in format " << f;
    }
  }
  // The two databases' prompts differ where their tables do.
  EXPECT_NE((*tasks)[0].prompt.find("atom"), std::string::npos);
  EXPECT_EQ((*tasks)[2].prompt.find("atom"), std::string::npos);
  EXPECT_NE((*tasks)[3].prompt.find("atom"), std::string::npos);
}

TEST(PredictionPlan, AnItemWithoutASchemaIsRefusedByName) {
  auto set = back_and_forth();
  set.items[4].db_id = "airlines";
  auto tasks =
      plan_predictions(set, two_schemas(), {*prompt_format_from_name("SimpleDDL-MD-Chat")}, {}, shipped_prompts());
  ASSERT_FALSE(tasks.ok());
  EXPECT_EQ(tasks.error(), "item 4: no schema for database 'airlines'");
}

TEST(PredictionPlan, AFormatWithoutItsTemplateIsRefusedByName) {
  PromptLibrary without;
  for (const auto& t : shipped_prompts().templates)
    if (t.name != "DDL-HTML-Complete") without.templates.push_back(t);
  auto tasks = plan_predictions(
      back_and_forth(), two_schemas(),
      {*prompt_format_from_name("SimpleDDL-MD-Chat"), *prompt_format_from_name("DDL-HTML-Complete")}, {}, without);
  ASSERT_FALSE(tasks.ok());
  EXPECT_NE(tasks.error().find("no template DDL-HTML-Complete"), std::string::npos) << tasks.error();
}

TEST(PredictionPlan, AnAnswersSqlIsReadBackOrItsFailureNamed) {
  const auto set = back_and_forth();
  const auto chat = *prompt_format_from_name("SimpleDDL-MD-Chat");
  auto ok = read_prediction(set.items[2], chat, Result<std::string>("```sql\nSELECT title FROM movie;\n```"));
  EXPECT_EQ(ok.status, PredictionStatus::Ok);
  EXPECT_EQ(ok.sql, "SELECT title FROM movie");
  EXPECT_EQ(ok.key, "2");
  EXPECT_EQ(ok.db_id, "movies");
  auto prose = read_prediction(set.items[2], chat, Result<std::string>("I cannot answer that."));
  EXPECT_EQ(prose.status, PredictionStatus::NoSql);
  EXPECT_EQ(prose.sql, "");
  auto failed = read_prediction(set.items[2], chat, Result<std::string>(Error{"HTTP 500"}));
  EXPECT_EQ(failed.status, PredictionStatus::LlmError);
  EXPECT_EQ(failed.error, "HTTP 500");
}

}  // namespace
}  // namespace chokepoint::runner
