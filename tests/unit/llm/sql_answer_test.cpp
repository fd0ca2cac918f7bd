// SQL from model answers: the shapes chat models answer in (fences, labels, prose around the query, several
// statements) and completions of a prompt that ended in SELECT; an answer without a query is its own error.
#include <gtest/gtest.h>

#include <random>
#include <string_view>

#include "core/llm/sql_answer.h"

namespace chokepoint {
namespace {

std::string chat(const std::string& answer) {
  auto r = extract_sql(answer, PromptPostfix::Chat);
  EXPECT_TRUE(r.ok()) << answer;
  return r.ok() ? r->sql : "";
}

TEST(SqlAnswer, PlainAnswerAndTrailingSemicolon) {
  EXPECT_EQ(chat("SELECT count(*) FROM singer;"), "SELECT count(*) FROM singer");
  EXPECT_EQ(chat("  select name from t  "), "select name from t");
}

TEST(SqlAnswer, CodeFenceWithProseAround) {
  const std::string answer =
      "Here is the query you asked for:\n\n```sql\nSELECT name\nFROM singer\nWHERE age > 30;\n```\n\n"
      "It lists the singers older than 30. SELECT nothing else.";
  auto r = extract_sql(answer, PromptPostfix::Chat);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->sql, "SELECT name\nFROM singer\nWHERE age > 30");
  EXPECT_EQ(r->how, "fence");
}

TEST(SqlAnswer, TheFirstFenceHoldingAQueryWins) {
  EXPECT_EQ(chat("```text\nthinking...\n```\n```sqlite\nWITH a AS (SELECT 1) SELECT * FROM a\n```"),
            "WITH a AS (SELECT 1) SELECT * FROM a");
}

TEST(SqlAnswer, LabelledAnswer) {
  auto r = extract_sql("The tables needed are singer and concert.\nSQL: SELECT T1.name FROM singer AS T1",
                       PromptPostfix::Chat);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->sql, "SELECT T1.name FROM singer AS T1");
  EXPECT_EQ(r->how, "label");
}

TEST(SqlAnswer, ExplanationBeforeAndAfterWithoutFence) {
  EXPECT_EQ(chat("To answer, count the rows.\nSELECT count(*) FROM bond WHERE bond_type = '-'\n\nThis counts bonds."),
            "SELECT count(*) FROM bond WHERE bond_type = '-'");
}

TEST(SqlAnswer, SeveralStatementsGiveTheFirst) {
  EXPECT_EQ(chat("SELECT a FROM t; SELECT b FROM u;"), "SELECT a FROM t");
  // A semicolon inside a string or a comment does not end the statement.
  EXPECT_EQ(chat("SELECT 'a;b' FROM t -- x;y\nWHERE c = 1; DROP TABLE t"), "SELECT 'a;b' FROM t -- x;y\nWHERE c = 1");
}

TEST(SqlAnswer, CompletionGetsItsSelectBack) {
  auto r = extract_sql(" name, country FROM singer ORDER BY age DESC\n\nExplanation: ...", PromptPostfix::Complete);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->sql, "SELECT name, country FROM singer ORDER BY age DESC");
  EXPECT_EQ(r->how, "completion");
  // A model that repeats the SELECT keeps one.
  EXPECT_EQ(extract_sql("SELECT count(*) FROM t", PromptPostfix::Complete)->sql, "SELECT count(*) FROM t");
  EXPECT_EQ(extract_sql("```sql\ncount(*) FROM t\n```", PromptPostfix::Complete)->sql, "SELECT count(*) FROM t");
}

TEST(SqlAnswer, NoSqlIsItsOwnError) {
  for (const char* answer : {"I cannot answer that from the schema.", "", "```\nno idea\n```"}) {
    auto r = extract_sql(answer, PromptPostfix::Chat);
    ASSERT_FALSE(r.ok()) << answer;
    EXPECT_EQ(r.error().rfind(kNoSqlInAnswer, 0), 0u) << r.error();
  }
  EXPECT_FALSE(extract_sql("   ", PromptPostfix::Complete).ok());
}

TEST(SqlAnswer, SelectInsideAWordIsNotAQuery) {
  EXPECT_FALSE(extract_sql("The selection is empty; nothing to preselect.", PromptPostfix::Chat).ok());
}

TEST(SqlAnswer, WordBoundariesAreAsciiLettersDigitsAndUnderscore) {
  EXPECT_FALSE(extract_sql("my_select x; with2 y; 3WITH z", PromptPostfix::Chat).ok());
  // A byte outside ASCII is not a word character (the "C" locale), so it does not glue to the keyword.
  EXPECT_EQ(chat("r\xc3\xa9SELECT 1"), "SELECT 1");
  EXPECT_EQ(chat("(select 1)"), "select 1)");
  EXPECT_EQ(chat("sElEcT 1"), "sElEcT 1");
  EXPECT_EQ(chat("SELECT"), "SELECT");
  EXPECT_FALSE(extract_sql("SELEC", PromptPostfix::Chat).ok());
}

