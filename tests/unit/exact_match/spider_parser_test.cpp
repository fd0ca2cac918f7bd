// The port of process_sql.py: its tokenizer (quoted values as one token, operators merged, nltk's splitting) and
// the constructs its strict parser rejects, which our own builder reads.
#include <gtest/gtest.h>

#include "core/exact_match/spider_from_ast.h"
#include "core/exact_match/spider_parser.h"
#include "tests/unit/exact_match/concert_schema.h"

namespace chokepoint::em {
namespace {

using Toks = std::vector<std::string>;

SpiderSchema concert_spider() { return spider_schema(concert_schema()); }

TEST(SpiderTokenize, QuotedValuesStayOneTokenAndOperatorsMerge) {
  auto toks = spider_tokenize("SELECT name FROM singer WHERE age != 3 AND country = 'New York'");
  ASSERT_TRUE(toks.ok()) << toks.error();
  EXPECT_EQ(*toks, (Toks{"select", "name", "from", "singer", "where", "age", "!=", "3", "and", "country", "=",
                         "\"New York\""}));
}

// Python's output for the same text: adjacent quoted values fuse into one unknown key, ">=1" splits as "> =1".
TEST(SpiderTokenize, MatchesNltkOnBackticksAdjacentQuotesAndGlued) {
  auto toks = spider_tokenize("SELECT `name` FROM singer WHERE age != 3 AND country = 'It''s' AND x>=1");
  ASSERT_TRUE(toks.ok()) << toks.error();
  EXPECT_EQ(*toks, (Toks{"select", "`", "name", "`", "from", "singer", "where", "age", "!=", "3", "and", "country", "=",
                         "__val_55_58____val_59_61__", "and", "x", ">", "=1"}));
}

TEST(SpiderTokenize, CommaBeforeDigitStaysAttached) {
  auto toks = spider_tokenize("SELECT a FROM t LIMIT 1,2");
  ASSERT_TRUE(toks.ok());
  EXPECT_EQ(toks->back(), "1,2");
}

TEST(SpiderTokenize, OddQuotesAreRejected) {
  auto toks = spider_tokenize("SELECT name FROM singer WHERE name = 'x");
  ASSERT_FALSE(toks.ok());
  EXPECT_NE(toks.error().find("Unexpected quote"), std::string::npos);
}

TEST(SpiderParse, CountStarAsPythonPrintsIt) {
  auto sql = spider_parse("SELECT count(*) FROM singer", concert_spider());
  ASSERT_TRUE(sql.ok()) << sql.error();
  EXPECT_EQ(to_json(*sql).dump(),
            R"({"from":{"table_units":[["table_unit","__singer__"]],"conds":[]},"select":[false,[[3,[0,[0,"__all__",)"
            R"(false],null]]]],"where":[],"groupBy":[],"having":[],"orderBy":[],"limit":null,"intersect":null,)"
            R"("union":null,"except":null})");
}

TEST(SpiderParse, AliasesResolveToTables) {
  auto sql = spider_parse(
      "SELECT T1.name FROM singer AS T1 JOIN singer_in_concert AS T2 ON T1.singer_id = T2.singer_id", concert_spider());
  ASSERT_TRUE(sql.ok()) << sql.error();
  EXPECT_EQ(sql->select.at(0).val_unit.col1.column, "__singer.name__");
  ASSERT_EQ(sql->from_conds.units.size(), 1u);
  EXPECT_EQ(sql->from_conds.units[0].val1.column.column, "__singer_in_concert.singer_id__");
}

TEST(SpiderParse, RejectsInnerJoin) {
  auto sql =
      spider_parse("SELECT T1.name FROM singer AS T1 INNER JOIN singer_in_concert AS T2 ON T1.singer_id = T2.singer_id",
                   concert_spider());
  ASSERT_FALSE(sql.ok());
  EXPECT_NE(sql.error().find("'inner'"), std::string::npos) << sql.error();
}

TEST(SpiderParse, RejectsAliasInSelectList) {
  auto sql = spider_parse("SELECT name AS singer_name FROM singer", concert_spider());
  ASSERT_FALSE(sql.ok());
  EXPECT_NE(sql.error().find("as"), std::string::npos) << sql.error();
}

TEST(SpiderParse, RejectsIsNull) {
  EXPECT_FALSE(spider_parse("SELECT name FROM singer WHERE country IS NULL", concert_spider()).ok());
}

TEST(SpiderParse, LimitIsAlwaysOne) {
  auto sql = spider_parse("SELECT name FROM singer ORDER BY age DESC LIMIT 5", concert_spider());
  ASSERT_TRUE(sql.ok());
  EXPECT_EQ(sql->limit, 1);
  EXPECT_TRUE(sql->order_desc);
}

TEST(SpiderFromAst, ReadsInnerJoinAsJoin) {
  const char* inner =
      "SELECT T1.name FROM singer AS T1 INNER JOIN singer_in_concert AS T2 ON T1.singer_id = T2.singer_id";
  const char* plain = "SELECT T1.name FROM singer AS T1 JOIN singer_in_concert AS T2 ON T1.singer_id = T2.singer_id";
  auto ours = spider_sql_from_text(inner, concert_schema());
  auto theirs = spider_parse(plain, concert_spider());
  ASSERT_TRUE(ours.ok()) << ours.error();
  ASSERT_TRUE(theirs.ok()) << theirs.error();
  EXPECT_EQ(*ours, *theirs);
}

TEST(SpiderFromAst, DropsSelectListAliases) {
  auto ours = spider_sql_from_text("SELECT name AS singer_name FROM singer", concert_schema());
  auto theirs = spider_parse("SELECT name FROM singer", concert_spider());
  ASSERT_TRUE(ours.ok()) << ours.error();
  ASSERT_TRUE(theirs.ok());
  EXPECT_EQ(*ours, *theirs);
}

TEST(SpiderFromAst, OrderByAliasUsesTheAliasedExpression) {
  auto ours = spider_sql_from_text("SELECT country, count(*) AS n FROM singer GROUP BY country ORDER BY n DESC",
                                   concert_schema());
  auto theirs =
      spider_parse("SELECT country, count(*) FROM singer GROUP BY country ORDER BY count(*) DESC", concert_spider());
  ASSERT_TRUE(ours.ok()) << ours.error();
  ASSERT_TRUE(theirs.ok()) << theirs.error();
  EXPECT_EQ(*ours, *theirs);
}

TEST(SpiderFromAst, UnqualifiedColumnsResolveThroughTheSchema) {
  auto ours = spider_sql_from_text("SELECT name FROM singer AS s JOIN concert AS c ON s.singer_id = c.concert_id",
                                   concert_schema());
  ASSERT_TRUE(ours.ok());
  EXPECT_EQ(ours->select.at(0).val_unit.col1.column, "__singer.name__");
}

}  // namespace
}  // namespace chokepoint::em

namespace chokepoint::em {
namespace {

// Whatever Python would raise on comes back as an error value; nothing crashes or throws.
TEST(SpiderParse, OddInputsAreErrorsNotCrashes) {
  const char* inputs[] = {"",
                          "as",
                          "= x",
                          "SELECT",
                          "SELECT * FROM",
                          "((((((",
                          "SELECT a as",
                          "select limit",
                          "FROM singer as",
                          "SELECT * FROM singer LIMIT",
                          "SELECT name FROM singer WHERE age BETWEEN 1",
                          "SELECT name FROM singer WHERE age > 1 and"};
  for (const char* in : inputs) {
    auto r = spider_parse(in, concert_spider());
    (void)r;
    auto ours = spider_sql_from_text(in, concert_schema());
    (void)ours;
  }
  std::string deep = "SELECT name FROM singer WHERE age IN ";
  for (int i = 0; i < 300; ++i) deep += "(SELECT age FROM singer WHERE age IN ";
  EXPECT_FALSE(spider_parse(deep, concert_spider()).ok());
}

}  // namespace
}  // namespace chokepoint::em
