// Table 3 of SynSQL against human labels: 250 items of which 35 disagree between BIRD and SynSQL, 21 Negative ->
// Positive (10 false negatives corrected, 11 true negatives turned false positives) and 14 Positive -> Negative (5
// false positives corrected, 9 true positives turned false negatives). Kappas worked out by hand below.
#include "core/testdb/disagreement_transitions.h"

#include <gtest/gtest.h>

namespace chokepoint::testdb {
namespace {

AgreementItem item(const std::string& id, bool original_ex, bool test_ex) {
  AgreementItem a;
  a.id = id;
  a.original.ex = original_ex;
  a.test.ex = test_ex;
  return a;
}

// Table 3's sample: the 35 disagreements labelled, the 215 agreements (140 both positive, 75 both negative) not.
struct Sample {
  std::vector<AgreementItem> items;
  HumanLabels labels;
};

Sample table3() {
  Sample s;
  int id = 0;
  auto add = [&](size_t n, bool original_ex, bool test_ex, const bool* right) {
    for (size_t i = 0; i < n; ++i) {
      const std::string key = std::to_string(id++);
      s.items.push_back(item(key, original_ex, test_ex));
      if (right) s.labels.prediction_right[key] = *right;
    }
  };
  const bool yes = true, no = false;
  add(10, false, true, &yes);  // False Negative -> True Positive
  add(11, false, true, &no);   // True Negative -> False Positive
  add(5, true, false, &no);    // False Positive -> True Negative
  add(9, true, false, &yes);   // True Positive -> False Negative
  add(140, true, true, nullptr);
  add(75, false, false, nullptr);
  return s;
}

TEST(DisagreementTransitions, Table3sRowsComeFromTheLabels) {
  const Sample s = table3();
  const auto t = disagreement_transitions(s.items, s.labels);
  EXPECT_EQ(t.items, 250u);
  EXPECT_EQ(t.labelled, 35u);
  EXPECT_EQ(t.disagreements(), 35u);
  EXPECT_EQ(t.negative_to_positive, 21u);
  EXPECT_EQ(t.fn_to_tp, 10u);
  EXPECT_EQ(t.tn_to_fp, 11u);
  EXPECT_EQ(t.positive_to_negative, 14u);
  EXPECT_EQ(t.fp_to_tn, 5u);
  EXPECT_EQ(t.tp_to_fn, 9u);
}

TEST(DisagreementTransitions, ItemsWithoutALabelAreCountedApartNeverDropped) {
  const Sample s = table3();
  const auto t = disagreement_transitions(s.items, s.labels);
  EXPECT_EQ(t.unlabelled, 215u);
  ASSERT_EQ(t.unlabelled_ids.size(), 215u);
  EXPECT_EQ(t.unlabelled_ids.front(), "35");
  EXPECT_EQ(t.labelled + t.unlabelled + t.no_reference, t.items);
  EXPECT_EQ(t.both_positive + t.both_negative, 0u);  // every agreement was unlabelled
}

TEST(DisagreementTransitions, EachDatabaseIsScoredAgainstTheLabels) {
  const Sample s = table3();
  const auto t = disagreement_transitions(s.items, s.labels);
  // BIRD says correct on the 14 Positive -> Negative items: TP 9, FP 5; wrong on the 21 others: FN 10, TN 11.
  EXPECT_EQ(t.original.tp, 9u);
  EXPECT_EQ(t.original.fp, 5u);
  EXPECT_EQ(t.original.fn, 10u);
  EXPECT_EQ(t.original.tn, 11u);
  EXPECT_EQ(t.original.agree(), 20u);
  EXPECT_EQ(t.original.disagree(), 15u);
  // p_o = 20/35, p_e = (14 * 19 + 21 * 16) / 35^2 = 602/1225: kappa = (700 - 602) / (1225 - 602) = 98/623.
  ASSERT_TRUE(t.original.kappa.has_value());
  EXPECT_NEAR(*t.original.kappa, 98.0 / 623.0, 1e-12);
  EXPECT_STREQ(t.original.band, "slight");
  // SynSQL says correct on the 21: TP 10, FP 11; wrong on the 14: TN 5, FN 9. p_o = 15/35,
  // p_e = (21 * 19 + 14 * 16) / 1225 = 623/1225: kappa = (525 - 623) / (1225 - 623) = -98/602.
  EXPECT_EQ(t.test.agree(), 15u);
  EXPECT_EQ(t.test.disagree(), 20u);
  ASSERT_TRUE(t.test.kappa.has_value());
  EXPECT_NEAR(*t.test.kappa, -98.0 / 602.0, 1e-12);
  EXPECT_STREQ(t.test.band, "poor");
}

TEST(DisagreementTransitions, LabelledAgreementsCountForBothDatabases) {
  std::vector<AgreementItem> items = {item("a", true, true), item("b", false, false), item("c", true, true)};
  HumanLabels labels;
  labels.prediction_right = {{"a", true}, {"b", false}, {"c", false}};
  const auto t = disagreement_transitions(items, labels);
  EXPECT_EQ(t.both_positive, 2u);
  EXPECT_EQ(t.both_negative, 1u);
  EXPECT_EQ(t.disagreements(), 0u);
  EXPECT_EQ(t.original.tp, 1u);
  EXPECT_EQ(t.original.fp, 1u);  // "c": both databases say correct, the human does not
  EXPECT_EQ(t.original.tn, 1u);
  EXPECT_EQ(t.test.fp, 1u);
}

TEST(DisagreementTransitions, AGoldThatFailedOnTheOriginalHasNoVerdictToCompare) {
  AgreementItem failed = item("x", false, true);
  failed.original.status = ItemStatus::GoldError;
  HumanLabels labels;
  labels.prediction_right = {{"x", true}};
  const auto t = disagreement_transitions({failed}, labels);
  EXPECT_EQ(t.no_reference, 1u);
  EXPECT_EQ(t.labelled, 0u);
}

TEST(DisagreementTransitions, ATestDatabaseWithoutAVerdictSaysWrong) {
  AgreementItem missing = item("y", true, true);
  missing.test.status = ItemStatus::NoDatabase;
  HumanLabels labels;
  labels.prediction_right = {{"y", true}};
  const auto t = disagreement_transitions({missing}, labels);
  EXPECT_EQ(t.positive_to_negative, 1u);
  EXPECT_EQ(t.tp_to_fn, 1u);
}

TEST(DisagreementTransitions, AKappaWithOneVerdictEverywhereIsUndefined) {
  HumanLabels labels;
  labels.prediction_right = {{"a", true}};
  const auto t = disagreement_transitions({item("a", true, true)}, labels);
  EXPECT_FALSE(t.original.kappa.has_value());  // p_e = 1
  EXPECT_STREQ(t.original.band, "");
  const auto j = disagreement_transitions_json(t);
  EXPECT_TRUE(j["original"]["kappa"].is_null());
  EXPECT_EQ(j["negative_to_positive"]["n"], 0);
}

}  // namespace
}  // namespace chokepoint::testdb
