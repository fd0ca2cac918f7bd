// NL2SQL360's characteristic counters on our AST, and scenario filters over them.
#include "core/sql/sql_characteristics.h"

#include <gtest/gtest.h>

#include "core/sql/printer.h"
#include "core/sql/scenario_filter.h"

namespace chokepoint::sql {
namespace {

int count(const std::string& sql, Characteristic c) {
  auto r = sql_characteristics(sql);
  EXPECT_TRUE(r.ok()) << r.error();
  return r.ok() ? (*r)[static_cast<size_t>(c)] : -1;
}

TEST(SqlCharacteristics, JoinsCountCommaJoinsAndJoinKeywords) {
  EXPECT_EQ(count("SELECT * FROM a JOIN b ON a.x = b.x INNER JOIN c ON c.y = b.y", Characteristic::Joins), 2);
  EXPECT_EQ(count("SELECT * FROM a, b WHERE a.x = b.x", Characteristic::Joins), 1);
  EXPECT_EQ(count("SELECT * FROM a", Characteristic::Joins), 0);
}

TEST(SqlCharacteristics, SubqueriesCountEveryNestedQuery) {
  EXPECT_EQ(
      count("SELECT a FROM t WHERE b IN (SELECT b FROM u) AND EXISTS (SELECT 1 FROM v)", Characteristic::Subqueries),
      2);
  EXPECT_EQ(count("SELECT x FROM (SELECT a AS x FROM t) WHERE x > (SELECT avg(a) FROM t)", Characteristic::Subqueries),
            2);
  EXPECT_EQ(count("SELECT a FROM t WHERE b IN (1, 2)", Characteristic::Subqueries), 0);
}

TEST(SqlCharacteristics, AggregatesLeaveTwoArgumentMinMaxAsScalars) {
  EXPECT_EQ(count("SELECT count(*), max(a), min(a, b), sum(DISTINCT c) FROM t", Characteristic::Aggregates), 3);
  EXPECT_EQ(count("SELECT count(DISTINCT a) FROM t", Characteristic::Distinct), 1);
  EXPECT_EQ(count("SELECT DISTINCT a FROM t", Characteristic::Distinct), 1);
}

TEST(SqlCharacteristics, PredicatesConnectorsAndMath) {
  const std::string q = "SELECT a * 2 + 1 FROM t WHERE b = 1 AND c LIKE 'x%' OR d BETWEEN 1 AND 3 AND e IS NULL";
  EXPECT_EQ(count(q, Characteristic::Predicates), 4);
  EXPECT_EQ(count(q, Characteristic::LogicalConnectors), 3);  // BETWEEN's AND is not a connector
  EXPECT_EQ(count(q, Characteristic::Math), 2);
  EXPECT_EQ(count(q, Characteristic::Like), 1);
}

TEST(SqlCharacteristics, ClausesSetOperationsWindowsAndControlFlow) {
  const std::string q =
      "SELECT a, rank() OVER (ORDER BY b) FROM t GROUP BY a UNION SELECT a, 1 FROM u ORDER BY a LIMIT 3";
  EXPECT_EQ(count(q, Characteristic::SetOperations), 1);
  EXPECT_EQ(count(q, Characteristic::Window), 1);
  EXPECT_EQ(count(q, Characteristic::OrderBy), 2);  // the window's and the compound's
  EXPECT_EQ(count(q, Characteristic::Limit), 1);
  EXPECT_EQ(count(q, Characteristic::GroupBy), 1);
  EXPECT_EQ(count(q, Characteristic::SelectFields), 2);
  EXPECT_EQ(count("SELECT CASE WHEN a THEN 1 END, iif(b, 1, 0), CAST(c AS INT), upper(d) FROM t",
                  Characteristic::ControlFlow),
            2);
  EXPECT_EQ(count("SELECT CAST(c AS INT), upper(d), strftime('%Y', e) FROM t", Characteristic::ScalarFunctions), 3);
}

TEST(SqlCharacteristics, NamesAreOursOrNl2sql360s) {
  EXPECT_EQ(characteristic_named("joins"), Characteristic::Joins);
  EXPECT_EQ(characteristic_named("count_join"), Characteristic::Joins);
  EXPECT_EQ(characteristic_named("JOINS"), Characteristic::Joins);
  EXPECT_FALSE(characteristic_named("jions").has_value());
}

TEST(SqlCharacteristics, AnUnparsableQueryIsAnError) { EXPECT_FALSE(sql_characteristics("SELEC a FROM").ok()); }

bool matches(const std::string& filter, const std::string& sql) {
  auto f = parse_scenario_filter(filter);
  EXPECT_TRUE(f.ok()) << f.error();
  auto c = sql_characteristics(sql);
  EXPECT_TRUE(c.ok());
  return f.ok() && c.ok() && f->matches(*c);
}

TEST(ScenarioFilter, CombinesComparisonsWithAndOrNotAndParentheses) {
  const std::string two_joins = "SELECT * FROM a JOIN b ON a.x = b.x JOIN c ON c.y = b.y";
  EXPECT_TRUE(matches("joins >= 2 && subqueries = 0", two_joins));
  EXPECT_FALSE(matches("joins >= 2 && subqueries = 0", "SELECT * FROM a JOIN b ON a.x IN (SELECT x FROM c)"));
  EXPECT_TRUE(matches("joins < 1 || limit == 1", "SELECT a FROM t ORDER BY a LIMIT 1"));
  EXPECT_TRUE(matches("!(joins > 0)", "SELECT a FROM t"));
  EXPECT_TRUE(matches("count_join != 3", two_joins));
  EXPECT_TRUE(matches("(joins=2)&&(aggregates<=0)", two_joins));
}

TEST(ScenarioFilter, ErrorsSayWhatWasExpectedAndWhere) {
  auto unknown = parse_scenario_filter("jions >= 2");
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.error().find("unknown characteristic 'jions'"), std::string::npos) << unknown.error();
  EXPECT_NE(unknown.error().find("known: select_fields, joins"), std::string::npos);
  auto no_op = parse_scenario_filter("joins 2");
  ASSERT_FALSE(no_op.ok());
  EXPECT_NE(no_op.error().find("expected a comparison"), std::string::npos) << no_op.error();
  auto no_number = parse_scenario_filter("joins >= two");
  ASSERT_FALSE(no_number.ok());
  EXPECT_NE(no_number.error().find("expected a whole number at character 10"), std::string::npos) << no_number.error();
  auto dangling = parse_scenario_filter("joins >= 2 &&");
  ASSERT_FALSE(dangling.ok());
  EXPECT_NE(dangling.error().find("expected a characteristic name"), std::string::npos);
  auto unclosed = parse_scenario_filter("(joins >= 2");
  ASSERT_FALSE(unclosed.ok());
  EXPECT_NE(unclosed.error().find("expected ')'"), std::string::npos);
  auto trailing = parse_scenario_filter("joins >= 2 joins");
  ASSERT_FALSE(trailing.ok());
  EXPECT_NE(trailing.error().find("expected && or ||"), std::string::npos);
  EXPECT_FALSE(parse_scenario_filter("").ok());
  EXPECT_FALSE(parse_scenario_filter(std::string(500, '(') + "joins = 1" + std::string(500, ')')).ok());
}

TEST(NormalizedSql, SpacingAndKeywordCaseDoNotMatter) {
  EXPECT_EQ(normalized_sql("select  a from   t where b=1"), normalized_sql("SELECT a FROM t WHERE b = 1"));
  EXPECT_NE(normalized_sql("SELECT a FROM t WHERE b = 'X'"), normalized_sql("SELECT a FROM t WHERE b = 'x'"));
  // Function names and unquoted identifiers are case-insensitive in SQLite; quoted names and strings are kept.
  EXPECT_EQ(normalized_sql("select count(*) from Atom where Element='cl'"),
            normalized_sql("SELECT COUNT(*) FROM atom WHERE element = 'cl'"));
  EXPECT_NE(normalized_sql("SELECT \"A b\" FROM t"), normalized_sql("SELECT \"a b\" FROM t"));
  EXPECT_EQ(normalized_sql("  SELEC nonsense ; "), "SELEC nonsense");
}

}  // namespace
}  // namespace chokepoint::sql
