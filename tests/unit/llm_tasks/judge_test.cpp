// The judge (FLEX's idea): which template a verdict of EX gets, the prompt it renders (every part present, results
// bounded), how verdicts are read from answers in several spellings, how an answer merges with EX, and the summary
// (false positives and negatives, judged accuracy, kappa over readable verdicts only).
#include <gtest/gtest.h>

#include "core/llm_tasks/judge.h"
#include "tests/unit/llm/repository_prompts.h"

namespace chokepoint::llm_tasks {
namespace {

ResultSet numbers(int n) {
  ResultSet r;
  r.column_names = {"id", "name"};
  for (int i = 0; i < n; ++i) r.rows.push_back({Value::of_int(i), Value::of_text("row " + std::to_string(i))});
  return r;
}

bool verdict_of(const std::string& answer) {
  auto a = parse_judge_answer(answer);
  EXPECT_TRUE(a.ok()) << answer << ": " << (a.ok() ? "" : a.error());
  return a.ok() && a->correct;
}

TEST(Judge, StrictWhenExIsOneLenientWhenZero) {
  EXPECT_EQ(judge_mode_for(true), JudgeMode::Strict);
  EXPECT_EQ(judge_mode_for(false), JudgeMode::Lenient);
  EXPECT_STREQ(judge_template_name(JudgeMode::Strict), "judge_strict");
  EXPECT_STREQ(judge_template_name(JudgeMode::Lenient), "judge_lenient");
}

TEST(Judge, ExcerptShowsTheLeadingRowsAndSaysHowManyThereAre) {
  EXPECT_EQ(result_excerpt(numbers(2), 2), "id | name\n0 | row 0\n1 | row 1\n(2 rows)");
  EXPECT_EQ(result_excerpt(numbers(1), 1), "id | name\n0 | row 0\n(1 row)");
  EXPECT_EQ(result_excerpt(numbers(0), 0), "id | name\n(no rows)");
  ExcerptLimits three;
  three.rows = 3;
  const std::string e = result_excerpt(numbers(20), 5000, three);  // 20 held, 5,000 returned
  EXPECT_EQ(e, "id | name\n0 | row 0\n1 | row 1\n2 | row 2\n(5000 rows in all; the first 3 shown)");
}

TEST(Judge, ExcerptBoundsWideRowsAndLongValues) {
  ResultSet r;
  for (int c = 0; c < 20; ++c) r.column_names.push_back("c" + std::to_string(c));
  r.rows.push_back({});
  for (int c = 0; c < 20; ++c) r.rows[0].push_back(Value::of_text(std::string(100000, 'x')));
  const std::string e = result_excerpt(r, 1);
  EXPECT_LT(e.size(), 2000u);
  EXPECT_NE(e.find("(8 more columns)"), std::string::npos);
}

TEST(Judge, PromptsCarryEveryPartAndDifferByMode) {
  JudgeInput in;
  in.question = "How many chlorine atoms?";
  in.evidence = "chlorine refers to element = 'cl'";
  in.schema_text = "CREATE TABLE atom(atom_id TEXT, element TEXT);";
  in.gold_sql = "SELECT COUNT(*) FROM atom WHERE element = 'cl'";
  in.pred_sql = "SELECT COUNT(atom_id) FROM atom WHERE element = 'cl'";
  in.gold_result = "COUNT(*)\n12\n(1 row)";
  in.pred_result = "COUNT(atom_id)\n12\n(1 row)";
  in.ex = true;
  auto strict = render_judge_prompt(chokepoint::testing::repository_prompts(), in);
  ASSERT_TRUE(strict.ok()) << strict.error();
  for (const auto& part :
       {in.question, in.evidence, in.schema_text, in.gold_sql, in.pred_sql, in.gold_result, in.pred_result})
    EXPECT_NE(strict->find(part), std::string::npos) << part;
  EXPECT_NE(strict->find("strict"), std::string::npos);
  in.ex = false;
  in.evidence = "  ";
  auto lenient = render_judge_prompt(chokepoint::testing::repository_prompts(), in);
  ASSERT_TRUE(lenient.ok()) << lenient.error();
  EXPECT_NE(lenient->find("lenient"), std::string::npos);
  EXPECT_NE(lenient->find("Evidence: (none given)"), std::string::npos);
  EXPECT_NE(*strict, *lenient);
}

TEST(Judge, VerdictsInManySpellings) {
  EXPECT_TRUE(verdict_of("correct\nIt counts the same atoms."));
  EXPECT_FALSE(verdict_of("incorrect\nIt ignores the element filter."));
  EXPECT_TRUE(verdict_of("**Verdict:** Correct - same rows on any database."));
  EXPECT_FALSE(verdict_of("Answer: WRONG"));
  EXPECT_FALSE(verdict_of("Not correct: the join drops atoms without bonds."));
  EXPECT_TRUE(verdict_of("It is not wrong, only differently ordered."));
  EXPECT_TRUE(verdict_of("```\ncorrect\n```\nSame result."));
  EXPECT_TRUE(verdict_of("Yes."));
  // The first line that starts with a verdict decides; prose before it is skipped.
  EXPECT_FALSE(verdict_of("Let me look at both queries.\nincorrect\nThe filter differs."));
}

TEST(Judge, ReasonIsTheRestOfTheLineOrTheNextLine) {
  auto a = parse_judge_answer("incorrect: the filter is on the wrong column.");
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a->reason, "the filter is on the wrong column.");
  auto b = parse_judge_answer("correct\nBoth count chlorine atoms.\nMore.");
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(b->reason, "Both count chlorine atoms.");
}

TEST(Judge, UnreadableAnswersAreErrors) {
  EXPECT_FALSE(parse_judge_answer("").ok());
  EXPECT_FALSE(parse_judge_answer("Both queries look similar to me.").ok());
  // A verdict word later in a line is prose, not a verdict.
  EXPECT_FALSE(parse_judge_answer("Both look fine; whether it is correct depends on the data.").ok());
}

TEST(Judge, MergeKeepsExUnlessTheVerdictIsReadable) {
  const auto flipped = merge_judge(true, Result<std::string>("incorrect\nIt matches only by luck."));
  EXPECT_EQ(flipped.outcome, JudgeOutcome::Flipped);
  EXPECT_FALSE(flipped.judged);
  EXPECT_EQ(flipped.mode, JudgeMode::Strict);
  EXPECT_EQ(flipped.reason, "It matches only by luck.");
  const auto agreed = merge_judge(false, Result<std::string>("incorrect\nWrong table."));
  EXPECT_EQ(agreed.outcome, JudgeOutcome::Agreed);
  EXPECT_EQ(agreed.mode, JudgeMode::Lenient);
  const auto unreadable = merge_judge(false, Result<std::string>("Hmm."));
  EXPECT_EQ(unreadable.outcome, JudgeOutcome::Unreadable);
  EXPECT_FALSE(unreadable.judged);
  EXPECT_NE(unreadable.reason.find("EX stands"), std::string::npos);
  const auto none = merge_judge(true, Result<std::string>(Error{"HTTP 500"}));
  EXPECT_EQ(none.outcome, JudgeOutcome::NoAnswer);
  EXPECT_TRUE(none.judged);
  EXPECT_NE(none.reason.find("HTTP 500"), std::string::npos);
}

TEST(Judge, SummaryCountsFlipsBothWaysAndKappaOverReadableVerdicts) {
  std::vector<JudgeVerdict> v = {
      merge_judge(true, Result<std::string>("correct")),     merge_judge(true, Result<std::string>("incorrect")),
      merge_judge(false, Result<std::string>("incorrect")),  merge_judge(false, Result<std::string>("correct")),
      merge_judge(false, Result<std::string>("incorrect")),  merge_judge(true, Result<std::string>("???")),
      merge_judge(true, Result<std::string>(Error{"down"})), judge_not_asked(false)};
  const auto s = summarize_judgements(v);
  EXPECT_EQ(s.items, 8u);
  EXPECT_EQ(s.ex_correct, 4u);
  EXPECT_DOUBLE_EQ(s.ex, 50.0);
  // Judged: 1, 0, 0, 1, 0, 1 (EX stands), 1 (EX stands), 0 -> 4 of 8.
  EXPECT_EQ(s.judged_correct, 4u);
  EXPECT_EQ(s.asked, 7u);
  EXPECT_EQ(s.agreed, 3u);
  EXPECT_EQ(s.false_positives, 1u);
  EXPECT_EQ(s.false_negatives, 1u);
  EXPECT_EQ(s.unreadable, 1u);
  EXPECT_EQ(s.no_answer, 1u);
  // Readable: EX 1,1,0,0,0 vs judged 1,0,0,1,0: both yes 1, only EX 1, only judge 1, both no 2; p_o = 0.6,
  // p_e = 0.4 * 0.4 + 0.6 * 0.6 = 0.52, kappa = 0.08 / 0.48.
  EXPECT_EQ(s.kappa_items, 5u);
  ASSERT_TRUE(s.kappa.has_value());
  EXPECT_NEAR(*s.kappa, 0.08 / 0.48, 1e-12);
}

}  // namespace
}  // namespace chokepoint::llm_tasks
