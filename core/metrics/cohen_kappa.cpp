// Cohen's kappa (see cohen_kappa.h).
#include "core/metrics/cohen_kappa.h"

#include <algorithm>

namespace chokepoint {

KappaCounts kappa_counts(const std::vector<bool>& a, const std::vector<bool>& b) {
  KappaCounts c;
  for (size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
    if (a[i] && b[i])
      ++c.both_yes;
    else if (!a[i] && !b[i])
      ++c.both_no;
    else if (a[i])
      ++c.only_a;
    else
      ++c.only_b;
  }
  return c;
}

const char* landis_koch_band(double kappa) {
  if (kappa < 0) return "poor";
  if (kappa <= 0.20) return "slight";
  if (kappa <= 0.40) return "fair";
  if (kappa <= 0.60) return "moderate";
  if (kappa <= 0.80) return "substantial";
  return "almost perfect";
}

std::optional<double> cohen_kappa(const KappaCounts& c) {
  const double n = static_cast<double>(c.n());
  if (n == 0) return std::nullopt;
  const double observed = (c.both_yes + c.both_no) / n;
  const double a_yes = (c.both_yes + c.only_a) / n, b_yes = (c.both_yes + c.only_b) / n;
  const double expected = a_yes * b_yes + (1 - a_yes) * (1 - b_yes);
  if (expected >= 1.0) return std::nullopt;
  return (observed - expected) / (1 - expected);
}

}  // namespace chokepoint
