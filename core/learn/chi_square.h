// Pearson's chi-square test of independence on an r x k contingency table, its p-value, and Cramér's V as the effect
// size. SQLSpace §4 tests whether a feature's prevalence differs across benchmarks (the table is feature present /
// absent x set, so 2 x k); the paper names no correction and no alpha. No Yates continuity correction is applied
// (scipy.stats.chi2_contingency applies one to 2 x 2 tables by default; pass correction=False to compare).
#pragma once
#include <cstddef>
#include <vector>

namespace chokepoint::learn {

// The regularized upper incomplete gamma function Q(a, x) = Γ(a, x) / Γ(a) for a > 0, x >= 0, by the series of
// P(a, x) when x < a + 1 and by the continued fraction of Q(a, x) (modified Lentz) otherwise: Abramowitz and Stegun
// 6.5.29 and 6.5.31, as in Numerical Recipes (3rd ed., §6.2). Relative accuracy about 1e-14.
double regularized_gamma_q(double a, double x);

// P(X >= statistic) for X ~ chi-square with df degrees of freedom: Q(df / 2, statistic / 2). 1 for df <= 0.
double chi_square_p_value(double statistic, int df);

// Invariant: df = (non-empty rows - 1) x (non-empty columns - 1); rows or columns whose total is 0 are left out
// (they carry no information), so a feature absent everywhere gets df = 0, statistic 0 and p = 1.
struct ChiSquareTest {
  double statistic = 0;
  int df = 0;
  double p_value = 1;
  double cramers_v = 0;  // sqrt(statistic / (N (min(r, k) - 1))); for 2 x 2 this is |phi|
  double n = 0;          // table total
};

// table[r][c] counts; all rows the same length.
ChiSquareTest chi_square_test(const std::vector<std::vector<double>>& table);

}  // namespace chokepoint::learn
