// SQL-to-Text: the two prompts from the repository's templates, questions and True/False read from answers in
// several spellings, the cosine, and the summary (judge accuracy per order and averaged, how "judged different"
// predicts EX = 0, counted by hand).
#include <gtest/gtest.h>

#include <cmath>

#include "core/llm_tasks/sql_to_text.h"
#include "tests/unit/llm/repository_prompts.h"

namespace chokepoint::llm_tasks {
namespace {

TEST(SqlToText, PromptsCarryTheQueryEvidenceAndBothQuestions) {
  const auto& lib = chokepoint::testing::repository_prompts();
  auto p = render_sql_to_text_prompt(lib, "SELECT COUNT(*) FROM atom WHERE element = 'cl'", "cl means chlorine");
  ASSERT_TRUE(p.ok()) << p.error();
  EXPECT_NE(p->find("SQL: SELECT COUNT(*) FROM atom WHERE element = 'cl'"), std::string::npos);
  EXPECT_NE(p->find("cl means chlorine"), std::string::npos);
  auto none = render_sql_to_text_prompt(lib, "SELECT 1", "");
  ASSERT_TRUE(none.ok());
  EXPECT_NE(none->find("(none given)"), std::string::npos);
  auto e = render_equivalence_prompt(lib, "How many atoms?", "Count the atoms.");
  ASSERT_TRUE(e.ok()) << e.error();
  EXPECT_LT(e->find("How many atoms?"), e->find("Count the atoms."));
}

TEST(SqlToText, ReadsTheQuestionInSeveralSpellings) {
  EXPECT_EQ(*parse_described_question("question: How many atoms are there?"), "How many atoms are there?");
  EXPECT_EQ(*parse_described_question("Sure!\n**Question:** How many atoms are there?\n"), "How many atoms are there?");
  EXPECT_EQ(*parse_described_question("- QUESTION: \"Which films earned most?\""), "Which films earned most?");
  EXPECT_EQ(*parse_described_question("How many atoms are there?"), "How many atoms are there?");  // one bare line
  EXPECT_FALSE(parse_described_question("").ok());
  EXPECT_FALSE(parse_described_question("I think\nit counts atoms").ok());  // two lines, no label
  EXPECT_FALSE(parse_described_question("question:").ok());
  // The label must start the line: a sentence mentioning "question:" later is not one.
  EXPECT_FALSE(parse_described_question("The question: is unclear\nsecond line").ok());
}

TEST(SqlToText, ADescribedItemIsTheQuestionReadAndScoredOrWhyThereIsNone) {
  const DescribeSubject subject{"7", "SELECT count(*) FROM atom", "", "How many atoms are there?", true};
  const auto same = described_item(subject, Result<std::string>("Question: How many atoms are there?"));
  EXPECT_EQ(same.id, "7");
  EXPECT_EQ(same.generated, "How many atoms are there?");
  EXPECT_DOUBLE_EQ(same.rouge.r1.f1, 1.0);
  EXPECT_EQ(same.ex, true);
  EXPECT_TRUE(same.error.empty());
  const auto failed = described_item(subject, Result<std::string>(Error{"HTTP 500"}));
  EXPECT_FALSE(failed.generated);
  EXPECT_EQ(failed.error, "HTTP 500");
  const auto unreadable = described_item(subject, Result<std::string>("I think\nit counts atoms"));
  EXPECT_FALSE(unreadable.generated);
  EXPECT_FALSE(unreadable.error.empty());
  EXPECT_DOUBLE_EQ(unreadable.rouge.r1.f1, 0.0);
}

TEST(SqlToText, ReadsTrueOrFalse) {
  EXPECT_TRUE(*parse_equivalence_answer("True"));
  EXPECT_TRUE(*parse_equivalence_answer("**True**."));
  EXPECT_TRUE(*parse_equivalence_answer("\nAnswer: yes, both count atoms"));
  EXPECT_FALSE(*parse_equivalence_answer("False"));
  EXPECT_FALSE(*parse_equivalence_answer("different: one filters by year"));
  EXPECT_FALSE(parse_equivalence_answer("").ok());
  EXPECT_FALSE(parse_equivalence_answer("Maybe").ok());
  EXPECT_FALSE(parse_equivalence_answer("Truely odd").ok());  // a word that starts with "true" is not "true"
}

TEST(SqlToText, Cosine) {
  EXPECT_DOUBLE_EQ(embedding_cosine({1, 0}, {2, 0}), 1.0);
  EXPECT_NEAR(embedding_cosine({1, 0}, {0, 3}), 0.0, 1e-12);
  EXPECT_NEAR(embedding_cosine({1, 1}, {1, 0}), 1 / std::sqrt(2.0), 1e-12);
  EXPECT_EQ(embedding_cosine({0, 0}, {1, 0}), 0);
}

DescribedItem item(std::optional<bool> fwd, std::optional<bool> bwd, std::optional<bool> ex, bool described = true) {
  DescribedItem it;
  if (described) it.generated = "q";
  it.same_forward = fwd;
  it.same_backward = bwd;
  it.ex = ex;
  return it;
}

TEST(SqlToText, SummaryAveragesBothOrdersAndScoresTheCheck) {
  // Forward verdicts: T, F, F, T, T (readable 5, same 3 -> 60%); backward: T, F, T, -, F (readable 4, same 2 -> 50%).
  std::vector<DescribedItem> items = {item(true, true, true),   item(false, false, false),
                                      item(false, true, true),  item(true, std::nullopt, false),
                                      item(true, false, false), item(std::nullopt, std::nullopt, false, false)};
  items[0].rouge = rouge_scores("a b", "a b");
  items[0].cosine = 0.5;
  items[1].cosine = 1.0;
  const auto s = summarize_descriptions(items);
  EXPECT_EQ(s.n, 6u);
  EXPECT_EQ(s.described, 5u);
  EXPECT_EQ(s.unreadable, 1u);
  EXPECT_EQ(s.judge_unreadable, 1u);  // item 3 lacks its backward verdict
  EXPECT_DOUBLE_EQ(*s.judge_forward, 60.0);
  EXPECT_DOUBLE_EQ(*s.judge_backward, 50.0);
  EXPECT_DOUBLE_EQ(*s.judge_average, 55.0);
  EXPECT_DOUBLE_EQ(*s.cosine, 0.75);
  EXPECT_EQ(s.cosine_items, 2u);
  EXPECT_DOUBLE_EQ(s.rouge.r1.f1, 1.0 / 6);  // one perfect item among six
  // The check over items with EX and both verdicts: 0 (same, EX 1), 1 (different, EX 0), 2 (split, EX 1),
  // 4 (split, EX 0). Both orders different: only item 1 -> TP 1, FN 1 (item 4), TN 2: precision 100, recall 50.
  EXPECT_EQ(s.different_both.items, 4u);
  EXPECT_EQ(s.different_both.true_positive, 1u);
  EXPECT_EQ(s.different_both.false_negative, 1u);
  EXPECT_EQ(s.different_both.true_negative, 2u);
  EXPECT_DOUBLE_EQ(*s.different_both.precision, 100.0);
  EXPECT_DOUBLE_EQ(*s.different_both.recall, 50.0);
  // Either order different: items 1, 2, 4 -> TP 2 (1, 4), FP 1 (2): precision 66.7, recall 100.
  EXPECT_EQ(s.different_either.false_positive, 1u);
  EXPECT_NEAR(*s.different_either.precision, 200.0 / 3, 1e-9);
  EXPECT_DOUBLE_EQ(*s.different_either.recall, 100.0);
}

TEST(SqlToText, EmptySummaryHasNoRates) {
  const auto s = summarize_descriptions({});
  EXPECT_FALSE(s.judge_average);
  EXPECT_FALSE(s.cosine);
  EXPECT_FALSE(s.different_both.precision);
  EXPECT_FALSE(s.different_both.recall);
}

}  // namespace
}  // namespace chokepoint::llm_tasks
