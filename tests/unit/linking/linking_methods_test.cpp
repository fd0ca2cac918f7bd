// Schema-linking methods: the prompts each method sends (schema as SimpleDDL, foreign keys only with --fk, the
// question with its evidence, PreSQL through the text-to-SQL prompt), table lists read from messy answers, the
// top-k cut, PreSQL's tables and columns from its SQL, the few-shot ∪ PreSQL union, and failed or unreadable answers
// retrieving nothing.
#include <gtest/gtest.h>

#include <cmath>

#include "core/linking/linking_methods.h"
#include "tests/unit/llm/repository_prompts.h"

namespace chokepoint::linking {
namespace {

using Names = std::vector<std::string>;
using chokepoint::testing::repository_prompts;

Schema library_schema() {
  Schema s;
  s.db_id = "library";
  Table author{"author", "", {{"author_id", "INTEGER", ""}, {"name", "TEXT", ""}}, {"author_id"}, {}};
  Table book{"Book",
             "",
             {{"book_id", "INTEGER", ""}, {"title", "TEXT", ""}, {"author_id", "INTEGER", ""}},
             {"book_id"},
             {{{"author_id"}, "author", {"author_id"}}}};
  Table shelf{"shelf_place", "", {{"shelf_id", "INTEGER", ""}, {"book_id", "INTEGER", ""}}, {}, {}};
  s.tables = {author, book, shelf};
  return s;
}

EvalSet two_library_items() {
  EvalSet set;
  set.items.push_back({"1", "library", "Who wrote Dune?", "Dune refers to title = 'Dune'",
                       "SELECT a.name FROM author a JOIN book b ON a.author_id = b.author_id WHERE b.title = 'Dune'",
                       ""});
  set.items.push_back({"2", "library", "How many books are there?", "", "SELECT COUNT(*) FROM book", ""});
  set.items.push_back({"3", "elsewhere", "Anything?", "", "SELECT 1", ""});
  return set;
}

SchemaOf only_library_tables() {
  static const Schema s = library_schema();
  return [](const std::string& db) -> const Schema* { return db == "library" ? &s : nullptr; };
}

Names tables(const std::string& answer) {
  auto r = parse_table_list(answer, library_schema());
  EXPECT_TRUE(r.ok()) << answer << ": " << (r.ok() ? "" : r.error());
  return r.ok() ? *r : Names{};
}

TEST(LinkingMethods, NamesRoundTrip) {
  for (const char* n : {"zero-shot", "few-shot", "presql", "few-shot+presql"}) {
    auto m = linking_method_from_name(n);
    ASSERT_TRUE(m.ok());
    EXPECT_STREQ(linking_method_name(*m), n);
  }
  auto bad = linking_method_from_name("two-shot");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("zero-shot, few-shot, presql or few-shot+presql"), std::string::npos);
}

TEST(LinkingMethods, ZeroShotPromptShowsSimpleDdlAndForeignKeysOnlyWhenAsked) {
  LinkingOptions o;
  auto plain = plan_linking(two_library_items(), only_library_tables(), repository_prompts(), o);
  ASSERT_TRUE(plain.ok()) << plain.error();
  ASSERT_EQ(plain->size(), 2u);  // the third item has no schema: not asked
  const std::string& p = (*plain)[0].prompt;
  EXPECT_NE(p.find("# Book(book_id, title, author_id);"), std::string::npos) << p;
  EXPECT_NE(p.find("Question: Who wrote Dune? Hint: Dune refers to title = 'Dune'"), std::string::npos) << p;
  EXPECT_EQ(p.find("foreign keys"), std::string::npos);
  EXPECT_NE(p.find("Rank every table"), std::string::npos);
  o.foreign_keys = true;
  auto fk = plan_linking(two_library_items(), only_library_tables(), repository_prompts(), o);
  ASSERT_TRUE(fk.ok());
  EXPECT_NE((*fk)[0].prompt.find("# foreign keys: Book.author_id = author.author_id;"), std::string::npos)
      << (*fk)[0].prompt;
}

TEST(LinkingMethods, FewShotPlusPreSqlAsksTwicePerItemPreSqlThroughTheTextToSqlPrompt) {
  LinkingOptions o;
  o.method = LinkingMethod::FewShotPreSql;
  auto asks = plan_linking(two_library_items(), only_library_tables(), repository_prompts(), o);
  ASSERT_TRUE(asks.ok()) << asks.error();
  ASSERT_EQ(asks->size(), 4u);
  EXPECT_EQ((*asks)[0].step, LinkingStep::FewShot);
  EXPECT_EQ((*asks)[1].step, LinkingStep::PreSql);
  EXPECT_NE((*asks)[0].prompt.find("Question: Who wrote Dune?"), std::string::npos);
  EXPECT_NE((*asks)[0].prompt.find("Tables: [\"patient\"]"), std::string::npos);  // a demonstration
  EXPECT_NE((*asks)[1].prompt.find("### SQL:"), std::string::npos) << (*asks)[1].prompt;
  EXPECT_NE((*asks)[1].prompt.find("# Book(book_id, title, author_id);"), std::string::npos);
}

TEST(ParseTableList, JsonListInAFenceWithProse) {
  EXPECT_EQ(tables("Sure! Here is the ranking:\n```json\n[\"book\", \"author\", \"shelf_place\"]\n```\nHope it helps."),
            (Names{"Book", "author", "shelf_place"}));
}

TEST(ParseTableList, SingleQuotesBackticksCaseAndDuplicates) {
  EXPECT_EQ(tables("['AUTHOR', 'book', 'author']"), (Names{"author", "Book"}));
  EXPECT_EQ(tables("[`book`,`shelf_place`]"), (Names{"Book", "shelf_place"}));
  EXPECT_EQ(tables("[book, author]"), (Names{"Book", "author"}));  // unquoted JSON-ish
}

TEST(ParseTableList, UnknownNamesDroppedColumnsCountAsTheirTable) {
  EXPECT_EQ(tables("[\"books\", \"book.title\", \"author\", \"publisher\"]"), (Names{"Book", "author"}));
}

TEST(ParseTableList, ABracketThatIsNotTheListIsSkipped) {
  EXPECT_EQ(tables("Step [1] done. Tables: [\"author\"]"), (Names{"author"}));
}

TEST(ParseTableList, BulletsAndPlainWordsWithoutAList) {
  EXPECT_EQ(tables("1. **book**\n2. author\n"), (Names{"Book", "author"}));
  EXPECT_EQ(tables("The tables are book and author."), (Names{"Book", "author"}));
}

TEST(ParseTableList, NothingUsableIsAnError) {
  EXPECT_FALSE(parse_table_list("", library_schema()).ok());
  auto r = parse_table_list("I cannot tell which tables.", library_schema());
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "the answer names no table of the schema");
}

