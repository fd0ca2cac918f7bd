// Agreement between a rule and a model on the features both decide (003 Table 6 in our setting): per feature, the
// share of items where the LLM's Yes/No equals the rule's (the rule as reference: its "accuracy") and Cohen's kappa
// (core/metrics/cohen_kappa.h); per aspect and overall the same over the pooled cells. Only cells both know count.
#pragma once
#include <optional>
#include <vector>

#include "core/metrics/cohen_kappa.h"
#include "core/sqlspace/feature_catalogue.h"
#include "core/sqlspace/feature_matrix.h"

namespace chokepoint::sqlspace {

// counts: a = the rule, b = the LLM (only_a: the rule says Yes, the LLM No).
struct AgreementCell {
  KappaCounts counts;
  size_t n() const { return counts.n(); }
  std::optional<double> accuracy() const;  // (both_yes + both_no) / n; nullopt when n = 0
  std::optional<double> kappa() const { return cohen_kappa(counts); }
};

struct FeatureAgreement {
  int id = 0;
  Aspect aspect = Aspect::Syntax;
  AgreementCell cell;
};

struct AspectAgreement {
  Aspect aspect = Aspect::Syntax;
  size_t features = 0;  // features of the aspect with at least one cell both know
  AgreementCell pooled;
  // The mean of the features' accuracies (each feature weighs the same, as the paper's 50 sampled pairs do not).
  std::optional<double> mean_accuracy;
};

struct AgreementReport {
  std::vector<FeatureAgreement> features;  // id order; only features with a cell both know
  std::vector<AspectAgreement> aspects;    // Table 10 order; only aspects with such a feature
  AgreementCell overall;
};

// `rules` and `llm` have the same rows (same order); columns are matched by id. Features the catalogue says an LLM
// decides are skipped (no rule to compare with), as are cells either matrix leaves unknown.
AgreementReport rule_llm_agreement(const FeatureCatalogue& catalogue, const FeatureMatrix& rules,
                                   const FeatureMatrix& llm);

}  // namespace chokepoint::sqlspace
