// Spider's hardness levels (evaluation.py eval_hardness), one query per level; levels checked against the reference.
#include <gtest/gtest.h>

#include "core/exact_match/hardness.h"
#include "core/exact_match/spider_from_ast.h"
#include "core/exact_match/spider_parser.h"
#include "tests/unit/exact_match/concert_schema.h"

namespace chokepoint::em {
namespace {

std::string level(const char* sql, bool spider_parser) {
  Result<SpiderSql> q =
      spider_parser ? spider_parse(sql, spider_schema(concert_schema())) : spider_sql_from_text(sql, concert_schema());
  EXPECT_TRUE(q.ok()) << q.error();
  return q.ok() ? hardness_name(eval_hardness(*q)) : "";
}

void expect_level(const char* sql, const char* expected) {
  EXPECT_EQ(level(sql, true), expected) << sql;
  EXPECT_EQ(level(sql, false), expected) << sql;
}

TEST(Hardness, EasyIsOneComponentAtMost) { expect_level("SELECT count(*) FROM singer", "easy"); }

TEST(Hardness, MediumHasSeveralSelectColumns) {
  expect_level("SELECT name, country, age FROM singer ORDER BY age DESC", "medium");
}

TEST(Hardness, HardHasOneNestedQuery) {
  expect_level("SELECT name FROM singer WHERE age > (SELECT avg(age) FROM singer)", "hard");
  expect_level("SELECT name FROM singer WHERE age > 20 INTERSECT SELECT name FROM singer WHERE country = 'France'",
               "hard");
}

TEST(Hardness, ExtraHasManyComponents) {
  expect_level(
      "SELECT T2.name, count(*) FROM singer_in_concert AS T1 JOIN singer AS T2 ON T1.singer_id = "
      "T2.singer_id WHERE T2.age > 20 GROUP BY T2.name ORDER BY count(*) DESC LIMIT 1",
      "extra");
  expect_level("SELECT name FROM singer WHERE age > 20 OR country = 'France' ORDER BY age LIMIT 3", "extra");
}

TEST(Hardness, ComponentCountsFollowEvaluationPy) {
  auto q = spider_parse("SELECT name FROM singer WHERE age > 20 OR country = 'France' ORDER BY age LIMIT 3",
                        spider_schema(concert_schema()));
  ASSERT_TRUE(q.ok());
  EXPECT_EQ(count_component1(*q), 4);  // where, order, limit, or
  EXPECT_EQ(count_component2(*q), 0);
  EXPECT_EQ(count_others(*q), 1);  // two where conditions
}

}  // namespace
}  // namespace chokepoint::em
