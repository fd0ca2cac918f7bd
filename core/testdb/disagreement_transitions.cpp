// Table 3's transitions against human labels (see disagreement_transitions.h).
#include "core/testdb/disagreement_transitions.h"

#include "core/metrics/cohen_kappa.h"

namespace chokepoint::testdb {
namespace {

void count(LabelAgreement& a, bool says_correct, bool right) {
  if (says_correct)
    ++(right ? a.tp : a.fp);
  else
    ++(right ? a.fn : a.tn);
}

void score(LabelAgreement& a) {
  KappaCounts k;  // rater a: the database, rater b: the human
  k.both_yes = a.tp;
  k.both_no = a.tn;
  k.only_a = a.fp;
  k.only_b = a.fn;
  a.kappa = cohen_kappa(k);
  a.band = a.kappa ? landis_koch_band(*a.kappa) : "";
}

nlohmann::ordered_json label_agreement_json(const LabelAgreement& a) {
  using ojson = nlohmann::ordered_json;
  return ojson{{"tp", a.tp},
               {"fp", a.fp},
               {"tn", a.tn},
               {"fn", a.fn},
               {"agree", a.agree()},
               {"disagree", a.disagree()},
               {"kappa", a.kappa ? ojson(*a.kappa) : ojson(nullptr)},
               {"band", a.band}};
}

}  // namespace

DisagreementTransitions disagreement_transitions(const std::vector<AgreementItem>& items, const HumanLabels& labels) {
  DisagreementTransitions t;
  for (const auto& item : items) {
    ++t.items;
    if (item.original.status != ItemStatus::Scored) {
      ++t.no_reference;
      continue;
    }
    const bool* right = labels.find(item.id);
    if (!right) {
      ++t.unlabelled;
      t.unlabelled_ids.push_back(item.id);
      continue;
    }
    ++t.labelled;
    const bool a = item.original.ex, b = item.test.status == ItemStatus::Scored && item.test.ex;
    count(t.original, a, *right);
    count(t.test, b, *right);
    if (a == b) {
      ++(a ? t.both_positive : t.both_negative);
    } else if (b) {  // Negative -> Positive: right means the original's negative was false
      ++t.negative_to_positive;
      ++(*right ? t.fn_to_tp : t.tn_to_fp);
    } else {  // Positive -> Negative: right means the test's negative is false
      ++t.positive_to_negative;
      ++(*right ? t.tp_to_fn : t.fp_to_tn);
    }
  }
  score(t.original);
  score(t.test);
  return t;
}

nlohmann::ordered_json disagreement_transitions_json(const DisagreementTransitions& t) {
  using ojson = nlohmann::ordered_json;
  return ojson{{"items", t.items},
               {"no_reference", t.no_reference},
               {"unlabelled", t.unlabelled},
               {"unlabelled_ids", t.unlabelled_ids},
               {"labelled", t.labelled},
               {"disagreements", t.disagreements()},
               {"negative_to_positive",
                {{"n", t.negative_to_positive},
                 {"false_negative_to_true_positive", t.fn_to_tp},
                 {"true_negative_to_false_positive", t.tn_to_fp}}},
               {"positive_to_negative",
                {{"n", t.positive_to_negative},
                 {"false_positive_to_true_negative", t.fp_to_tn},
                 {"true_positive_to_false_negative", t.tp_to_fn}}},
               {"both_positive", t.both_positive},
               {"both_negative", t.both_negative},
               {"original", label_agreement_json(t.original)},
               {"test", label_agreement_json(t.test)}};
}

}  // namespace chokepoint::testdb
