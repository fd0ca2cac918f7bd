// Several gold answers per question: JSON lists in SQL/query, and gold texts of several `;`-separated statements.
#include "core/dataset/gold_alternatives.h"

#include <gtest/gtest.h>

#include "core/dataset/json_sets.h"

namespace chokepoint {

using Strings = std::vector<std::string>;

TEST(GoldAlternatives, SemicolonsSeparateStatements) {
  EXPECT_EQ(split_statements("SELECT 1; SELECT 2 ;SELECT 3"), (Strings{"SELECT 1", "SELECT 2", "SELECT 3"}));
}

TEST(GoldAlternatives, ATrailingSemicolonIsNoAlternativeAndTheTextStaysAsWritten) {
  EXPECT_EQ(split_statements("SELECT 1;"), Strings{"SELECT 1;"});
  EXPECT_EQ(split_statements("SELECT 1 ;  ;\n -- done\n"), Strings{"SELECT 1 ;  ;\n -- done\n"});
  EXPECT_EQ(split_statements(""), Strings{""});
}

TEST(GoldAlternatives, SemicolonsInStringsNamesCommentsAndParenthesesDoNotSplit) {
  EXPECT_EQ(split_statements("SELECT 'a;b', \"c;d\", [e;f], `g;h` FROM t -- x;y\n"),
            Strings{"SELECT 'a;b', \"c;d\", [e;f], `g;h` FROM t -- x;y\n"});
  EXPECT_EQ(split_statements("SELECT 'it''s; here' /* ; */; SELECT 2"),
            (Strings{"SELECT 'it''s; here' /* ; */", "SELECT 2"}));
  EXPECT_EQ(split_statements("SELECT (1;2)"), Strings{"SELECT (1;2)"});
}

TEST(GoldAlternatives, AJsonListGivesTheFirstAsSqlAndTheRestAsAlternatives) {
  auto set =
      parse_spider_dev_json(R"([{"db_id": "movies", "question": "q", "query": ["SELECT 1", "SELECT 2; SELECT 'x;y'"]},)"
                            R"( {"db_id": "movies", "question": "r", "query": "SELECT 3"}])");
  ASSERT_TRUE(set.ok()) << set.error();
  ASSERT_EQ(set->items.size(), 2u);
  EXPECT_EQ(set->items[0].sql, "SELECT 1");
  EXPECT_EQ(set->items[0].sql_alternatives, Strings{"SELECT 2; SELECT 'x;y'"});
  EXPECT_EQ(gold_answers(set->items[0]), (Strings{"SELECT 1", "SELECT 2", "SELECT 'x;y'"}));
  EXPECT_TRUE(set->items[1].sql_alternatives.empty());
  EXPECT_EQ(gold_answers(set->items[1]), Strings{"SELECT 3"});
}

TEST(GoldAlternatives, BirdListsLoadAndEmptyOrMixedListsAreRefused) {
  auto bird = parse_bird_dev_json(R"([{"question_id": 7, "db_id": "d", "SQL": ["SELECT 1", "SELECT 1.0"]}])");
  ASSERT_TRUE(bird.ok()) << bird.error();
  EXPECT_EQ(bird->items[0].sql, "SELECT 1");
  EXPECT_EQ(bird->items[0].sql_alternatives, Strings{"SELECT 1.0"});
  EXPECT_FALSE(parse_bird_dev_json(R"([{"db_id": "d", "SQL": []}])").ok());
  EXPECT_FALSE(parse_bird_dev_json(R"([{"db_id": "d", "SQL": ["SELECT 1", 2]}])").ok());
}

}  // namespace chokepoint
