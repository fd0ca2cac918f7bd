// Rule-versus-LLM agreement per feature and aspect (see feature_agreement.h).
#include "core/sqlspace/feature_agreement.h"

namespace chokepoint::sqlspace {
namespace {

void add(KappaCounts& c, bool rule, bool llm) {
  if (rule && llm)
    ++c.both_yes;
  else if (!rule && !llm)
    ++c.both_no;
  else if (rule)
    ++c.only_a;
  else
    ++c.only_b;
}

void add(KappaCounts& into, const KappaCounts& c) {
  into.both_yes += c.both_yes;
  into.both_no += c.both_no;
  into.only_a += c.only_a;
  into.only_b += c.only_b;
}

}  // namespace

std::optional<double> AgreementCell::accuracy() const {
  if (counts.n() == 0) return std::nullopt;
  return static_cast<double>(counts.both_yes + counts.both_no) / static_cast<double>(counts.n());
}

AgreementReport rule_llm_agreement(const FeatureCatalogue& catalogue, const FeatureMatrix& rules,
                                   const FeatureMatrix& llm) {
  AgreementReport report;
  std::vector<AspectAgreement> aspects(kAspectCount);
  std::vector<double> accuracy_sums(kAspectCount, 0.0);
  for (size_t c = 0; c < rules.feature_ids.size(); ++c) {
    const int id = rules.feature_ids[c];
    const Feature* f = catalogue.find(id);
    const int lc = llm.column_of(id);
    if (!f || !f->deterministic() || lc < 0) continue;
    FeatureAgreement fa{id, f->aspect, {}};
    for (size_t i = 0; i < rules.rows.size() && i < llm.rows.size(); ++i) {
      const auto rule = rules.rows[i].get(c);
      const auto model = llm.rows[i].get(static_cast<size_t>(lc));
      if (rule && model) add(fa.cell.counts, *rule, *model);
    }
    if (fa.cell.n() == 0) continue;
    const auto a = static_cast<size_t>(f->aspect);
    aspects[a].aspect = f->aspect;
    ++aspects[a].features;
    add(aspects[a].pooled.counts, fa.cell.counts);
    accuracy_sums[a] += *fa.cell.accuracy();
    add(report.overall.counts, fa.cell.counts);
    report.features.push_back(fa);
  }
  for (size_t a = 0; a < kAspectCount; ++a) {
    if (aspects[a].features == 0) continue;
    aspects[a].mean_accuracy = accuracy_sums[a] / static_cast<double>(aspects[a].features);
    report.aspects.push_back(aspects[a]);
  }
  return report;
}

}  // namespace chokepoint::sqlspace
