#include <gtest/gtest.h>

#include "core/diagnosis/error_counts.h"

namespace chokepoint::diagnosis {
namespace {

ErrorClassification system_error(const std::string& kind) {
  ErrorClassification c;
  c.error_class = ErrorClass::SystemError;
  c.system_kind = kind;
  return c;
}
ErrorClassification result_error(ResultErrorKind kind, ErrorDirection direction) {
  ErrorClassification c;
  c.kind = kind;
  c.direction = direction;
  return c;
}

TEST(ErrorCounts, SystemKindsSubcategoriesAndDirectionsAsTheErrorsCommandPrintsThem) {
  const auto j =
      error_counts_json({system_error("no such column"), system_error("no such column"), system_error("syntax error"),
                         result_error(ResultErrorKind::TableQuery, ErrorDirection::Missing),
                         result_error(ResultErrorKind::TableQuery, ErrorDirection::None),
                         result_error(ResultErrorKind::None, ErrorDirection::None)});
  EXPECT_EQ(j["failed"], 6);
  EXPECT_EQ(j["system_errors"], (nlohmann::json{{"no such column", 2}, {"syntax error", 1}}));
  // Two table errors, one of them with a direction; the one no rule placed is unclassified.
  EXPECT_EQ(j["result_errors"], (nlohmann::json{{"table_query", 2}, {"table_query/missing", 1}, {"unclassified", 1}}));
}

TEST(ErrorCounts, NoFailureCountsNothing) {
  const auto j = error_counts_json({});
  EXPECT_EQ(j["failed"], 0);
  EXPECT_TRUE(j["system_errors"].empty());
  EXPECT_TRUE(j["result_errors"].empty());
}

}  // namespace
}  // namespace chokepoint::diagnosis
