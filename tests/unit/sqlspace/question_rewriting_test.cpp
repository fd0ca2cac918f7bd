// Question rewriting around negative features (003 Appendix H): reading the estimator's list, which features apply
// to an item (remove one it has, add one it lacks), the prompts, the rewritten question (fences, labels, INVALID) and
// Acc@1 / Acc@3 with Table 4's breakdown by hand.
#include "core/sqlspace/question_rewriting.h"

#include <gtest/gtest.h>

namespace chokepoint::sqlspace {
namespace {

Column named_column(const char* name) {
  Column c;
  c.name = name;
  return c;
}

TEST(NegativeFeatures, FromTheEstimatorsReport) {
  auto f = read_negative_features(
      R"({"set": "dev", "negative_features": [{"id": 80, "column": "f080", "more_common_in": "wrong"},
          {"column": "f039", "more_common_in": "right"}, {"id": 80, "more_common_in": "right"}]})");
  ASSERT_TRUE(f.ok()) << f.error();
  ASSERT_EQ(f->size(), 2u);  // a repeated feature counts once, first entry
  EXPECT_EQ((*f)[0].id, 80);
  EXPECT_TRUE((*f)[0].remove);
  EXPECT_EQ((*f)[1].id, 39);
  EXPECT_FALSE((*f)[1].remove);
}

TEST(NegativeFeatures, FromAPlainListAndErrors) {
  auto f = read_negative_features(R"([40, "f117", "9"])");
  ASSERT_TRUE(f.ok()) << f.error();
  ASSERT_EQ(f->size(), 3u);
  EXPECT_EQ((*f)[1].id, 117);
  EXPECT_TRUE((*f)[2].remove);
  EXPECT_FALSE(read_negative_features("not json").ok());
  EXPECT_FALSE(read_negative_features("[]").ok());
  EXPECT_FALSE(read_negative_features(R"({"metrics": {}})").ok());
  EXPECT_FALSE(read_negative_features(R"(["nothing"])").ok());
}

FeatureMatrix sample_matrix() {
  FeatureMatrix m;
  m.feature_ids = {39, 56, 80, 117};
  FeatureRow row = m.new_row("0", "db");
  row.set(0, true);   // #39 present
  row.set(1, false);  // #56 absent
  row.set(2, true);   // #80 present; #117 unknown
  m.rows = {row};
  return m;
}

TEST(Rewriting, ApplicableFeaturesRemoveWhatItHasAddWhatItLacks) {
  const auto m = sample_matrix();
  const std::vector<RewriteFeature> negatives{{56, true}, {80, true}, {39, false}, {117, false}, {39, true}, {5, true}};
  const auto got = applicable_features(m, 0, negatives, 3);
  ASSERT_EQ(got.size(), 3u);
  EXPECT_EQ(got[0].id, 80);   // #56 is absent: nothing to remove
  EXPECT_EQ(got[1].id, 117);  // unknown reads "No": it can be added
  EXPECT_EQ(got[2].id, 39);   // #39 present, marked remove
  EXPECT_EQ(applicable_features(m, 0, negatives, 1).size(), 1u);
}

TEST(Rewriting, PromptsNameTheFeatureAndTheDirection) {
  const auto c = FeatureCatalogue::sqlspace();
  auto lib = load_prompt_library(default_prompts_folder());
  ASSERT_TRUE(lib.ok()) << lib.error();
  EvalItem item;
  item.key = "0";
  item.db_id = "db";
  item.question = "List the names and ages of singers.";
  Schema s;
  s.db_id = "db";
  Table t;
  t.name = "singer";
  t.columns = {named_column("name"), named_column("age")};
  s.tables = {t};
  auto asks = plan_rewrites(c, sample_matrix(), {item}, {{"db", s}}, {0}, {{80, true}, {117, false}}, 3, *lib);
  ASSERT_TRUE(asks.ok()) << asks.error();
  ASSERT_EQ(asks->size(), 2u);
  EXPECT_EQ((*asks)[0].rank, 1u);
  EXPECT_NE((*asks)[0].prompt.find("no longer has the following property"), std::string::npos);
  EXPECT_NE((*asks)[0].prompt.find("Property: uses a JOIN operation"), std::string::npos);
  EXPECT_NE((*asks)[0].prompt.find("db | singer : name, age"), std::string::npos);
  EXPECT_NE((*asks)[0].prompt.find("Question: List the names and ages of singers."), std::string::npos);
  EXPECT_EQ((*asks)[1].rank, 2u);
  EXPECT_NE((*asks)[1].prompt.find("so that it has the following property"), std::string::npos);
  EXPECT_FALSE(plan_rewrites(c, sample_matrix(), {item}, {}, {0}, {{80, true}}, 3, PromptLibrary{}).ok());
}

TEST(Rewriting, RewrittenQuestionFromFencesLinesAndInvalid) {
  auto a = parse_rewritten_question("Sure!\n```text\nWhat are the names\nof the singers?\n```");
  ASSERT_TRUE(a.ok()) << a.error();
  EXPECT_FALSE(a->invalid);
  EXPECT_EQ(a->question, "What are the names of the singers?");
  auto b = parse_rewritten_question("\n  Rewritten question: \"How old is each singer?\"\nThat keeps the intent.");
  ASSERT_TRUE(b.ok()) << b.error();
  EXPECT_EQ(b->question, "How old is each singer?");
  auto c = parse_rewritten_question("```INVALID```");
  ASSERT_TRUE(c.ok());
  EXPECT_TRUE(c->invalid);
  EXPECT_TRUE(parse_rewritten_question("\"INVALID\"")->invalid);
  EXPECT_FALSE(parse_rewritten_question("  \n ").ok());
}

TEST(Rewriting, AccAt1AndAt3WithTable4ByHand) {
  // a: right, not chosen. b: wrong, chosen, rewrites [0, 1, 0] -> Acc@1 wrong, Acc@3 right.
  // c: wrong, chosen, rewrites [1] -> right at both. d: right, chosen, rewrites [0, 0] -> wrong at both.
  // e: wrong, not chosen. f: wrong, chosen, no applicable feature -> keeps its original (wrong).
  const std::vector<RewriteOutcome> o{{"a", true, false, {}},     {"b", false, true, {false, true, false}},
                                      {"c", false, true, {true}}, {"d", true, true, {false, false}},
                                      {"e", false, false, {}},    {"f", false, true, {}}};
  const auto s = summarize_rewrites(o);
  EXPECT_EQ(s.n, 6u);
  EXPECT_EQ(s.chosen, 4u);
  EXPECT_EQ(s.rewritten, 3u);
  EXPECT_DOUBLE_EQ(s.no_rewriting, 2.0 / 6.0);
  EXPECT_DOUBLE_EQ(s.acc_at_1, 2.0 / 6.0);  // a, c
  EXPECT_DOUBLE_EQ(s.acc_at_3, 3.0 / 6.0);  // a, b, c
  // Estimator right: a (kept, right), b, c, f (chosen, wrong); wrong: d (chosen, right), e (kept, wrong).
  EXPECT_EQ(s.estimator_right_success, 3u);  // a, b, c
  EXPECT_EQ(s.estimator_right_failure, 1u);  // f
  EXPECT_EQ(s.estimator_wrong_success, 0u);
  EXPECT_EQ(s.estimator_wrong_failure, 2u);  // d, e
}

}  // namespace
}  // namespace chokepoint::sqlspace