TEST(ParsePreSql, TablesAndColumnsOfTheSqlInTheAnswer) {
  auto items = parse_presql_answer(
      "```sql\nSELECT T1.name FROM author AS T1 JOIN book AS T2 ON T1.author_id = T2.author_id\n```", library_schema());
  ASSERT_TRUE(items.ok()) << items.error();
  EXPECT_EQ(items->tables, (Names{"author", "Book"}));
  EXPECT_EQ(items->columns, (Names{"author.author_id", "author.name", "Book.author_id"}));
  EXPECT_FALSE(parse_presql_answer("I don't know.", library_schema()).ok());
}

TEST(LinkItems, TopKCutsTheZeroShotRankingAndTablesBringTheirColumns) {
  LinkingOptions o;
  o.top_k = 2;
  const auto set = two_library_items();
  auto asks = plan_linking(set, only_library_tables(), repository_prompts(), o);
  ASSERT_TRUE(asks.ok());
  const std::vector<Result<std::string>> answers = {std::string("[\"author\", \"book\", \"shelf_place\"]"),
                                                    std::string("[\"shelf_place\", \"book\", \"author\"]")};
  const auto linked = link_items(set, only_library_tables(), *asks, answers, o);
  ASSERT_EQ(linked.size(), 3u);
  EXPECT_EQ(linked[0].retrieved.tables, (Names{"author", "Book"}));
  EXPECT_EQ(linked[0].retrieved.columns.size(), 5u);
  EXPECT_EQ(linked[1].retrieved.tables, (Names{"shelf_place", "Book"}));
  EXPECT_EQ(linked[2].outcome, LinkOutcome::NoSchema);
  const auto s = score_linking(linking_cases(linked));
  EXPECT_EQ(s.n, 2u);
  // Item 1: gold {author, Book} retrieved exactly; item 2: gold {Book} among 2 tables: sqrt(1/2).
  EXPECT_NEAR(s.res, (1 + std::sqrt(0.5)) / 2, 1e-12);
  EXPECT_DOUBLE_EQ(s.exact_match, 0.5);
  EXPECT_DOUBLE_EQ(s.subset_match, 1.0);
}

TEST(LinkItems, FewShotUnionPreSqlAndFailuresRetrieveNothing) {
  LinkingOptions o;
  o.method = LinkingMethod::FewShotPreSql;
  const auto set = two_library_items();
  auto asks = plan_linking(set, only_library_tables(), repository_prompts(), o);
  ASSERT_TRUE(asks.ok());
  const std::vector<Result<std::string>> answers = {std::string("[\"author\"]"),
                                                    std::string("SELECT b.title FROM book b WHERE b.title = 'Dune'"),
                                                    Error{"HTTP 500"}, std::string("no idea")};
  const auto linked = link_items(set, only_library_tables(), *asks, answers, o);
  EXPECT_EQ(linked[0].outcome, LinkOutcome::Linked);
  EXPECT_EQ(linked[0].retrieved.tables, (Names{"author", "Book"}));  // few-shot's first, then PreSQL's
  // author's columns (table-level) and the columns the preliminary SQL names.
  EXPECT_EQ(linked[0].retrieved.columns, (Names{"author.author_id", "author.name", "Book.title"}));
  EXPECT_EQ(linked[1].outcome, LinkOutcome::NoAnswer);
  EXPECT_TRUE(linked[1].retrieved.tables.empty());
  EXPECT_NE(linked[1].note.find("few-shot: HTTP 500"), std::string::npos) << linked[1].note;
  EXPECT_NE(linked[1].note.find("presql: "), std::string::npos) << linked[1].note;
}

}  // namespace
}  // namespace chokepoint::linking
