// The Wilson score interval (see wilson_interval.h).
#include "core/learn/wilson_interval.h"

#include <algorithm>
#include <cmath>

namespace chokepoint::learn {

Proportion wilson_interval(size_t successes, size_t n, double z) {
  Proportion out;
  out.successes = successes;
  out.n = n;
  if (n == 0) return out;
  const double nn = static_cast<double>(n);
  const double p = static_cast<double>(successes) / nn;
  const double z2 = z * z;
  const double denominator = 1 + z2 / nn;
  const double centre = (p + z2 / (2 * nn)) / denominator;
  const double half = z * std::sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / denominator;
  out.p = p;
  out.variance = p * (1 - p);
  out.lower = std::clamp(centre - half, 0.0, p);
  out.upper = std::clamp(centre + half, p, 1.0);
  return out;
}

}  // namespace chokepoint::learn
