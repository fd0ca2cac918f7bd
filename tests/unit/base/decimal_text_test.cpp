// The decimal readers give the C library's bits: every literal below is read by both and compared as bytes.
#include "core/base/decimal_text.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace chokepoint {
namespace {

uint64_t bits_of(double d) {
  uint64_t b = 0;
  std::memcpy(&b, &d, sizeof b);
  return b;
}

void expect_as_strtod(const std::string& text) {
  EXPECT_EQ(bits_of(parse_decimal_real(text)), bits_of(std::strtod(text.c_str(), nullptr))) << text;
}

TEST(DecimalText, RealsReadAsStrtodReadsThem) {
  for (const char* text : {"0",
                           "0.0",
                           "-0",
                           "-0.0",
                           "+0",
                           "1",
                           "25.0",
                           "2.5",
                           "0.1",
                           "0.3",
                           "-0.3",
                           "007.50",
                           ".5",
                           "5.",
                           "1e5",
                           "1E-5",
                           "1e+22",
                           "1e23",
                           "1e-22",
                           "1e-23",
                           "123456789012345",
                           "1234567890123456",
                           "12345678901234567890",
                           "9007199254740993",
                           "0.000000000000000000000000001",
                           "1.7976931348623157e308",
                           "1e400",
                           "-1e400",
                           "4.9e-324",
                           "2.2250738585072014e-308",
                           "123.456e-10",
                           "3.14159265358979",
                           "3.141592653589793",
                           "0e999",
                           "1e",
                           "1e+",
                           ".",
                           "",
                           "-",
                           "abc",
                           " 12",
                           "12 ",
                           "0x1p3",
                           "inf",
                           "-nan",
                           "1.5.2",
                           "1e5x",
                           "99999999999999.9",
                           "0.1e1"})
    expect_as_strtod(text);
}

// Random literals of every shape the lexer produces (and signs, which formatted numbers carry): significands of 1 to
// 20 digits with the point anywhere, leading and trailing zeros, exponents from -40 to 40.
TEST(DecimalText, RandomLiteralsReadAsStrtodReadsThem) {
  std::mt19937_64 rng(20261203);
  for (int n = 0; n < 200000; ++n) {
    std::string s;
    if (rng() % 4 == 0) s += rng() % 2 ? '-' : '+';
    const int zeros = static_cast<int>(rng() % 3);
    for (int z = 0; z < zeros; ++z) s += '0';
    const int digits = 1 + static_cast<int>(rng() % 20);
    const int point = static_cast<int>(rng() % (digits + 2)) - 1;  // -1: no point
    for (int d = 0; d < digits; ++d) {
      if (d == point) s += '.';
      s += static_cast<char>('0' + rng() % 10);
    }
    if (rng() % 3 == 0) {
      s += rng() % 2 ? 'e' : 'E';
      if (rng() % 2) s += rng() % 2 ? '-' : '+';
      s += std::to_string(rng() % 41);
    }
    expect_as_strtod(s);
    if (HasFailure()) return;
  }
}

TEST(DecimalText, DigitsReadAsStrtollReadsThem) {
  for (const std::string text : {"0", "7", "0042", "9223372036854775807", "1234567890123456789"}) {
    errno = 0;
    const long long expected = std::strtoll(text.c_str(), nullptr, 10);
    ASSERT_EQ(errno, 0);
    EXPECT_EQ(parse_decimal_digits(text), std::optional<int64_t>(expected)) << text;
  }
  // Above INT64_MAX strtoll reports ERANGE; the reader says there is no such value.
  EXPECT_EQ(parse_decimal_digits("9223372036854775808"), std::nullopt);
  EXPECT_EQ(parse_decimal_digits("99999999999999999999"), std::nullopt);
  for (const char* not_digits : {"", "-1", "+1", " 1", "1 ", "1.0", "1e3", "0x10"})
    EXPECT_EQ(parse_decimal_digits(not_digits), std::nullopt) << not_digits;
}

}  // namespace
}  // namespace chokepoint
