// RES, Subset and Exact Match, column recall and precision, FPR and SLR (see linking_scores.h).
#include "core/linking/linking_scores.h"

#include <algorithm>
#include <cmath>

#include "core/base/text.h"

namespace chokepoint::linking {
namespace {

// Lower-cased, sorted, distinct: the set the scores compare.
std::vector<std::string> name_set(const std::vector<std::string>& names) {
  std::vector<std::string> out;
  out.reserve(names.size());
  for (const auto& n : names) out.push_back(to_lower_ascii(n));
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

size_t common(const std::vector<std::string>& a, const std::vector<std::string>& b) {  // both name_set's
  size_t i = 0, j = 0, k = 0;
  while (i < a.size() && j < b.size()) {
    if (a[i] < b[j]) {
      ++i;
    } else if (b[j] < a[i]) {
      ++j;
    } else {
      ++k, ++i, ++j;
    }
  }
  return k;
}

double share(double part, double whole) { return whole > 0 ? part / whole : 0.0; }

}  // namespace

double retrieval_efficiency(const std::vector<std::string>& gold, const std::vector<std::string>& retrieved) {
  const auto t = name_set(gold), r = name_set(retrieved);
  if (t.empty() || common(t, r) != t.size()) return 0.0;
  return std::sqrt(static_cast<double>(t.size()) / static_cast<double>(r.size()));
}

bool is_subset(const std::vector<std::string>& gold, const std::vector<std::string>& retrieved) {
  const auto t = name_set(gold);
  return common(t, name_set(retrieved)) == t.size();
}

bool same_set(const std::vector<std::string>& gold, const std::vector<std::string>& retrieved) {
  return name_set(gold) == name_set(retrieved);
}

LinkingScores score_linking(const std::vector<LinkingCase>& cases) {
  LinkingScores s;
  double res = 0, recall = 0, precision = 0;
  size_t subset = 0, exact = 0, hit = 0, gold_columns = 0, retrieved_columns = 0;
  for (const auto& c : cases) {
    const auto t = name_set(c.gold_tables), r = name_set(c.retrieved_tables);
    if (t.empty()) {
      ++s.skipped;
      continue;
    }
    ++s.n;
    if (common(t, r) == t.size()) {
      ++subset;
      res += std::sqrt(static_cast<double>(t.size()) / static_cast<double>(r.size()));
      exact += r.size() == t.size();
    }
    const auto g = name_set(c.gold_columns), rc = name_set(c.retrieved_columns);
    if (g.empty()) continue;
    ++s.column_items;
    const size_t k = common(g, rc);
    recall += share(static_cast<double>(k), static_cast<double>(g.size()));
    precision += share(static_cast<double>(k), static_cast<double>(rc.size()));
    hit += k;
    gold_columns += g.size();
    retrieved_columns += rc.size();
  }
  const double n = static_cast<double>(s.n), cn = static_cast<double>(s.column_items);
  s.res = share(res, n);
  s.subset_match = share(static_cast<double>(subset), n);
  s.exact_match = share(static_cast<double>(exact), n);
  s.column_recall = share(recall, cn);
  s.column_precision = share(precision, cn);
  s.column_recall_micro = share(static_cast<double>(hit), static_cast<double>(gold_columns));
  s.column_precision_micro = share(static_cast<double>(hit), static_cast<double>(retrieved_columns));
  return s;
}

RetrievalScores score_retrieval(const std::vector<LinkingCase>& cases) {
  RetrievalScores s;
  double fpr = 0;
  size_t complete = 0, false_positives = 0;
  for (const auto& c : cases) {
    const auto g = name_set(c.gold_columns), r = name_set(c.retrieved_columns);
    if (g.empty()) {
      ++s.skipped;
      continue;
    }
    ++s.n;
    const size_t k = common(g, r);
    complete += k == g.size();
    if (r.empty()) continue;
    ++s.fpr_items;
    fpr += static_cast<double>(r.size() - k) / static_cast<double>(r.size());
    false_positives += r.size() - k;
    s.retrieved += r.size();
  }
  s.fpr = 100.0 * share(fpr, static_cast<double>(s.fpr_items));
  s.fpr_pooled = 100.0 * share(static_cast<double>(false_positives), static_cast<double>(s.retrieved));
  s.slr = 100.0 * share(static_cast<double>(complete), static_cast<double>(s.n));
  return s;
}

}  // namespace chokepoint::linking
