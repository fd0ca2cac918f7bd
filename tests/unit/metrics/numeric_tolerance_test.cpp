// Numeric tolerance in EX (off by default): numbers within max(abs, rel * max(|a|, |b|)) are equal, in every
// semantics; text never equals a number; bags are matched exactly even though tolerance is not transitive.
#include <gtest/gtest.h>

#include "core/metrics/execution_accuracy.h"
#include "core/metrics/pair_evaluation.h"
#include "core/metrics/tolerant_matching.h"
#include "core/metrics/value_equality.h"
#include "tests/unit/metrics/result_builders.h"

namespace chokepoint {
using namespace testing_support;

TEST(NumericTolerance, PointOnePlusPointTwoIsPointThreeOnlyWithATolerance) {
  const Value sum = R(0.1 + 0.2), third = R(0.3);
  EXPECT_FALSE(tolerant_equal(sum, third, {}));
  EXPECT_TRUE(tolerant_equal(sum, third, {1e-9, 0}));
}

TEST(NumericTolerance, RelativeToleranceScalesWithTheLargerValue) {
  EXPECT_TRUE(tolerant_equal(I(100), I(101), {0, 0.01}));
  EXPECT_TRUE(tolerant_equal(I(101), R(100.0), {0, 0.01}));
  EXPECT_FALSE(tolerant_equal(I(100), I(102), {0, 0.01}));
  EXPECT_FALSE(tolerant_equal(I(100), I(101), {}));
}

TEST(NumericTolerance, TextNeverEqualsANumber) {
  EXPECT_FALSE(tolerant_equal(T("1.0"), I(1), {1000, 1000}));
  EXPECT_FALSE(tolerant_equal(R(1.0), T("1"), {1000, 1000}));
  EXPECT_FALSE(tolerant_equal(N(), I(0), {1, 1}));
  EXPECT_TRUE(tolerant_equal(T("1.0"), T("1.0"), {1, 0}));
}

TEST(NumericTolerance, EveryExSemanticsHonoursIt) {
  const auto gold = result({"x", "name"}, {{R(0.3), T("a")}, {I(100), T("b")}});
  const auto pred = result({"x", "name"}, {{R(0.1 + 0.2), T("a")}, {I(101), T("b")}});
  const auto swapped = result({"name", "x"}, {{T("b"), I(101)}, {T("a"), R(0.1 + 0.2)}});
  const NumericTolerance tol{1e-9, 0.01};
  for (auto s : {ExSemantics::Bird, ExSemantics::Spider, ExSemantics::TestSuite}) {
    EXPECT_FALSE(execution_match(s, "SELECT x, name FROM t", gold, pred)) << ex_semantics_name(s);
    EXPECT_TRUE(execution_match(s, "SELECT x, name FROM t", gold, pred, Deadline::never(), nullptr, tol))
        << ex_semantics_name(s);
    EXPECT_TRUE(execution_match(s, "SELECT x, name FROM t ORDER BY x", gold, pred, Deadline::never(), nullptr, tol))
        << ex_semantics_name(s);
  }
  // Spider's column permutations and row bags, under tolerance; order matters only when the gold orders.
  EXPECT_TRUE(
      execution_match(ExSemantics::Spider, "SELECT x, name FROM t", gold, swapped, Deadline::never(), nullptr, tol));
  EXPECT_FALSE(execution_match(ExSemantics::Spider, "SELECT x, name FROM t ORDER BY x", gold,
                               result({"x", "name"}, {{I(101), T("b")}, {R(0.3), T("a")}}), Deadline::never(), nullptr,
                               tol));
}

TEST(NumericTolerance, BagsAreMatchedAsAWholeNotGreedily) {
  // 1 ~ 1 exactly, but pairing it strands 0 and 2: the only pairing is 0-1, 1-2.
  const std::vector<Row> gold{{I(0)}, {I(1)}}, pred{{I(1)}, {I(2)}};
  EXPECT_TRUE(tolerant_bag_match(gold, pred, {1, 0}));
  EXPECT_FALSE(tolerant_bag_match(gold, {{I(1)}, {I(3)}}, {1, 0}));
  EXPECT_FALSE(tolerant_bag_match({{I(1)}, {I(1)}}, {{I(1)}, {T("1")}}, {1, 0}));
  // Sets ignore duplicates, but each side needs a partner on the other.
  EXPECT_TRUE(tolerant_set_match({{R(1.0)}, {R(1.0000001)}}, {{I(1)}}, {1e-6, 0}));
  EXPECT_FALSE(tolerant_set_match({{I(1)}, {I(5)}}, {{I(1)}}, {1e-6, 0}));
  EXPECT_TRUE(tolerant_set_match({}, {}, {1, 0}));
}

TEST(NumericTolerance, EvaluatePairTakesItFromTheOptions) {
  Connection db = memory_db("CREATE TABLE t(x REAL);");
  EvaluationOptions o;
  const EvalPair p{"0", "m", "SELECT 0.1 + 0.2", "SELECT 0.3"};
  EXPECT_FALSE(evaluate_pair(db, p, o).ex);
  o.abs_tolerance = 1e-9;
  EXPECT_TRUE(evaluate_pair(db, p, o).ex);
  o.abs_tolerance = 0;
  o.rel_tolerance = 0.01;
  EXPECT_TRUE(evaluate_pair(db, {"1", "m", "SELECT 100", "SELECT 101"}, o).ex);
  EXPECT_FALSE(evaluate_pair(db, {"2", "m", "SELECT 1", "SELECT '1.0'"}, o).ex);
}

}  // namespace chokepoint
