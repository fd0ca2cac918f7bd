// Decimal literals to numbers (see decimal_text.h). The real case takes Clinger's fast path where it is exact: a
// significand of at most 15 digits is an exact double (below 2^53), so are the powers of ten up to 10^22, and one
// IEEE multiplication or division of two exact values is correctly rounded, which is what strtod returns. Every other
// literal goes to strtod itself.
#include "core/base/decimal_text.h"

#include <cstdlib>
#include <string>

namespace chokepoint {
namespace {

constexpr double kPowersOfTen[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                   1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

bool is_digit(char c) { return c >= '0' && c <= '9'; }

double by_strtod(std::string_view text) {
  const std::string s(text);  // strtod needs a terminating NUL
  return std::strtod(s.c_str(), nullptr);
}

}  // namespace

std::optional<int64_t> parse_decimal_digits(std::string_view digits) {
  if (digits.empty()) return std::nullopt;
  uint64_t v = 0;
  for (char c : digits) {
    if (!is_digit(c)) return std::nullopt;
    const auto d = static_cast<uint64_t>(c - '0');
    if (v > (static_cast<uint64_t>(INT64_MAX) - d) / 10) return std::nullopt;
    v = v * 10 + d;
  }
  return static_cast<int64_t>(v);
}

double parse_decimal_real(std::string_view text) {
  uint64_t significand = 0;
  int digits = 0;  // significant digits taken into `significand`, leading zeros not counted
  int scale = 0;   // the power of ten `significand` is multiplied by
  size_t i = 0;
  const bool minus = !text.empty() && text[0] == '-';
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) ++i;
  bool any = false;
  for (; i < text.size() && is_digit(text[i]); ++i, any = true) {
    if (significand == 0 && text[i] == '0') continue;
    if (++digits > 15) return by_strtod(text);
    significand = significand * 10 + static_cast<uint64_t>(text[i] - '0');
  }
  if (i < text.size() && text[i] == '.') {
    for (++i; i < text.size() && is_digit(text[i]); ++i, any = true) {
      --scale;
      if (significand == 0 && text[i] == '0') continue;
      if (++digits > 15) return by_strtod(text);
      significand = significand * 10 + static_cast<uint64_t>(text[i] - '0');
    }
  }
  if (!any) return by_strtod(text);
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    size_t j = i + 1;
    bool negative = false;
    if (j < text.size() && (text[j] == '+' || text[j] == '-')) negative = text[j++] == '-';
    if (j == text.size() || !is_digit(text[j])) return by_strtod(text);
    int exponent = 0;
    for (; j < text.size() && is_digit(text[j]); ++j) {
      if (exponent > 1000) return by_strtod(text);
      exponent = exponent * 10 + (text[j] - '0');
    }
    scale += negative ? -exponent : exponent;
    i = j;
  }
  if (i != text.size()) return by_strtod(text);
  if (significand == 0) return minus ? -0.0 : 0.0;
  if (scale < -22 || scale > 22) return by_strtod(text);
  const double m = static_cast<double>(significand);
  const double v = scale < 0 ? m / kPowersOfTen[-scale] : m * kPowersOfTen[scale];
  return minus ? -v : v;  // rounding to nearest is symmetric, so the sign can come last
}

}  // namespace chokepoint
