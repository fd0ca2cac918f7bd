// The tokenizer: every token form of SQLite, positions, comments, and errors with positions.
#include <gtest/gtest.h>

#include "core/sql/lexer.h"

namespace chokepoint::sql {
namespace {

std::vector<Token> lex(std::string_view s) {
  std::vector<Token> t;
  SyntaxError e;
  EXPECT_TRUE(tokenize(s, t, e)) << e.message();
  return t;
}

TEST(Lexer, KeywordTableIsSortedForBinarySearch) { EXPECT_TRUE(keyword_table_is_sorted()); }

TEST(Lexer, WordsKnowTheirKeywordCaseInsensitively) {
  auto t = lex("select Name fRoM singer");
  ASSERT_EQ(t.size(), 5u);
  EXPECT_TRUE(t[0].is(Keyword::Select));
  EXPECT_EQ(t[1].keyword, Keyword::None);
  EXPECT_TRUE(t[2].is(Keyword::From));
  EXPECT_EQ(t[4].type, TokenType::End);
}

TEST(Lexer, QuotedIdentifiersInAllThreeStyles) {
  auto t = lex("\"a \"\"b\" `c d` [e f]");
  for (int i = 0; i < 3; ++i) EXPECT_EQ(t[i].type, TokenType::QuotedIdentifier);
  EXPECT_EQ(unquote(t[0].text), "a \"b");
  EXPECT_EQ(unquote(t[1].text), "c d");
  EXPECT_EQ(unquote(t[2].text), "e f");
}

TEST(Lexer, StringsBlobsAndParameters) {
  auto t = lex("'it''s' X'0aFF' ? ?3 :name @v $x");
  EXPECT_EQ(t[0].type, TokenType::String);
  EXPECT_EQ(unquote(t[0].text), "it's");
  EXPECT_EQ(t[1].type, TokenType::Blob);
  for (int i = 2; i < 7; ++i) EXPECT_EQ(t[i].type, TokenType::Parameter) << i;
  EXPECT_EQ(t[3].text, "?3");
}

TEST(Lexer, NumbersInEveryForm) {
  auto t = lex("12 1.5 .5 1. 1e10 1.5E-3 2e+4 0x1F 0XaB");
  for (int i = 0; i < 9; ++i) EXPECT_EQ(t[i].type, TokenType::Number) << t[i].text;
  EXPECT_EQ(t[5].text, "1.5E-3");
  EXPECT_EQ(t[7].text, "0x1F");
}

TEST(Lexer, OperatorsTakeTheLongestMatch) {
  auto t = lex("|| << >> <= >= == != <> -> ->> < > = ~ & | + - * / %");
  const char* want[] = {"||", "<<", ">>", "<=", ">=", "==", "!=", "<>", "->", "->>", "<",
                        ">",  "=",  "~",  "&",  "|",  "+",  "-",  "*",  "/",  "%"};
  for (size_t i = 0; i < std::size(want); ++i) {
    EXPECT_EQ(t[i].type, TokenType::Operator);
    EXPECT_EQ(t[i].text, want[i]);
  }
}

TEST(Lexer, CommentsAreSkippedAndLinesCounted) {
  auto t = lex("SELECT -- one\n  /* two\nthree */ a");
  ASSERT_EQ(t.size(), 3u);
  EXPECT_EQ(t[1].text, "a");
  EXPECT_EQ(t[1].line, 3u);
  EXPECT_EQ(t[1].column, 10u);
}

TEST(Lexer, UnterminatedCommentRunsToTheEndLikeSqlite) {
  auto t = lex("SELECT 1 /* open");
  EXPECT_EQ(t.size(), 3u);
}

TEST(Lexer, ErrorsCarryLineAndColumn) {
  std::vector<Token> t;
  SyntaxError e;
  EXPECT_FALSE(tokenize("SELECT\n  'open", t, e));
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.column, 3u);
  EXPECT_FALSE(tokenize("SELECT 12abc", t, e));
  EXPECT_EQ(e.column, 8u);
  EXPECT_FALSE(tokenize("SELECT X'ABC'", t, e));  // odd number of hex digits
  EXPECT_FALSE(tokenize("SELECT #", t, e));
  EXPECT_EQ(e.found, "#");
}

}  // namespace
}  // namespace chokepoint::sql
