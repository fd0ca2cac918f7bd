// Bonferroni and Benjamini-Hochberg adjusted p-values (see multiple_comparisons.h).
#include "core/learn/multiple_comparisons.h"

#include <algorithm>
#include <numeric>

namespace chokepoint::learn {

std::optional<Correction> correction_named(const std::string& name) {
  if (name == "none") return Correction::None;
  if (name == "bonferroni") return Correction::Bonferroni;
  if (name == "bh") return Correction::BenjaminiHochberg;
  return std::nullopt;
}

const char* correction_name(Correction c) {
  switch (c) {
    case Correction::Bonferroni:
      return "bonferroni";
    case Correction::BenjaminiHochberg:
      return "bh";
    case Correction::None:
      break;
  }
  return "none";
}

std::vector<double> adjust_p_values(const std::vector<double>& p, Correction c) {
  const size_t m = p.size();
  std::vector<double> out = p;
  if (c == Correction::Bonferroni) {
    for (double& v : out) v = std::min(1.0, v * static_cast<double>(m));
  } else if (c == Correction::BenjaminiHochberg && m > 0) {
    std::vector<size_t> order(m);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return p[a] < p[b]; });
    double running = 1.0;
    for (size_t r = m; r-- > 0;) {  // rank r + 1, from the largest p down
      const size_t i = order[r];
      running = std::min(running, p[i] * static_cast<double>(m) / static_cast<double>(r + 1));
      out[i] = std::min(1.0, running);
    }
  }
  return out;
}

}  // namespace chokepoint::learn
