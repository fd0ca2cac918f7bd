// The reasons given for EX = 0, one per way two results can differ.
#include "core/metrics/ex_reasons.h"

#include <gtest/gtest.h>

#include "tests/unit/metrics/result_builders.h"

namespace chokepoint {
using namespace testing_support;

namespace {

std::string only(const std::vector<std::string>& reasons) {
  EXPECT_EQ(reasons.size(), 1u);
  return reasons.empty() ? "" : reasons[0];
}

}  // namespace

TEST(ExReasons, NoneWhenExIsOne) {
  ResultSet r = result({"a"}, {{I(1)}, {I(2)}});
  EXPECT_TRUE(ex_zero_reasons(ExSemantics::Bird, "SELECT a FROM t", r, r).empty());
}

TEST(ExReasons, RowOrderUnderSpiderWithOrderBy) {
  ResultSet gold = result({"a"}, {{I(1)}, {I(2)}}), pred = result({"a"}, {{I(2)}, {I(1)}});
  EXPECT_NE(only(ex_zero_reasons(ExSemantics::Spider, "SELECT a FROM t ORDER BY a", gold, pred)).find("another order"),
            std::string::npos);
}

TEST(ExReasons, DuplicatesUnderSpider) {
  ResultSet gold = result({"a"}, {{I(1)}, {I(2)}}), pred = result({"a"}, {{I(1)}, {I(1)}, {I(2)}});
  EXPECT_NE(only(ex_zero_reasons(ExSemantics::Spider, "SELECT a FROM t", gold, pred)).find("duplicate"),
            std::string::npos);
}

TEST(ExReasons, ColumnOrderUnderBird) {
  ResultSet gold = result({"a", "b"}, {{I(1), T("x")}}), pred = result({"b", "a"}, {{T("x"), I(1)}});
  EXPECT_NE(only(ex_zero_reasons(ExSemantics::Bird, "SELECT a, b FROM t", gold, pred)).find("columns in another order"),
            std::string::npos);
}

TEST(ExReasons, ColumnCountAndMissingRows) {
  ResultSet gold = result({"a"}, {{I(1)}, {I(2)}});
  EXPECT_NE(only(ex_zero_reasons(ExSemantics::Bird, "SELECT a FROM t", gold, result({"a", "b"}, {{I(1), I(2)}})))
                .find("returns 2 columns, the gold 1 column"),
            std::string::npos);
  EXPECT_EQ(only(ex_zero_reasons(ExSemantics::Bird, "SELECT a FROM t", gold, result({"a"}, {{I(1)}, {I(3)}}))),
            "1 gold row is missing from the prediction and 1 predicted row is not in the gold");
  EXPECT_EQ(only(ex_zero_reasons(ExSemantics::Bird, "SELECT a FROM t", gold, result({"a"}, {{I(1)}, {I(2)}, {I(3)}}))),
            "the prediction has every gold row and 1 more row");
  EXPECT_EQ(only(ex_zero_reasons(ExSemantics::Bird, "SELECT a FROM t", gold, result({"a"}, {{I(1)}}))),
            "the prediction lacks 1 gold row and has no others");
}

TEST(ExReasons, ATruncatedResultIsNamedFirst) {
  ResultSet gold = result({"a"}, {{I(1)}, {I(2)}}), pred = result({"a"}, {{I(1)}});
  pred.truncated = true;
  pred.truncation = "row cap of 1 rows";
  auto reasons = ex_zero_reasons(ExSemantics::Bird, "SELECT a FROM t", gold, pred);
  ASSERT_EQ(reasons.size(), 2u);
  EXPECT_NE(reasons[0].find("cut at its row cap of 1 rows"), std::string::npos);
}

}  // namespace chokepoint
