#include "core/metrics/value_equality.h"

#include <gtest/gtest.h>

#include "tests/unit/metrics/result_builders.h"

namespace chokepoint {
using namespace testing_support;

TEST(ValueEquality, IntegerEqualsIntegralRealAsPythonDoes) {
  EXPECT_TRUE(python_equal(I(1), R(1.0)));
  EXPECT_EQ(python_hash(I(1)), python_hash(R(1.0)));
  EXPECT_FALSE(python_equal(I(1), R(1.5)));
}

TEST(ValueEquality, LargeIntegersCompareExactlyWithReals) {
  // Python: 2**53 + 1 == float(2**53) is False.
  EXPECT_FALSE(python_equal(I((int64_t{1} << 53) + 1), R(9007199254740992.0)));
  EXPECT_TRUE(python_equal(I(int64_t{1} << 53), R(9007199254740992.0)));
}

TEST(ValueEquality, TextNeverEqualsNumberAndCaseMatters) {
  EXPECT_FALSE(python_equal(T("1"), I(1)));
  EXPECT_FALSE(python_equal(T("a"), T("A")));
  EXPECT_TRUE(python_equal(T("a"), T("a")));
}

TEST(ValueEquality, NullEqualsNullOnly) {
  EXPECT_TRUE(python_equal(N(), N()));
  EXPECT_FALSE(python_equal(N(), I(0)));
  EXPECT_FALSE(python_equal(N(), T("")));
}

TEST(ValueEquality, NoFloatTolerance) { EXPECT_FALSE(python_equal(R(0.1 + 0.2), R(0.3))); }

TEST(ValueEquality, OrderPutsNullFirstThenNumbersThenText) {
  EXPECT_TRUE(value_less(N(), I(-5)));
  EXPECT_TRUE(value_less(I(2), R(2.5)));
  EXPECT_TRUE(value_less(R(100.0), T("0")));
  EXPECT_FALSE(value_less(I(1), R(1.0)));
  EXPECT_FALSE(value_less(R(1.0), I(1)));
}

}  // namespace chokepoint
