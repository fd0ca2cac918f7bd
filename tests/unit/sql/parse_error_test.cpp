// Syntax errors say where and what was expected; hostile input returns an error instead of crashing.
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "core/sql/parser.h"
#include "core/sql/printer.h"

namespace chokepoint::sql {
namespace {

TEST(ParseError, ReportsLineColumnExpectedAndFound) {
  SyntaxError e;
  auto r = parse_sql("SELECT a,\n       FROM t", &e);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.column, 8u);
  EXPECT_EQ(e.expected, "an expression");
  EXPECT_EQ(e.found, "FROM");
  EXPECT_EQ(r.error(), "syntax error at line 2, column 8: expected an expression, found 'FROM'");
}

TEST(ParseError, MissingTableAtEndOfInput) {
  SyntaxError e;
  auto r = parse_sql("SELECT a FROM", &e);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(e.column, 14u);
  EXPECT_EQ(e.found, "end of input");
}

TEST(ParseError, TrailingGarbageAndUnclosedParenthesis) {
  SyntaxError e;
  EXPECT_FALSE(parse_sql("SELECT 1 2", &e).ok());
  EXPECT_EQ(e.column, 10u);
  EXPECT_EQ(e.expected, "end of statement");
  EXPECT_FALSE(parse_sql("SELECT (1 + 2", &e).ok());
  EXPECT_EQ(e.expected, "')'");
  EXPECT_FALSE(parse_sql("SELECT CASE WHEN 1 THEN 2", &e).ok());
  EXPECT_EQ(e.expected, "END or ELSE or WHEN");
  EXPECT_FALSE(parse_sql("", &e).ok());
  EXPECT_EQ(e.expected, "SELECT");
}

TEST(ParseError, ReservedWordIsNotAnAlias) {
  EXPECT_FALSE(parse_sql("SELECT a FROM t table").ok());
  EXPECT_TRUE(parse_sql("SELECT a FROM t \"table\"").ok());
}

TEST(ParseError, HundredThousandNestedParenthesesGiveAnError) {
  std::string s = "SELECT " + std::string(100000, '(') + "1" + std::string(100000, ')');
  SyntaxError e;
  auto r = parse_sql(s, &e);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("nesting"), std::string::npos) << r.error();
}

TEST(ParseError, NestingJustUnderTheCapParses) {
  std::string s = "SELECT " + std::string(500, '(') + "1" + std::string(500, ')');
  auto r = parse_sql(s);
  ASSERT_TRUE(r.ok()) << r.error();
  auto again = parse_sql(print_sql(**r));
  ASSERT_TRUE(again.ok());
  EXPECT_TRUE(equal(**r, **again));
}

TEST(ParseError, DeepSubqueriesAndNotsAreCapped) {
  std::string sub;
  for (int i = 0; i < 5000; ++i) sub += "SELECT (";
  sub += "1";
  EXPECT_FALSE(parse_sql(sub).ok());
  std::string nots = "SELECT ";
  for (int i = 0; i < 100000; ++i) nots += "NOT ";
  EXPECT_FALSE(parse_sql(nots + "1").ok());
  std::string minus = "SELECT " + std::string(100000, '~') + "1";
  EXPECT_FALSE(parse_sql(minus).ok());
}

TEST(ParseError, LongOperatorChainsAreCappedByTreeHeight) {
  std::string s = "SELECT 1";
  for (int i = 0; i < 100000; ++i) s += "+1";
  auto r = parse_sql(s);
  EXPECT_FALSE(r.ok());
  std::string u = "SELECT 1";
  for (int i = 0; i < 50000; ++i) u += " UNION SELECT 1";
  EXPECT_FALSE(parse_sql(u).ok());
}

TEST(ParseError, TenMegabyteStringLiteralParsesQuickly) {
  std::string s = "SELECT '" + std::string(10 * 1024 * 1024, 'x') + "'";
  auto start = std::chrono::steady_clock::now();
  auto r = parse_sql(s);
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_TRUE(r.ok());
  EXPECT_EQ((*r)->list(Slot::Columns)[0]->text.size(), 10u * 1024 * 1024);
  EXPECT_LT(secs, 2.0);
  auto open = parse_sql("SELECT '" + std::string(10 * 1024 * 1024, 'x'));
  EXPECT_FALSE(open.ok());
  EXPECT_LT(open.error().size(), 200u);  // the message does not echo 10 MB
}

TEST(ParseError, ExpressionParserForTransforms) {
  auto e = parse_expression("T1.a = T2.b AND x > 3");
  ASSERT_TRUE(e.ok());
  EXPECT_EQ((*e)->text, "AND");
  EXPECT_FALSE(parse_expression("a = ").ok());
}

}  // namespace
}  // namespace chokepoint::sql
