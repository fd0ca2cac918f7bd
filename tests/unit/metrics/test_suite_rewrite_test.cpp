// The query rewrites of Spider's test-suite evaluator in its default mode (test_suite_rewrite.h), one quirk per
// test. Expected strings were checked against the reference (parse.py remove_distinct on sqlparse 0.6, exec_eval.py).
#include "core/metrics/test_suite_rewrite.h"

#include <gtest/gtest.h>

namespace chokepoint {

TEST(TestSuiteRewrite, RemoveDistinctDeletesSelectDistinct) {
  EXPECT_EQ(test_suite_remove_distinct("SELECT DISTINCT name FROM singer"), "SELECT  name FROM singer");
  EXPECT_EQ(test_suite_remove_distinct("select distinct\tname from singer"), "select \tname from singer");
  EXPECT_EQ(test_suite_remove_distinct("SELECT DiStInCt a FROM t"), "SELECT  a FROM t");
}

TEST(TestSuiteRewrite, RemoveDistinctDeletesInsideCountAndSubqueries) {
  EXPECT_EQ(test_suite_remove_distinct("SELECT count(DISTINCT country) FROM singer"),
            "SELECT count( country) FROM singer");
  EXPECT_EQ(test_suite_remove_distinct("SELECT count(distinct(a)) FROM t"), "SELECT count((a)) FROM t");
  EXPECT_EQ(test_suite_remove_distinct("SELECT a FROM t WHERE b IN (SELECT DISTINCT b FROM u)"),
            "SELECT a FROM t WHERE b IN (SELECT  b FROM u)");
}

TEST(TestSuiteRewrite, RemoveDistinctKeepsStringsQuotedNamesAndComments) {
  const char* kept[] = {"SELECT a FROM t WHERE b = 'distinct'",
                        "SELECT a FROM t WHERE b = \"distinct\"",
                        "SELECT `distinct` FROM t",
                        "SELECT [distinct] FROM t",
                        "SELECT a /* distinct */ FROM t",
                        "SELECT a -- distinct\nFROM t",
                        "SELECT a FROM t WHERE b = 'it''s distinct'"};
  for (const char* sql : kept) EXPECT_EQ(test_suite_remove_distinct(sql), sql);
}

TEST(TestSuiteRewrite, RemoveDistinctKeepsLongerWords) {
  for (const char* sql : {"SELECT distinct_name FROM t", "SELECT x$distinct FROM t", "SELECT distinct1 FROM t"})
    EXPECT_EQ(test_suite_remove_distinct(sql), sql);
}

// sqlparse reads \' as an escaped quote, so 'C:\' does not end the string there (SQLite says it does).
TEST(TestSuiteRewrite, RemoveDistinctReadsBackslashQuoteAsSqlparseDoes) {
  EXPECT_EQ(test_suite_remove_distinct("SELECT a FROM t WHERE b = 'C:\\' OR distinct = 'x'"),
            "SELECT a FROM t WHERE b = 'C:\\' OR distinct = 'x'");
}

// Quirk: sqlparse.parse(s)[0] is the first statement; what follows the first top-level ';' is dropped.
TEST(TestSuiteRewrite, RemoveDistinctKeepsOnlyTheFirstStatement) {
  EXPECT_EQ(test_suite_remove_distinct("SELECT DISTINCT a FROM t; SELECT DISTINCT b FROM t"), "SELECT  a FROM t; ");
  EXPECT_EQ(test_suite_remove_distinct("SELECT a;  -- note\n SELECT 2"), "SELECT a;  -- note\n ");
  // Inside parentheses the splitter does not split; END (of CASE) lowers its level.
  EXPECT_EQ(test_suite_remove_distinct("SELECT (a; SELECT 2"), "SELECT (a; SELECT 2");
  EXPECT_EQ(test_suite_remove_distinct("SELECT (CASE WHEN 1 THEN 2 END); 3"), "SELECT (CASE WHEN 1 THEN 2 END); ");
  EXPECT_EQ(test_suite_remove_distinct("SELECT 'a;b' FROM t"), "SELECT 'a;b' FROM t");
}

TEST(TestSuiteRewrite, RemoveDistinctLeavesBlankQueriesAlone) {
  EXPECT_EQ(test_suite_remove_distinct(""), "");
  EXPECT_EQ(test_suite_remove_distinct("  \n"), "  \n");
}

// Quirk: postprocess is a text replacement, inside string literals too.
TEST(TestSuiteRewrite, PostprocessJoinsSpacedComparisons) {
  EXPECT_EQ(test_suite_postprocess("SELECT a FROM t WHERE b > = 3 AND c < = 4 AND d ! = 5"),
            "SELECT a FROM t WHERE b >= 3 AND c <= 4 AND d != 5");
  EXPECT_EQ(test_suite_postprocess("SELECT a FROM t WHERE b = 'x > = y'"), "SELECT a FROM t WHERE b = 'x >= y'");
  EXPECT_EQ(test_suite_postprocess("SELECT a FROM t WHERE b >  = 3"), "SELECT a FROM t WHERE b >  = 3");
}

TEST(TestSuiteRewrite, ReplaceCurYearGivesTwentyTwenty) {
  EXPECT_EQ(test_suite_replace_cur_year("SELECT YEAR(CURDATE()) - age FROM t"), "SELECT 2020- age FROM t");
  EXPECT_EQ(test_suite_replace_cur_year("SELECT year ( curdate ( ) )"), "SELECT 2020");
  EXPECT_EQ(test_suite_replace_cur_year("SELECT YEAR(now())"), "SELECT YEAR(now())");
}

// Quirk: evaluation.py replaces every lowercase "value" of the prediction by "1", in names and strings too.
TEST(TestSuiteRewrite, PredictionValueBecomesOne) {
  EXPECT_EQ(test_suite_replace_value("SELECT avg_value FROM t WHERE x = value"), "SELECT avg_1 FROM t WHERE x = 1");
  EXPECT_EQ(test_suite_replace_value("SELECT Value FROM t"), "SELECT Value FROM t");
  const auto q = test_suite_rewrite("SELECT value FROM t", "SELECT value FROM t");
  EXPECT_EQ(q.gold, "SELECT value FROM t");  // the gold is left alone
  EXPECT_EQ(q.pred, "SELECT 1 FROM t");
}

// Quirk: 'order by' in g_str.lower(): a subquery's or a string's ORDER BY counts, other whitespace does not.
TEST(TestSuiteRewrite, OrderMattersIsASubstringTest) {
  EXPECT_TRUE(test_suite_order_matters("SELECT a FROM t ORDER BY a"));
  EXPECT_TRUE(test_suite_order_matters("SELECT a FROM t WHERE b > (SELECT b FROM t ORDER BY b LIMIT 1)"));
  EXPECT_TRUE(test_suite_order_matters("SELECT a FROM t WHERE b = 'order by'"));
  EXPECT_FALSE(test_suite_order_matters("SELECT a FROM t ORDER  BY a"));
  EXPECT_FALSE(test_suite_order_matters("SELECT a FROM t ORDER\nBY a"));
}

TEST(TestSuiteRewrite, KeepDistinctSkipsOnlyRemoveDistinct) {
  const auto q = test_suite_rewrite("SELECT DISTINCT a FROM t WHERE b > = 1", "SELECT DISTINCT value FROM t", true);
  EXPECT_EQ(q.gold, "SELECT DISTINCT a FROM t WHERE b >= 1");
  EXPECT_EQ(q.pred, "SELECT DISTINCT 1 FROM t");
  const auto d = test_suite_rewrite("SELECT DISTINCT a FROM t ORDER BY a", "SELECT DISTINCT a FROM t");
  EXPECT_EQ(d.gold, "SELECT  a FROM t ORDER BY a");
  EXPECT_TRUE(d.order_matters);
}

}  // namespace chokepoint
