// The thirteenth format: a user's own template is checked (syntax, unknown variables, the question shown), then
// planned and rendered like the 12 (its name in the tasks, the schema style and Complete ending chosen), and its
// answers are read by the chosen postfix.
#include <gtest/gtest.h>

#include "core/runner/prediction_run.h"
#include "core/runner/user_template.h"
#include "tests/unit/llm/repository_prompts.h"

namespace chokepoint::runner {
namespace {

Schema tiny_schema() {
  Schema s;
  s.db_id = "shop";
  s.tables = {Table{"item", "", {{"id", "INTEGER", ""}, {"price", "REAL", ""}}, {"id"}, {}}};
  return s;
}

TEST(UserTemplate, ProblemsAreNamed) {
  EXPECT_TRUE(user_template_problems("Q: {{question}} S: {{schema}}{{completion}}").empty());
  const auto unknown = user_template_problems("{{question}} {{tables}} {{hint}}");
  ASSERT_EQ(unknown.size(), 2u);
  EXPECT_NE(unknown[0].find("{{hint}}"), std::string::npos);
  EXPECT_NE(unknown[1].find("{{tables}}"), std::string::npos);
  const auto no_question = user_template_problems("{{schema}}");
  ASSERT_EQ(no_question.size(), 1u);
  EXPECT_NE(no_question[0].find("question"), std::string::npos);
  EXPECT_FALSE(user_template_problems("{{#question}} unclosed").empty()) << "a section never closed";
  EXPECT_TRUE(user_template_problems(example_user_template()).empty());
}

TEST(UserTemplate, PlannedAndRenderedLikeTheTwelve) {
  PromptLibrary library = chokepoint::testing::repository_prompts();
  const size_t before = library.templates.size();
  auto format = add_user_template(
      library, {"Tables:\n{{schema}}\nQ: {{question}}\nA:{{completion}}", SchemaStyle::Ddl, PromptPostfix::Complete});
  ASSERT_TRUE(format.ok()) << format.error();
  EXPECT_EQ(format->name(), "Custom");
  EXPECT_EQ(library.templates.size(), before + 1);
  // Added again: replaced, not listed twice.
  ASSERT_TRUE(add_user_template(library, {"Tables:\n{{schema}}\nQ: {{question}}\nA:{{completion}}", SchemaStyle::Ddl,
                                          PromptPostfix::Complete})
                  .ok());
  EXPECT_EQ(library.templates.size(), before + 1);

  EvalSet set;
  set.items = {EvalItem{"7", "shop", "How many items?", "items are rows of item", "SELECT COUNT(*) FROM item", ""}};
  auto tasks = plan_predictions(set, {{"shop", tiny_schema()}}, {*format}, {}, library);
  ASSERT_TRUE(tasks.ok()) << tasks.error();
  ASSERT_EQ(tasks->size(), 1u);
  EXPECT_EQ((*tasks)[0].format.name(), "Custom");
  EXPECT_EQ((*tasks)[0].prompt,
            "Tables:\n"
            "CREATE TABLE item (id INTEGER PRIMARY KEY, price REAL);\n"
            "Q: How many items? Hint: items are rows of item\n"
            "A: SELECT");
  // Complete: the model continues after SELECT, so SELECT is put back.
  const auto p = read_prediction(set.items[0], (*tasks)[0].format, std::string(" COUNT(*) FROM item"));
  EXPECT_EQ(p.status, PredictionStatus::Ok);
  EXPECT_EQ(p.sql, "SELECT COUNT(*) FROM item");

  EXPECT_FALSE(add_user_template(library, {"{{nope}}", SchemaStyle::SimpleDdl, PromptPostfix::Chat}).ok());
}

}  // namespace
}  // namespace chokepoint::runner
