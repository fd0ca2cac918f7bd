// The tokenizer: every token form of SQLite, positions, comments, and errors with positions.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <cctype>
#include <string>

#include "core/sql/lexer.h"

namespace chokepoint::sql {
namespace {

std::vector<Token> lex(std::string_view s) {
  std::vector<Token> t;
  SyntaxError e;
  EXPECT_TRUE(tokenize(s, t, e)) << e.message();
  return t;
}

TEST(Lexer, KeywordTableIsSortedWithNoNameTwice) { EXPECT_TRUE(keyword_table_is_sorted()); }

TEST(Lexer, KeywordsAreSQLitesOwnInAnyCase) {
  // SQLite's list (sqlite3_keyword_name) is the oracle: each of its keywords is one of ours in upper, lower and mixed
  // case, and for other words (identifiers of Spider and BIRD schemas, near misses) both agree that they are not.
  const int count = sqlite3_keyword_count();
  ASSERT_GT(count, 140);
  for (int i = 0; i < count; ++i) {
    const char* z = nullptr;
    int n = 0;
    ASSERT_EQ(sqlite3_keyword_name(i, &z, &n), SQLITE_OK);
    std::string upper(z, static_cast<size_t>(n)), lower = upper, mixed = upper;
    for (size_t k = 0; k < upper.size(); ++k) {
      lower[k] = static_cast<char>(std::tolower(static_cast<unsigned char>(upper[k])));
      if (k % 2) mixed[k] = lower[k];
    }
    EXPECT_TRUE(is_sqlite_keyword(upper)) << upper;
    EXPECT_TRUE(is_sqlite_keyword(lower)) << lower;
    EXPECT_TRUE(is_sqlite_keyword(mixed)) << mixed;
  }
  for (const char* word : {"singer",
                           "name",
                           "T1",
                           "concert_singer",
                           "a",
                           "x",
                           "SELECTS",
                           "fro",
                           "REPLACEMENT",
                           "molecule_id",
                           "Ta",
                           "INTOO",
                           "ORDE",
                           "GROUPS_",
                           "abortion",
                           "zz",
                           "_",
                           "LIMITS",
                           "CURRENT_TIMESTAMPS",
                           "WITHOUTROWID",
                           "frankfurt",
                           "bond_type",
                           "element"}) {
    const bool sqlite_says = sqlite3_keyword_check(word, static_cast<int>(std::string(word).size())) != 0;
    EXPECT_EQ(is_sqlite_keyword(word), sqlite_says) << word;
    EXPECT_FALSE(sqlite_says) << word << " is a keyword after all: pick another word";
  }
  EXPECT_TRUE(is_sqlite_keyword("true"));  // ours beyond SQLite's list: TRUE and FALSE
  EXPECT_TRUE(is_sqlite_keyword("False"));
  EXPECT_FALSE(is_sqlite_keyword(""));
  EXPECT_FALSE(is_sqlite_keyword(std::string(40, 'A')));
}

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
