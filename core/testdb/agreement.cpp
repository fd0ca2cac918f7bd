// Agreement metrics between an original and a test database (see agreement.h).
#include "core/testdb/agreement.h"

#include <cmath>

#include "core/metrics/cohen_kappa.h"

namespace chokepoint::testdb {

std::optional<double> agreement_rate(const ConfusionCounts& c, bool* degenerate) {
  if (degenerate) *degenerate = false;
  if (c.n() == 0) return std::nullopt;
  // Rater a is the original database: only_a = the original alone says correct = FN.
  KappaCounts k;
  k.both_yes = c.tp;
  k.both_no = c.tn;
  k.only_a = c.fn;
  k.only_b = c.fp;
  if (auto kappa = cohen_kappa(k)) return kappa;
  // P_e = 1: both raters gave every item the same single verdict, so P_o = 1 as well.
  if (degenerate) *degenerate = true;
  return 1.0;
}

namespace {

bool gold_nonempty(const ItemEvaluation& e) { return e.status == ItemStatus::Scored && e.gold_rows > 0; }

double percent(size_t part, size_t whole) { return whole == 0 ? 0.0 : 100.0 * part / whole; }

}  // namespace

AgreementSummary summarize_agreement(const std::vector<AgreementItem>& items, const std::vector<size_t>& subset) {
  AgreementSummary s;
  size_t ex_orig = 0, ex_test = 0, cc = 0, gold_columns = 0;
  auto add = [&](const AgreementItem& item) {
    ++s.n;
    cc += item.test_columns;
    gold_columns += item.gold_columns;
    if (item.test_gold_nonempty ? *item.test_gold_nonempty : gold_nonempty(item.test)) ++s.sr_success;
    if (gold_nonempty(item.original)) ++s.original_sr_success;
    if (item.test.status == ItemStatus::GoldError) ++s.test_gold_failures;
    if (item.test.status == ItemStatus::NoDatabase) ++s.no_test_database;
    if (item.original.status != ItemStatus::Scored) return;
    ++s.reference;
    const bool a = item.original.ex, b = item.test.status == ItemStatus::Scored && item.test.ex;
    ex_orig += a;
    ex_test += b;
    if (a && b)
      ++s.confusion.tp;
    else if (!a && !b)
      ++s.confusion.tn;
    else if (b)
      ++s.confusion.fp;
    else
      ++s.confusion.fn;
  };
  if (subset.empty())
    for (const auto& item : items) add(item);
  else
    for (size_t i : subset)
      if (i < items.size()) add(items[i]);
  s.sr = percent(s.sr_success, s.n);
  s.original_sr = percent(s.original_sr_success, s.n);
  s.ex_original = percent(ex_orig, s.reference);
  s.ex_test = percent(ex_test, s.reference);
  s.delta = std::fabs(s.ex_original - s.ex_test);
  s.ar = agreement_rate(s.confusion, &s.ar_degenerate);
  s.cc = s.n == 0 ? 0.0 : static_cast<double>(cc) / s.n;
  s.gold_columns = s.n == 0 ? 0.0 : static_cast<double>(gold_columns) / s.n;
  return s;
}

std::vector<BucketAgreement> agreement_by_bucket(const std::vector<AgreementItem>& items) {
  std::vector<BucketAgreement> out;
  for (ComplexityBucket b : kComplexityBuckets) {
    std::vector<size_t> subset;
    for (size_t i = 0; i < items.size(); ++i)
      if (complexity_bucket(items[i].gold_columns) == b) subset.push_back(i);
    if (!subset.empty()) out.push_back({b, summarize_agreement(items, subset)});
  }
  return out;
}

nlohmann::ordered_json agreement_summary_json(const AgreementSummary& s) {
  using ojson = nlohmann::ordered_json;
  return ojson{
      {"n", s.n},
      {"sr", s.sr},
      {"original_sr", s.original_sr},
      {"reference", s.reference},
      {"ex_original", s.ex_original},
      {"ex_test", s.ex_test},
      {"delta", s.delta},
      {"ar", s.ar ? ojson(*s.ar) : ojson(nullptr)},
      {"ar_degenerate", s.ar_degenerate},
      {"ar_band", s.ar ? landis_koch_band(*s.ar) : ""},
      {"confusion", {{"tp", s.confusion.tp}, {"tn", s.confusion.tn}, {"fp", s.confusion.fp}, {"fn", s.confusion.fn}}},
      {"test_gold_failures", s.test_gold_failures},
      {"no_test_database", s.no_test_database},
      {"cc", s.cc},
      {"gold_columns", s.gold_columns}};
}

}  // namespace chokepoint::testdb
