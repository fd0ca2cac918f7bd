#include "core/metrics/value_equality.h"

#include <gtest/gtest.h>

#include <cmath>

#include "core/metrics/execution_accuracy.h"
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

// Small results are deduplicated pairwise, larger ones through sorted hashes: both keep the first occurrence of
// each row in row order, as list(dict.fromkeys(rows)) does, with 1 and 1.0 one value.
// The three-way form answers both of value_less's questions at once, for every pair of kinds.
TEST(ValueEquality, ThreeWayCompareAgreesWithValueLess) {
  const std::vector<Value> values = {N(),
                                     I(-3),
                                     I(2),
                                     R(2.0),
                                     R(2.5),
                                     R(-0.0),
                                     I(0),
                                     T(""),
                                     T("Lyon"),
                                     T("lyon"),
                                     T("b"),
                                     T("ab"),
                                     Value::of_blob("x")};
  for (const auto& a : values)
    for (const auto& b : values) {
      const int expected = value_less(a, b) ? -1 : value_less(b, a) ? 1 : 0;
      EXPECT_EQ(value_compare_fast(a, b), expected) << a.to_string() << " vs " << b.to_string();
    }
}

// Identical means same order, same types and bits: an integer and its equal real, a reordering or a NaN all say no.
TEST(ValueEquality, RowsIdenticalOnlyValueForValueWithoutNaN) {
  const std::vector<Row> rows = {{I(1), T("a"), N()}, {R(2.5), Value::of_blob("b"), I(3)}};
  EXPECT_TRUE(rows_identical(rows, rows));
  EXPECT_TRUE(rows_identical({}, {}));
  EXPECT_FALSE(rows_identical(rows, {rows[1], rows[0]}));
  EXPECT_FALSE(rows_identical({{I(1)}}, {{R(1.0)}}));
  EXPECT_FALSE(rows_identical({{T("a")}}, {{T("a"), T("b")}}));
  EXPECT_FALSE(rows_identical(rows, {rows[0]}));
  const Value nan = R(std::nan(""));
  EXPECT_FALSE(rows_identical({{nan}}, {{nan}}));
  EXPECT_FALSE(bird_results_match(result({"x"}, {{nan}}), result({"x"}, {{nan}})));  // set() of NaN rows differ
}

TEST(DistinctRows, FirstOccurrencesInRowOrderSmallAndLarge) {
  std::vector<Row> small = {{I(2), T("b")}, {I(1), T("a")}, {R(2.0), T("b")}, {I(1), T("a")}, {N(), T("a")}};
  EXPECT_EQ(distinct_row_positions(small), (std::vector<uint32_t>{0, 1, 4}));
  std::vector<Row> large;
  std::vector<uint32_t> expected;
  for (int i = 0; i < 60; ++i) {
    const int key = (i * 7) % 23;  // 23 distinct keys, each first seen in this order
    if (i < 23) expected.push_back(static_cast<uint32_t>(i));
    large.push_back(i % 2 ? Row{I(key), T("x")} : Row{R(key), T("x")});
  }
  EXPECT_EQ(distinct_row_positions(large), expected);
  EXPECT_TRUE(distinct_row_positions({}).empty());
}

TEST(DistinctRows, ContainmentAsSetsSmallAndLarge) {
  std::vector<Row> a, b;
  for (int i = 0; i < 40; ++i) {
    a.push_back({I(i % 10)});
    b.push_back({R(static_cast<double>(9 - i % 10))});
  }
  EXPECT_TRUE(rows_contained_in(a, b));  // 40 x 40 rows: the hashed path
  b.pop_back();
  b.pop_back();
  b.push_back({I(42)});
  EXPECT_TRUE(rows_contained_in(a, b));  // b still holds 0..9
  EXPECT_FALSE(rows_contained_in(b, a));
  EXPECT_TRUE(rows_contained_in({{I(1)}, {I(1)}}, {{R(1.0)}}));  // 2 x 1 rows: the pairwise path
  EXPECT_FALSE(rows_contained_in({{I(1), I(2)}}, {{I(1)}}));
  EXPECT_TRUE(rows_contained_in({}, {{I(1)}}));
}

}  // namespace chokepoint
