// SynSQL's critic (§3.5): six criteria 1-10 read from a JSON answer (fenced, nested, "8/10", spelled as titles),
// Hint Alignment neither required nor averaged without evidence, unreadable answers as error values, and the
// acceptance threshold (7.99 refines, 8.0 accepts).
#include "core/testdb/critic.h"

#include <gtest/gtest.h>

namespace chokepoint::testdb {
namespace {

const char* kGood =
    "```json\n{\n"
    "  \"hint_alignment\": {\"score\": 9, \"feedback\": \"dates follow MAX(date)\"},\n"
    "  \"key_integrity\": {\"score\": 10, \"feedback\": \"\"},\n"
    "  \"schema_coverage\": {\"score\": 8, \"feedback\": \"fill country everywhere\"},\n"
    "  \"complexity\": {\"score\": 5, \"feedback\": \"add two races on the same latest date\"},\n"
    "  \"variety\": {\"score\": 7, \"feedback\": \"more countries\"},\n"
    "  \"relevance\": {\"score\": 8, \"feedback\": \"\"},\n"
    "  \"overall_feedback\": \"Add ties on the latest date.\",\n"
    "  \"meets_minimum_quality\": false\n}\n```";

TEST(Critic, ReadsAWellFormedAnswer) {
  auto r = parse_critic_answer(kGood, true);
  ASSERT_TRUE(r.ok()) << r.error();
  ASSERT_EQ(r->scores.size(), 6u);
  EXPECT_EQ(r->scores[0].criterion, CriticCriterion::HintAlignment);
  EXPECT_EQ(r->scores[3].feedback, "add two races on the same latest date");
  EXPECT_DOUBLE_EQ(r->average(), 47.0 / 6);
  EXPECT_EQ(r->feedback, "Add ties on the latest date.");
  ASSERT_TRUE(r->meets_minimum.has_value());
  EXPECT_FALSE(*r->meets_minimum);
  EXPECT_FALSE(review_accepts(*r, 8.0));
  // The next round hears the overall feedback and each criterion below the threshold.
  EXPECT_EQ(refinement_feedback(*r, 8.0),
            "Add ties on the latest date.\n- Complexity (5/10): add two races on the same latest date\n"
            "- Variety (7/10): more countries");
}

TEST(Critic, ToleratesNestingTitlesAndScoresAsText) {
  auto r = parse_critic_answer(
      "Evaluation follows. {\"scores\": {\"Hint Alignment\": \"9/10\", \"Key Integrity\": 8, \"SchemaCoverage\": "
      "\"8\", \"Complexity\": {\"score\": \"7.5\"}, \"Variety\": 8.5, \"Relevance\": 9}, \"feedback\": \"fine\"} Done.",
      true);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_DOUBLE_EQ(r->average(), (9 + 8 + 8 + 7.5 + 8.5 + 9) / 6);
  EXPECT_EQ(r->feedback, "fine");
  EXPECT_TRUE(review_accepts(*r, 8.0));
}

TEST(Critic, MalformedAnswersAreErrorsNotCrashes) {
  EXPECT_EQ(parse_critic_answer("", true).error(), "the answer is empty");
  EXPECT_EQ(parse_critic_answer("The data looks good, 9/10.", true).error(), "the answer holds no JSON object");
  EXPECT_FALSE(parse_critic_answer("{\"hint_alignment\": {\"score\": 9}, \"key_integrity\": ", true).ok());
  auto missing = parse_critic_answer(
      "{\"hint_alignment\": 9, \"schema_coverage\": 8, \"complexity\": 8, \"variety\": 8, \"relevance\": 8}", true);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error(), "the answer has no score for Key Integrity");
  auto range = parse_critic_answer(
      "{\"key_integrity\": 11, \"schema_coverage\": 8, \"complexity\": 8, \"variety\": 8, \"relevance\": 8}", false);
  ASSERT_FALSE(range.ok());
  EXPECT_EQ(range.error(), "the score for Key Integrity is 11, not 1-10");
  auto word = parse_critic_answer(
      "{\"key_integrity\": \"high\", \"schema_coverage\": 8, \"complexity\": 8, \"variety\": 8, \"relevance\": 8}",
      false);
  EXPECT_FALSE(word.ok());
}

TEST(Critic, WithoutEvidenceHintAlignmentIsNeitherRequiredNorAveraged) {
  EXPECT_EQ(critic_criteria(false).size(), 5u);
  EXPECT_EQ(critic_criteria(true).size(), 6u);
  const char* five =
      "{\"key_integrity\": 8, \"schema_coverage\": 8, \"complexity\": 8, \"variety\": 8, \"relevance\": 8}";
  auto r = parse_critic_answer(five, false);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->scores.size(), 5u);
  EXPECT_TRUE(review_accepts(*r, 8.0));
  // A hint score the model gave anyway does not pull the average down.
  auto extra = parse_critic_answer(
      "{\"hint_alignment\": 1, \"key_integrity\": 8, \"schema_coverage\": 8, \"complexity\": 8, \"variety\": 8, "
      "\"relevance\": 8}",
      false);
  ASSERT_TRUE(extra.ok());
  EXPECT_DOUBLE_EQ(extra->average(), 8.0);
  // With evidence the same five-key answer lacks Hint Alignment.
  EXPECT_EQ(parse_critic_answer(five, true).error(), "the answer has no score for Hint Alignment");
}

TEST(Critic, AcceptsAtTheThresholdAndRefinesJustBelow) {
  CriticReview below;
  for (double s : {8.0, 8.0, 8.0, 8.0, 7.95}) below.scores.push_back({CriticCriterion::Variety, s, ""});
  EXPECT_NEAR(below.average(), 7.99, 1e-12);
  EXPECT_FALSE(review_accepts(below, 8.0));
  CriticReview at;
  for (double s : {9.0, 7.0, 8.0, 8.0, 8.0}) at.scores.push_back({CriticCriterion::Variety, s, ""});
  EXPECT_TRUE(review_accepts(at, 8.0));
  EXPECT_FALSE(review_accepts(at, 8.5));
  EXPECT_FALSE(review_accepts(CriticReview{}, 0.0));  // no scores, no acceptance
}

}  // namespace
}  // namespace chokepoint::testdb