TEST(SqlAnswer, EveryAsciiSpaceIsTrimmedAndLeadsACompletionsQuery) {
  EXPECT_EQ(chat(" \t\n\v\f\rSELECT 1 \t\n\v\f\r"), "SELECT 1");
  // After leading spaces of every kind the answer is already a query: no SELECT is put back.
  auto r = extract_sql("\v\f\r\n\t select a from t", PromptPostfix::Complete);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->sql, "select a from t");
  EXPECT_EQ(r->how, "text");
}

TEST(SqlAnswer, UnterminatedQuotesAndCommentsRunToTheEnd) {
  EXPECT_EQ(first_statement("SELECT 'a;b", false), "SELECT 'a;b");
  EXPECT_EQ(first_statement("SELECT [x;y", false), "SELECT [x;y");
  EXPECT_EQ(first_statement("SELECT 1 -- c;", false), "SELECT 1 -- c;");
  EXPECT_EQ(first_statement("SELECT 1 /* c; ", false), "SELECT 1 /* c;");
  EXPECT_EQ(first_statement("SELECT 'it''s;' ; x", false), "SELECT 'it''s;'");
  EXPECT_EQ(first_statement("SELECT [a]]; b", false), "SELECT [a]]");
  EXPECT_EQ(first_statement("SELECT 1\n \t\r\nSELECT 2", true), "SELECT 1");
  EXPECT_EQ(first_statement("SELECT 1\n \t\r\nSELECT 2", false), "SELECT 1\n \t\r\nSELECT 2");
  EXPECT_EQ(first_statement("", true), "");
}

TEST(SqlAnswer, LabelsAfterMarkdownAndAnUnterminatedFence) {
  auto r = extract_sql("Answer\n** SQLite: SELECT a FROM t\nmore", PromptPostfix::Chat);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->sql, "SELECT a FROM t\nmore");
  EXPECT_EQ(r->how, "label");
  r = extract_sql("```sql\nSELECT b FROM u", PromptPostfix::Chat);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->sql, "SELECT b FROM u");
  EXPECT_EQ(r->how, "fence");
}

// The first statement's end read one byte at a time, as the rules say: quotes (a doubled one inside stays inside,
// brackets have no doubling), comments, ';', and with stop_at_blank_line a line of spaces only. The scan under test
// skips runs of bytes with vector loads and finds closing quotes and line ends the same way.
size_t statement_end_by_bytes(const std::string& sql, bool stop_at_blank_line) {
  const size_t n = sql.size();
  for (size_t i = 0; i < n;) {
    const char c = sql[i];
    if (c == '\'' || c == '"' || c == '`' || c == '[') {
      const char close = c == '[' ? ']' : c;
      for (++i; i < n; ++i) {
        if (sql[i] != close) continue;
        if (close != ']' && i + 1 < n && sql[i + 1] == close) {
          ++i;
          continue;
        }
        break;
      }
      ++i;
    } else if (c == '-' && i + 1 < n && sql[i + 1] == '-') {
      i = sql.find('\n', i);
      if (i == std::string::npos) return n;
    } else if (c == '/' && i + 1 < n && sql[i + 1] == '*') {
      i = sql.find("*/", i + 2);
      if (i == std::string::npos) return n;
      i += 2;
    } else if (c == ';') {
      return i;
    } else {
      if (stop_at_blank_line && c == '\n') {
        size_t j = i + 1;
        while (j < n && (sql[j] == ' ' || sql[j] == '\t' || sql[j] == '\r')) ++j;
        if (j < n && sql[j] == '\n') return i;
      }
      ++i;
    }
  }
  return n;
}

std::string trimmed(const std::string& s) {
  const std::string_view space = " \t\n\v\f\r";
  const size_t b = s.find_first_not_of(space);
  return b == std::string::npos ? "" : s.substr(b, s.find_last_not_of(space) - b + 1);
}

TEST(SqlAnswer, FirstStatementAgreesWithAByteByByteReadingOnRandomTexts) {
  // Texts of the bytes that matter, with runs of plain letters long enough to fill the 16-byte blocks.
  const std::vector<std::string> pieces = {"'",  "\"", "`",  "[",  "]", "-",        "--",
                                           "/",  "/*", "*/", "*",  ";", "\n",       " ",
                                           "\t", "\r", "''", "``", "a", "SELECT x", "abcdefghijklmnopqrstu"};
  std::mt19937 rng(20261201);
  size_t checked = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string sql;
    const int parts = static_cast<int>(rng() % 24);
    for (int k = 0; k < parts; ++k) sql += pieces[rng() % pieces.size()];
    for (bool blank : {false, true}) {
      const std::string expected = trimmed(sql.substr(0, statement_end_by_bytes(sql, blank)));
      ASSERT_EQ(first_statement(sql, blank), expected) << "text: " << sql << " blank lines end it: " << blank;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 40000u);
}

}  // namespace
}  // namespace chokepoint
