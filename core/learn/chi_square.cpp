// Pearson's chi-square test and the regularized incomplete gamma function (see chi_square.h).
#include "core/learn/chi_square.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace chokepoint::learn {
namespace {

constexpr double kEpsilon = 1e-15;
constexpr int kMaxTerms = 10000;

// P(a, x) by its series: e^-x x^a / Γ(a+1) * sum_n x^n / ((a+1)...(a+n)) (A&S 6.5.29).
double gamma_p_series(double a, double x) {
  double ap = a, term = 1.0 / a, sum = term;
  for (int n = 0; n < kMaxTerms; ++n) {
    ap += 1;
    term *= x / ap;
    sum += term;
    if (std::fabs(term) < std::fabs(sum) * kEpsilon) break;
  }
  return sum * std::exp(-x + a * std::log(x) - std::lgamma(a));
}

// Q(a, x) by its continued fraction e^-x x^a / Γ(a) * 1/(x+1-a- 1(1-a)/(x+3-a- 2(2-a)/(x+5-a- ...))) (A&S 6.5.31),
// evaluated with the modified Lentz method.
double gamma_q_fraction(double a, double x) {
  const double tiny = std::numeric_limits<double>::min() / kEpsilon;
  double b = x + 1 - a, c = 1 / tiny, d = 1 / b, h = d;
  for (int i = 1; i < kMaxTerms; ++i) {
    const double an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (std::fabs(d) < tiny) d = tiny;
    c = b + an / c;
    if (std::fabs(c) < tiny) c = tiny;
    d = 1 / d;
    const double delta = d * c;
    h *= delta;
    if (std::fabs(delta - 1) < kEpsilon) break;
  }
  return std::exp(-x + a * std::log(x) - std::lgamma(a)) * h;
}

}  // namespace

double regularized_gamma_q(double a, double x) {
  if (x <= 0) return 1.0;
  if (x < a + 1) return std::clamp(1.0 - gamma_p_series(a, x), 0.0, 1.0);
  return std::clamp(gamma_q_fraction(a, x), 0.0, 1.0);
}

double chi_square_p_value(double statistic, int df) {
  if (df <= 0) return 1.0;
  return regularized_gamma_q(df / 2.0, std::max(0.0, statistic) / 2.0);
}

ChiSquareTest chi_square_test(const std::vector<std::vector<double>>& table) {
  ChiSquareTest out;
  if (table.empty()) return out;
  const size_t rows = table.size(), cols = table[0].size();
  std::vector<double> row_total(rows, 0.0), col_total(cols, 0.0);
  for (size_t r = 0; r < rows; ++r)
    for (size_t c = 0; c < cols; ++c) {
      row_total[r] += table[r][c];
      col_total[c] += table[r][c];
      out.n += table[r][c];
    }
  int live_rows = 0, live_cols = 0;
  for (double t : row_total) live_rows += t > 0;
  for (double t : col_total) live_cols += t > 0;
  out.df = std::max(0, (live_rows - 1) * (live_cols - 1));
  if (out.df == 0) return out;
  for (size_t r = 0; r < rows; ++r)
    for (size_t c = 0; c < cols; ++c) {
      const double expected = row_total[r] * col_total[c] / out.n;
      if (expected <= 0) continue;
      const double diff = table[r][c] - expected;
      out.statistic += diff * diff / expected;
    }
  out.p_value = chi_square_p_value(out.statistic, out.df);
  const int m = std::min(live_rows, live_cols) - 1;
  out.cramers_v = m > 0 ? std::sqrt(out.statistic / (out.n * m)) : 0.0;
  return out;
}

}  // namespace chokepoint::learn
