// ROUGE-1/2/L on pairs computed by hand: overlaps clipped by the reference's counts, recall over the reference,
// precision over the candidate, F1 their harmonic mean; ROUGE-L below ROUGE-1 when the order differs; the tokeniser.
#include <gtest/gtest.h>

#include "core/metrics/rouge.h"

namespace chokepoint {
namespace {

TEST(Rouge, TokensAreLowerCaseRunsOfLettersAndDigits) {
  EXPECT_EQ(rouge_tokens("How many? It's 3.5% of T1.Name"),
            (std::vector<std::string>{"how", "many", "it", "s", "3", "5", "of", "t1", "name"}));
  EXPECT_EQ(rouge_tokens("  "), std::vector<std::string>{});
  EXPECT_EQ(rouge_tokens("café menu"), (std::vector<std::string>{"café", "menu"}));  // UTF-8 stays in its word
}

TEST(Rouge, SameLengthPairByHand) {
  // c: the cat sat on the mat / r: the cat is on the mat. Unigrams: the x2, cat, on, mat = 5 of 6 each way.
  // Bigrams: the-cat, on-the, the-mat = 3 of 5. LCS: the cat on the mat = 5 of 6.
  const auto s = rouge_scores("the cat sat on the mat", "The cat is on the mat.");
  EXPECT_DOUBLE_EQ(s.r1.recall, 5.0 / 6);
  EXPECT_DOUBLE_EQ(s.r1.precision, 5.0 / 6);
  EXPECT_DOUBLE_EQ(s.r1.f1, 5.0 / 6);
  EXPECT_DOUBLE_EQ(s.r2.recall, 3.0 / 5);
  EXPECT_DOUBLE_EQ(s.r2.f1, 3.0 / 5);
  EXPECT_DOUBLE_EQ(s.rl.recall, 5.0 / 6);
}

TEST(Rouge, RecallAndF1DifferWhenLengthsDiffer) {
  // c: how many singers are there (5) / r: how many singers do we have (6): 3 common unigrams.
  const auto s = rouge_scores("How many singers are there?", "How many singers do we have?");
  EXPECT_DOUBLE_EQ(s.r1.precision, 3.0 / 5);
  EXPECT_DOUBLE_EQ(s.r1.recall, 3.0 / 6);
  EXPECT_NEAR(s.r1.f1, 2 * 0.6 * 0.5 / 1.1, 1e-12);
  // Bigrams: how-many, many-singers common; 4 in c, 5 in r.
  EXPECT_DOUBLE_EQ(s.r2.precision, 2.0 / 4);
  EXPECT_DOUBLE_EQ(s.r2.recall, 2.0 / 5);
  EXPECT_NEAR(s.r2.f1, 2 * 0.5 * 0.4 / 0.9, 1e-12);
  EXPECT_DOUBLE_EQ(s.rl.recall, 3.0 / 6);
}

TEST(Rouge, RepeatedWordsAreClippedByTheReference) {
  const auto s = rouge_scores("the the the", "the cat");
  EXPECT_DOUBLE_EQ(s.r1.precision, 1.0 / 3);
  EXPECT_DOUBLE_EQ(s.r1.recall, 1.0 / 2);
}

TEST(Rouge, RougeLFallsBelowRouge1WhenTheOrderDiffers) {
  const auto s = rouge_scores("singers how many", "how many singers");
  EXPECT_DOUBLE_EQ(s.r1.f1, 1.0);
  EXPECT_DOUBLE_EQ(s.rl.f1, 2.0 / 3);  // LCS "how many"
  EXPECT_LT(s.rl.f1, s.r1.f1);
  EXPECT_DOUBLE_EQ(s.r2.f1, 0.5);  // how-many of two bigrams each
}

TEST(Rouge, EmptyTextScoresZeroAndOneWordHasNoBigram) {
  const auto s = rouge_scores("", "how many");
  EXPECT_EQ(s.r1.f1, 0);
  EXPECT_EQ(s.rl.recall, 0);
  const auto one = rouge_scores("count", "count");
  EXPECT_DOUBLE_EQ(one.r1.f1, 1.0);
  EXPECT_EQ(one.r2.f1, 0);
}

TEST(Rouge, NeverAboveRouge1ForRandomPairs) {
  // An LCS is a set of matching unigrams, so with one tokeniser ROUGE-L <= ROUGE-1 (recall and precision).
  const std::vector<std::string> words = {"a", "b", "c", "d", "the"};
  unsigned seed = 7;
  for (int k = 0; k < 300; ++k) {
    std::string c, r;
    for (int i = 0; i < 1 + k % 9; ++i) c += words[(seed = seed * 1103515245 + 12345) >> 16 & 3] + " ";
    for (int i = 0; i < 1 + k % 7; ++i) r += words[(seed = seed * 1103515245 + 12345) >> 16 & 3] + " ";
    const auto s = rouge_scores(c, r);
    EXPECT_LE(s.rl.recall, s.r1.recall + 1e-12) << c << "|" << r;
    EXPECT_LE(s.rl.precision, s.r1.precision + 1e-12) << c << "|" << r;
  }
}

TEST(Rouge, MeanIsPerScore) {
  const auto m = mean_rouge({rouge_scores("a b", "a b"), rouge_scores("c", "d")});
  EXPECT_DOUBLE_EQ(m.r1.f1, 0.5);
  EXPECT_DOUBLE_EQ(m.r2.f1, 0.5);
  EXPECT_DOUBLE_EQ(m.rl.recall, 0.5);
  EXPECT_EQ(mean_rouge({}).r1.f1, 0);
}

}  // namespace
}  // namespace chokepoint
