// SynSQL's Table 3 (§5.2) against human labels (human_labels.h): the items on which the original and the synthetic
// database disagree, split by whether the prediction is in fact right, so "Negative -> Positive" becomes "From False
// Negative to True Positive" (the prediction is right: the synthetic database corrected the original) or "From True
// Negative to False Positive" (it is wrong: the synthetic database was fooled), and "Positive -> Negative" becomes
// "From False Positive to True Negative" or "From True Positive to False Negative". Each database's verdicts are
// also scored against the labels: agree/disagree counts, Cohen's kappa and its Landis-Koch band
// (core/metrics/cohen_kappa.h). Items without a label, and items without a verdict of the original, are counted apart.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/testdb/agreement.h"
#include "core/testdb/human_labels.h"

namespace chokepoint::testdb {

// One database's EX verdicts against the humans': TP it says correct and the human agrees, FP it says correct and
// the human does not, TN both say wrong, FN it says wrong and the human says right.
struct LabelAgreement {
  size_t tp = 0, fp = 0, tn = 0, fn = 0;
  size_t agree() const { return tp + tn; }
  size_t disagree() const { return fp + fn; }
  size_t n() const { return agree() + disagree(); }
  std::optional<double> kappa;  // Cohen's kappa, database vs human; nullopt when undefined (no items, p_e = 1)
  const char* band = "";        // landis_koch_band(*kappa); "" without a kappa
};

struct DisagreementTransitions {
  size_t items = 0;         // given
  size_t no_reference = 0;  // the gold did not run on the original: no verdict there (as summarize_agreement)
  size_t unlabelled = 0;    // reference items the label file does not name: in no figure below
  std::vector<std::string> unlabelled_ids;  // their ids, in the items' order
  size_t labelled = 0;                      // reference items with a label: every figure below counts these
  // Table 3, original -> synthetic (test), on labelled items.
  size_t negative_to_positive = 0, fn_to_tp = 0, tn_to_fp = 0;
  size_t positive_to_negative = 0, fp_to_tn = 0, tp_to_fn = 0;
  size_t both_positive = 0, both_negative = 0;  // no disagreement between the databases
  LabelAgreement original, test;                // each database against the labels
  size_t disagreements() const { return negative_to_positive + positive_to_negative; }
};

// The table over `items` (agreement.h's, EX on both databases; a test-side gold that failed or a missing test
// database scores the prediction 0, as in summarize_agreement) and `labels`.
DisagreementTransitions disagreement_transitions(const std::vector<AgreementItem>& items, const HumanLabels& labels);

// {items, no_reference, unlabelled, unlabelled_ids, labelled, disagreements, negative_to_positive: {n,
// false_negative_to_true_positive, true_negative_to_false_positive}, positive_to_negative: {n,
// false_positive_to_true_negative, true_positive_to_false_negative}, both_positive, both_negative, original: {tp, fp,
// tn, fn, agree, disagree, kappa (null when undefined), band}, test: {...}}: every front end's form.
nlohmann::ordered_json disagreement_transitions_json(const DisagreementTransitions& t);

}  // namespace chokepoint::testdb
