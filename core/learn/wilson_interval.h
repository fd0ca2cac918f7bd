// Accuracy of a model on a group of items as a proportion with its uncertainty: Bernoulli variance and the Wilson
// score interval (Wilson, JASA 1927), which, unlike p ± z sqrt(p(1-p)/n), stays inside [0, 1] and is not empty at
// p = 0 or 1. SQLSpace reports per-cluster EX without intervals; the interval is our addition (notes §6).
#pragma once
#include <cstddef>

namespace chokepoint::learn {

constexpr double kZ95 = 1.959963984540054;  // the 0.975 quantile of the standard normal

// Invariant: 0 <= lower <= p <= upper <= 1; for n = 0 everything is 0 and the interval is [0, 1].
struct Proportion {
  size_t successes = 0, n = 0;
  double p = 0;         // successes / n
  double variance = 0;  // Bernoulli variance p (1 - p) of one item
  double lower = 0, upper = 1;
};

// (p + z²/2n ± z sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n).
Proportion wilson_interval(size_t successes, size_t n, double z = kZ95);

}  // namespace chokepoint::learn
