// The user join-hint file format (join_hint.h).
#include "core/graph/join_hint.h"

#include <gtest/gtest.h>

namespace chokepoint {
namespace {

TEST(JoinHints, ParsesSingleColumnPairs) {
  auto r =
      parse_join_hints_json(R"([{"left": "t1.c1", "right": "t2.c2"}, {"left": "a.x", "right": "b.y", "db_id": "d"}])");
  ASSERT_TRUE(r.ok()) << r.error();
  ASSERT_EQ(r->size(), 2u);
  EXPECT_EQ((*r)[0].left_table, "t1");
  EXPECT_EQ((*r)[0].left_columns, std::vector<std::string>{"c1"});
  EXPECT_EQ((*r)[0].right_table, "t2");
  EXPECT_EQ((*r)[0].right_columns, std::vector<std::string>{"c2"});
  EXPECT_EQ((*r)[0].db_id, "");
  EXPECT_EQ((*r)[1].db_id, "d");
}

TEST(JoinHints, ParsesCompositeKeys) {
  auto r = parse_join_hints_json(R"([{"left": ["g.course", "g.term"], "right": ["o.course_id", "o.term"]}])");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ((*r)[0].left_columns, (std::vector<std::string>{"course", "term"}));
  EXPECT_EQ((*r)[0].right_columns, (std::vector<std::string>{"course_id", "term"}));
}

TEST(JoinHints, ColumnNamesMayContainSpaces) {
  auto r = parse_join_hints_json(R"j([{"left": "frpm.CDSCode", "right": "schools.Free Meal Count (K-12)"}])j");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ((*r)[0].right_columns, std::vector<std::string>{"Free Meal Count (K-12)"});
}

TEST(JoinHints, RejectsMalformedInput) {
  EXPECT_FALSE(parse_join_hints_json("{").ok());
  EXPECT_FALSE(parse_join_hints_json(R"({"left": "a.b"})").ok());
  EXPECT_FALSE(parse_join_hints_json(R"([{"left": "a.b"}])").ok());
  EXPECT_FALSE(parse_join_hints_json(R"([{"left": "ab", "right": "c.d"}])").ok());
  EXPECT_FALSE(parse_join_hints_json(R"([{"left": ["a.x", "a.y"], "right": "c.d"}])").ok());
  EXPECT_FALSE(parse_join_hints_json(R"([{"left": ["a.x", "b.y"], "right": ["c.d", "c.e"]}])").ok());
  EXPECT_FALSE(parse_join_hints_json(R"([{"left": 3, "right": "c.d"}])").ok());
}

TEST(JoinHints, MissingFileIsAnError) {
  auto r = load_join_hints("/nonexistent/hints.json");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("/nonexistent/hints.json"), std::string::npos);
}

}  // namespace
}  // namespace chokepoint
