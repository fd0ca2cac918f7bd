// SynSQL's agreement metrics (§3, A.2): AR as Cohen's kappa with the original database as reference, on the paper's
// two worked cases, the P_e = 1 case our definition settles, the confusion's orientation, and SR counting a gold
// that fails on the test database as a failure.
#include "core/testdb/agreement.h"

#include <gtest/gtest.h>

namespace chokepoint::testdb {
namespace {

TEST(AgreementRate, PaperWorkedCaseForty) {
  ConfusionCounts c;
  c.tp = 40, c.tn = 40, c.fp = 10, c.fn = 10;  // P_o = 0.8, P_e = 0.5
  ASSERT_TRUE(agreement_rate(c).has_value());
  EXPECT_NEAR(*agreement_rate(c), 0.60, 1e-12);
}

TEST(AgreementRate, PaperWorkedCaseFortyFive) {
  ConfusionCounts c;
  c.tp = 45, c.tn = 30, c.fp = 3, c.fn = 2;  // P_o = 75/80, P_e = (47*48 + 33*32) / 80^2 = 0.5175
  ASSERT_TRUE(agreement_rate(c).has_value());
  EXPECT_NEAR(*agreement_rate(c), 0.8705, 0.00005);
}

TEST(AgreementRate, SwappingFalsePositivesAndNegativesLeavesItUnchanged) {
  ConfusionCounts a, b;
  a.tp = 45, a.tn = 30, a.fp = 3, a.fn = 2;
  b.tp = 45, b.tn = 30, b.fp = 2, b.fn = 3;
  EXPECT_NEAR(*agreement_rate(a), *agreement_rate(b), 1e-12);
}

TEST(AgreementRate, ExpectedAgreementOfOneIsDefinedAsOne) {
  ConfusionCounts all_correct;
  all_correct.tp = 12;  // both databases say "correct" to every item: P_e = P_o = 1
  bool degenerate = false;
  ASSERT_TRUE(agreement_rate(all_correct, &degenerate).has_value());
  EXPECT_EQ(*agreement_rate(all_correct, &degenerate), 1.0);
  EXPECT_TRUE(degenerate);
  ConfusionCounts all_wrong;
  all_wrong.tn = 5;
  EXPECT_EQ(*agreement_rate(all_wrong, &degenerate), 1.0);
  EXPECT_TRUE(degenerate);
}

TEST(AgreementRate, NoItemsHasNoRate) { EXPECT_FALSE(agreement_rate(ConfusionCounts{}).has_value()); }

ItemEvaluation scored(bool ex, size_t gold_rows) {
  ItemEvaluation e;
  e.ex = ex;
  e.gold_rows = gold_rows;
  return e;
}

AgreementItem item(ItemEvaluation original, ItemEvaluation test, size_t gold_columns = 5) {
  AgreementItem a;
  a.gold_columns = gold_columns;
  a.test_columns = 10;
  a.original = std::move(original);
  a.test = std::move(test);
  return a;
}

TEST(SummarizeAgreement, ConfusionTakesTheOriginalAsReference) {
  // Original correct, test wrong: a false negative; original wrong, test correct: a false positive.
  const auto s = summarize_agreement({item(scored(true, 1), scored(false, 1)), item(scored(false, 1), scored(true, 1)),
                                      item(scored(false, 1), scored(true, 1))});
  EXPECT_EQ(s.confusion.fn, 1u);
  EXPECT_EQ(s.confusion.fp, 2u);
  EXPECT_NEAR(s.ex_original, 100.0 / 3, 1e-9);
  EXPECT_NEAR(s.ex_test, 200.0 / 3, 1e-9);
  EXPECT_NEAR(s.delta, 100.0 / 3, 1e-9);  // = |FP - FN| / N in points
}

TEST(SummarizeAgreement, SuccessRateCountsGoldErrorsAsFailures) {
  ItemEvaluation gold_error;
  gold_error.status = ItemStatus::GoldError;
  ItemEvaluation no_database;
  no_database.status = ItemStatus::NoDatabase;
  // Four items: gold non-empty, gold empty, gold failing, no test database: SR = 1 / 4.
  const auto s = summarize_agreement({item(scored(true, 3), scored(true, 2)), item(scored(true, 3), scored(true, 0)),
                                      item(scored(true, 3), gold_error), item(scored(true, 3), no_database)});
  EXPECT_EQ(s.n, 4u);
  EXPECT_EQ(s.sr_success, 1u);
  EXPECT_DOUBLE_EQ(s.sr, 25.0);
  EXPECT_DOUBLE_EQ(s.original_sr, 100.0);
  EXPECT_EQ(s.test_gold_failures, 1u);
  EXPECT_EQ(s.no_test_database, 1u);
  // The failing gold and the missing database score the prediction 0 on the test side: two false negatives.
  EXPECT_EQ(s.confusion.fn, 2u);
}

TEST(SummarizeAgreement, ASuitesSuccessIsItsOwnVerdict) {
  // A suite stops at the first member where the pair differs: that member's gold rows (0 here) do not decide SR,
  // the verdict over every member does, either way.
  auto on_suite = item(scored(true, 3), scored(false, 0));
  on_suite.test_gold_nonempty = true;
  auto empty_everywhere = item(scored(true, 3), scored(true, 2));
  empty_everywhere.test_gold_nonempty = false;
  const auto s = summarize_agreement({on_suite, empty_everywhere});
  EXPECT_EQ(s.sr_success, 1u);
  EXPECT_DOUBLE_EQ(s.sr, 50.0);
}

TEST(SummarizeAgreement, ItemsWhoseGoldFailsOnTheOriginalAreNoReference) {
  ItemEvaluation gold_error;
  gold_error.status = ItemStatus::GoldError;
  const auto s = summarize_agreement({item(gold_error, scored(true, 1)), item(scored(true, 1), scored(true, 1))});
  EXPECT_EQ(s.reference, 1u);
  EXPECT_EQ(s.confusion.tp, 1u);
  EXPECT_DOUBLE_EQ(s.ex_test, 100.0);
}

TEST(SummarizeAgreement, BucketsSplitTheItemsByGoldColumns) {
  const auto buckets =
      agreement_by_bucket({item(scored(true, 1), scored(true, 1), 15), item(scored(true, 1), scored(false, 1), 16),
                           item(scored(true, 1), scored(true, 1), 61)});
  ASSERT_EQ(buckets.size(), 3u);
  EXPECT_EQ(buckets[0].bucket, ComplexityBucket::Low);
  EXPECT_EQ(buckets[1].bucket, ComplexityBucket::Medium);
  EXPECT_EQ(buckets[1].summary.confusion.fn, 1u);
  EXPECT_EQ(buckets[2].bucket, ComplexityBucket::High);
}

}  // namespace
}  // namespace chokepoint::testdb
