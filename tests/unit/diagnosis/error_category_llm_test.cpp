// The optional LLM classifier of the taxonomy (004 §5): which classifications it is asked about, the prompt it gets,
// how its answers are read (the two names in any spelling, inside prose, or not at all), and how its answer and the
// rule's decision become one classification with the evidence of what decided it.
#include <gtest/gtest.h>

#include "core/diagnosis/error_category_llm.h"
#include "tests/unit/llm/repository_prompts.h"
#include "tests/unit/sql/thesis_schemas.h"

namespace chokepoint::diagnosis {
namespace {

const char* kGold = "SELECT COUNT(*) FROM atom WHERE element = 'cl'";

ErrorClassification rule_for(const char* pred, const char* gold = kGold) {
  auto c = classify_result_error(pred, gold, sql::testing::toxicology());
  EXPECT_TRUE(c.ok()) << (c.ok() ? "" : c.error());
  return c.ok() ? *c : ErrorClassification{};
}

ResultErrorKind kind_of(const std::string& answer) {
  auto a = parse_error_category_answer(answer);
  EXPECT_TRUE(a.ok()) << answer << ": " << (a.ok() ? "" : a.error());
  return a.ok() ? a->kind : ResultErrorKind::None;
}

TEST(ErrorCategoryLlm, AskedOnlyAboutConditionFilterAndDataProcessing) {
  EXPECT_TRUE(asks_llm_category(rule_for("SELECT COUNT(*) FROM atom WHERE element = 'h'")));
  EXPECT_TRUE(
      asks_llm_category(rule_for("SELECT COUNT(DISTINCT element) FROM atom", "SELECT COUNT(element) FROM atom")));
  EXPECT_FALSE(asks_llm_category(rule_for("SELECT COUNT(*) FROM bond")));  // table_query: the rules decide
  EXPECT_FALSE(asks_llm_category(rule_for("SELECT atom_id FROM atom", "SELECT element FROM atom")));
  ErrorClassification system;
  system.error_class = ErrorClass::SystemError;
  system.system_kind = "no such table";
  EXPECT_FALSE(asks_llm_category(system));
}

TEST(ErrorCategoryLlm, PromptShowsQuestionGoldAndPrediction) {
  auto p = render_error_category_prompt(chokepoint::testing::repository_prompts(), "How many chlorine atoms?", kGold,
                                        "SELECT COUNT(*) FROM atom WHERE element = 'h'\n");
  ASSERT_TRUE(p.ok()) << p.error();
  EXPECT_NE(p->find("Question: How many chlorine atoms?\n"), std::string::npos);
  EXPECT_NE(p->find("The right query:\nSELECT COUNT(*) FROM atom WHERE element = 'cl'\n"), std::string::npos);
  EXPECT_NE(p->find("The query with the mistake:\nSELECT COUNT(*) FROM atom WHERE element = 'h'\n"), std::string::npos);
  EXPECT_EQ(error_category_variables("  ", kGold, "x").at("question"), "(none given)");
}

TEST(ErrorCategoryLlm, ReadsTheNamesInAnySpelling) {
  EXPECT_EQ(kind_of("condition_filter\nThe value compared is wrong."), ResultErrorKind::ConditionFilter);
  EXPECT_EQ(kind_of("Data Processing"), ResultErrorKind::DataProcessing);
  EXPECT_EQ(kind_of("DATA_PROCESSING"), ResultErrorKind::DataProcessing);
  EXPECT_EQ(kind_of("data-processing"), ResultErrorKind::DataProcessing);
  EXPECT_EQ(kind_of("**Condition  Filter**"), ResultErrorKind::ConditionFilter);
  EXPECT_EQ(kind_of("`condition_filter`"), ResultErrorKind::ConditionFilter);
  EXPECT_EQ(kind_of("Category: data_processing"), ResultErrorKind::DataProcessing);
}

TEST(ErrorCategoryLlm, ReadsTheNameInsideProse) {
  EXPECT_EQ(kind_of("Looking at both queries, I think this is a condition filter error, since the WHERE differs."),
            ResultErrorKind::ConditionFilter);
  EXPECT_EQ(kind_of("Let me compare them.\n\nThe mistake is data processing: COUNT lacks DISTINCT."),
            ResultErrorKind::DataProcessing);
  EXPECT_EQ(kind_of("```\ncondition_filter\n```"), ResultErrorKind::ConditionFilter);
}

TEST(ErrorCategoryLlm, BothNamesOnTheDecidingLineOnlyWhenItStartsWithOne) {
  EXPECT_EQ(kind_of("condition_filter (not data_processing): the value is wrong"), ResultErrorKind::ConditionFilter);
  EXPECT_EQ(kind_of("Answer: Data processing, not condition filter."), ResultErrorKind::DataProcessing);
  auto both = parse_error_category_answer("It is not condition_filter but data_processing.");
  ASSERT_FALSE(both.ok());
  EXPECT_NE(both.error().find("both"), std::string::npos);
}

TEST(ErrorCategoryLlm, UnreadableAnswers) {
  EXPECT_FALSE(parse_error_category_answer("").ok());
  EXPECT_FALSE(parse_error_category_answer("   \n ").ok());
  EXPECT_FALSE(parse_error_category_answer("The join is wrong.").ok());
  // Part of a word is not the name.
  EXPECT_FALSE(parse_error_category_answer("precondition filtering").ok());
}

TEST(ErrorCategoryLlm, ReasonIsTheFirstLineAfterTheName) {
  auto a = parse_error_category_answer("condition_filter\nThe filter keeps 'h' atoms, not 'cl'.\nMore detail.");
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a->reason, "The filter keeps 'h' atoms, not 'cl'.");
  a = parse_error_category_answer("**data_processing** \xe2\x80\x94 COUNT should count distinct elements.");
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a->reason, "COUNT should count distinct elements.");
  a = parse_error_category_answer("Condition Filter: wrong value");
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a->reason, "wrong value");
  a = parse_error_category_answer("data_processing\nReason: no DISTINCT");
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a->reason, "no DISTINCT");
  a = parse_error_category_answer("data_processing");
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a->reason, "");
}

TEST(ErrorCategoryLlm, AnAgreeingAnswerDecidesAndAddsItsLine) {
  const auto rule = rule_for("SELECT COUNT(*) FROM atom WHERE element = 'h'");
  ASSERT_EQ(rule.kind, ResultErrorKind::ConditionFilter);
  const auto d = merge_llm_category(rule, "fake-model", std::string("condition_filter\nIt counts hydrogen atoms."));
  EXPECT_EQ(d.outcome, LlmCategoryOutcome::Agreed);
  EXPECT_EQ(d.classification.kind, ResultErrorKind::ConditionFilter);
  EXPECT_EQ(d.classification.decided_by, ErrorDecider::Llm);
  ASSERT_EQ(d.classification.evidence.size(), rule.evidence.size() + 1);
  EXPECT_EQ(d.classification.evidence.front(), rule.evidence.front());  // the rule's lines stay
  EXPECT_EQ(d.classification.evidence.back(),
            "LLM (fake-model): condition_filter \xe2\x80\x94 It counts hydrogen atoms.");
}

TEST(ErrorCategoryLlm, ADisagreeingAnswerChangesTheCategoryAndNamesTheRules) {
  const auto rule = rule_for("SELECT COUNT(*) FROM atom WHERE element = 'h'");
  const auto d = merge_llm_category(rule, "m", std::string("Data processing: the count is what is wrong."));
  EXPECT_EQ(d.outcome, LlmCategoryOutcome::Changed);
  EXPECT_EQ(d.classification.kind, ResultErrorKind::DataProcessing);
  EXPECT_EQ(d.classification.decided_by, ErrorDecider::Llm);
  EXPECT_EQ(d.classification.evidence.back(),
            "LLM (m): data_processing \xe2\x80\x94 the count is what is wrong. (the rule said condition_filter)");
  EXPECT_EQ(error_category(d.classification), "data_processing");
}

TEST(ErrorCategoryLlm, AnUnreadableAnswerKeepsTheRulesDecisionAndSaysSo) {
  const auto rule = rule_for("SELECT COUNT(DISTINCT element) FROM atom", "SELECT COUNT(element) FROM atom");
  ASSERT_EQ(rule.kind, ResultErrorKind::DataProcessing);
  const auto d = merge_llm_category(rule, "m", std::string("I am not sure what you mean."));
  EXPECT_EQ(d.outcome, LlmCategoryOutcome::Unreadable);
  EXPECT_EQ(d.classification.kind, ResultErrorKind::DataProcessing);
  EXPECT_EQ(d.classification.decided_by, ErrorDecider::Rule);
  EXPECT_EQ(d.classification.evidence.back(),
            "LLM (m): unreadable answer \"I am not sure what you mean.\" (the answer names neither condition_filter "
            "nor data_processing); the rule's decision stands");
}

TEST(ErrorCategoryLlm, AFailedCallKeepsTheRulesDecisionAndSaysWhy) {
  const auto rule = rule_for("SELECT COUNT(*) FROM atom WHERE element = 'h'");
  const auto d = merge_llm_category(rule, "m", Result<std::string>(Error{"HTTP 500"}));
  EXPECT_EQ(d.outcome, LlmCategoryOutcome::NoAnswer);
  EXPECT_EQ(d.classification.kind, ResultErrorKind::ConditionFilter);
  EXPECT_EQ(d.classification.decided_by, ErrorDecider::Rule);
  EXPECT_EQ(d.classification.evidence.back(), "LLM (m): no answer (HTTP 500); the rule's decision stands");
}

TEST(ErrorCategoryLlm, TheFirstThreeSubcategoriesAreNotTheModelsToChange) {
  const auto rule = rule_for("SELECT COUNT(*) FROM bond");
  const auto d = merge_llm_category(rule, "m", std::string("condition_filter"));
  EXPECT_EQ(d.classification.kind, ResultErrorKind::TableQuery);
  EXPECT_EQ(d.classification.decided_by, ErrorDecider::Rule);
  EXPECT_EQ(d.classification.evidence, rule.evidence);
}

}  // namespace
}  // namespace chokepoint::diagnosis
