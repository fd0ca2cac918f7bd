// Stage-level retrievers (001 §VII-b, Table VIII): the prompts TCSL and SCSL send (the schema as SimpleDDL, the
// picked tables only in TCSL's second step, every column as table.column in SCSL's), column lists read from messy
// answers (fences, bullets, JSON arrays and objects, commas, quotes) with unknown names dropped and counted, and the
// per-item retrievals scored as FPR and SLR.
#include <gtest/gtest.h>

#include "core/linking/column_retrieval.h"
#include "tests/unit/llm/repository_prompts.h"

namespace chokepoint::linking {
namespace {

using Names = std::vector<std::string>;
using chokepoint::testing::repository_prompts;

Schema library() {
  Schema s;
  s.db_id = "library";
  Table author{"author", "", {{"author_id", "INTEGER", ""}, {"name", "TEXT", ""}}, {"author_id"}, {}};
  Table book{"Book",
             "",
             {{"book_id", "INTEGER", ""}, {"title", "TEXT", ""}, {"author_id", "INTEGER", ""}},
             {"book_id"},
             {{{"author_id"}, "author", {"author_id"}}}};
  Table shelf{"shelf_place",
              "",
              {{"shelf_id", "", ""}, {"book_id", "INTEGER", ""}, {"Row Label", "TEXT", ""}},
              {},
              {{{"book_id"}, "Book", {"book_id"}}}};
  s.tables = {author, book, shelf};
  return s;
}

SchemaOf only_library() {
  static const Schema s = library();
  return [](const std::string& db) -> const Schema* { return db == "library" ? &s : nullptr; };
}

EvalSet two_items() {
  EvalSet set;
  set.items.push_back({"1", "library", "Who wrote Dune?", "Dune refers to title = 'Dune'",
                       "SELECT a.name FROM author a JOIN Book b ON a.author_id = b.author_id WHERE b.title = 'Dune'",
                       ""});
  set.items.push_back({"2", "library", "How many books are there?", "", "SELECT COUNT(*) FROM Book", ""});
  set.items.push_back({"3", "elsewhere", "Anything?", "", "SELECT 1", ""});
  return set;
}

ColumnList columns(const std::string& answer, const Names& within = {}) {
  auto r = parse_column_list(answer, library(), within);
  EXPECT_TRUE(r.ok()) << answer << ": " << (r.ok() ? "" : r.error());
  return r.ok() ? *r : ColumnList{};
}

TEST(ColumnRetrieval, NamesRoundTrip) {
  for (const char* n : {"full-schema", "tcsl", "scsl"}) {
    auto a = retrieval_approach_from_name(n);
    ASSERT_TRUE(a.ok());
    EXPECT_STREQ(retrieval_approach_name(*a), n);
  }
  auto bad = retrieval_approach_from_name("hybrid");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("full-schema, tcsl or scsl"), std::string::npos);
}

TEST(ColumnRetrieval, ColumnListingIsTableDotColumnWithTypesAndForeignKeysWhenAsked) {
  EXPECT_EQ(column_listing(library(), false),
            "- author.author_id (INTEGER)\n- author.name (TEXT)\n- Book.book_id (INTEGER)\n- Book.title (TEXT)\n"
            "- Book.author_id (INTEGER)\n- shelf_place.shelf_id\n- shelf_place.book_id (INTEGER)\n"
            "- shelf_place.Row Label (TEXT)");
  const std::string fk = column_listing(library(), true);
  EXPECT_NE(fk.find("\nForeign keys: Book.author_id = author.author_id, shelf_place.book_id = Book.book_id"),
            std::string::npos)
      << fk;
}

TEST(ColumnRetrieval, SchemaOfTablesKeepsOnlyTheirForeignKeys) {
  const Schema s = schema_of_tables(library(), {"book", "SHELF_PLACE", "publisher"});
  ASSERT_EQ(s.tables.size(), 2u);
  EXPECT_EQ(s.tables[0].name, "Book");
  EXPECT_TRUE(s.tables[0].foreign_keys.empty());  // to author, which is not shown
  EXPECT_EQ(s.tables[1].foreign_keys.size(), 1u);
}

TEST(ColumnRetrieval, FullSchemaSendsNothing) {
  auto asks = plan_retrieval(two_items(), only_library(), repository_prompts(), RetrievalApproach::FullSchema, {});
  ASSERT_TRUE(asks.ok());
  EXPECT_TRUE(asks->empty());
}

TEST(ColumnRetrieval, ScslAsksOnceOverEveryColumnWithTheEvidence) {
  auto asks = plan_retrieval(two_items(), only_library(), repository_prompts(), RetrievalApproach::Scsl, {});
  ASSERT_TRUE(asks.ok()) << asks.error();
  ASSERT_EQ(asks->size(), 2u);  // the third item has no schema: not asked
  const std::string& p = (*asks)[0].prompt;
  EXPECT_EQ((*asks)[0].step, RetrievalStep::Columns);
  EXPECT_NE(p.find("- shelf_place.Row Label (TEXT)\n"), std::string::npos) << p;
  EXPECT_NE(p.find("Question: Who wrote Dune? Hint: Dune refers to title = 'Dune'\n\nWhich columns would"),
            std::string::npos)
      << p;
  EXPECT_EQ(p.find("Foreign keys"), std::string::npos);
}

TEST(ColumnRetrieval, TcslAsksForTablesThenForColumnsOfThePickedTablesOnly) {
  RetrievalOptions o;
  o.foreign_keys = true;
  auto first = plan_retrieval(two_items(), only_library(), repository_prompts(), RetrievalApproach::Tcsl, o);
  ASSERT_TRUE(first.ok()) << first.error();
  ASSERT_EQ(first->size(), 2u);
  EXPECT_EQ((*first)[0].step, RetrievalStep::Tables);
  EXPECT_NE((*first)[0].prompt.find("# shelf_place(shelf_id, book_id, Row Label);"), std::string::npos)
      << (*first)[0].prompt;
  EXPECT_NE((*first)[0].prompt.find("Question: Who wrote Dune? Hint: Dune refers to title = 'Dune'\n\nWhich tables"),
            std::string::npos);
  const std::vector<Result<std::string>> answers{std::string("[\"author\", \"book\"]"), std::string("I cannot tell.")};
  auto second = plan_column_step(two_items(), only_library(), repository_prompts(), *first, answers, o);
  ASSERT_TRUE(second.ok()) << second.error();
  ASSERT_EQ(second->size(), 1u);  // the unreadable answer gets no second prompt
  const auto& a = (*second)[0];
  EXPECT_EQ(a.item, 0u);
  EXPECT_EQ(a.step, RetrievalStep::ColumnsInTables);
  EXPECT_EQ(a.tables, (Names{"author", "Book"}));
  EXPECT_NE(a.prompt.find("# Book(book_id, title, author_id);"), std::string::npos) << a.prompt;
  EXPECT_NE(a.prompt.find("# foreign keys: Book.author_id = author.author_id;"), std::string::npos) << a.prompt;
  EXPECT_EQ(a.prompt.find("shelf_place"), std::string::npos) << a.prompt;
  EXPECT_NE(a.prompt.find("Which columns of these tables"), std::string::npos);
}

TEST(ParseColumnList, JsonArrayInAFenceWithProse) {
  const auto c = columns("Here you go:\n```json\n[\"book.title\", \"AUTHOR.Name\", \"Book.title\"]\n```\nDone.");
  EXPECT_EQ(c.columns, (Names{"Book.title", "author.name"}));
  EXPECT_TRUE(c.dropped.empty());
}

TEST(ParseColumnList, UnknownAndAmbiguousNamesAreDroppedAndCounted) {
  const auto c = columns("[\"Book.title\", \"Book.isbn\", \"publisher.name\", \"book_id\", \"shelf_id\"]");
  EXPECT_EQ(c.columns, (Names{"Book.title", "shelf_place.shelf_id"}));      // a bare name of exactly one table
  EXPECT_EQ(c.dropped, (Names{"Book.isbn", "publisher.name", "book_id"}));  // book_id: two tables
}

TEST(ParseColumnList, QuotedPartsBackticksBracketsAndSpaces) {
  EXPECT_EQ(columns("[`Book`.`title`, \"shelf_place\".\"Row Label\", [author].[name]]").columns,
            (Names{"Book.title", "shelf_place.Row Label", "author.name"}));
  EXPECT_EQ(columns("- shelf_place.Row Label\n- Book.title").columns, (Names{"shelf_place.Row Label", "Book.title"}));
}

TEST(ParseColumnList, BulletsNumberingExplanationsAndCommas) {
  const auto c = columns(
      "Columns:\n1. **Book.title**: the title to match\n2. author.name - who wrote it\n* Book.author_id, "
      "author.author_id\n- Book.pages\n");
  EXPECT_EQ(c.columns, (Names{"Book.title", "author.name", "Book.author_id", "author.author_id"}));
  EXPECT_EQ(c.dropped, (Names{"Book.pages"}));  // "Columns:" is a heading, not a name
}

TEST(ParseColumnList, JsonObjectOfTablesToColumns) {
  const auto c = columns("{\"author\": [\"name\", \"author_id\"], \"Book\": [\"author_id\", \"title\", \"blurb\"]}");
  EXPECT_EQ(c.columns, (Names{"author.name", "author.author_id", "Book.author_id", "Book.title"}));
  EXPECT_EQ(c.dropped, (Names{"blurb"}));
}

TEST(ParseColumnList, StarMeansEveryColumnOfTheTable) {
  EXPECT_EQ(columns("[\"author.*\"]").columns, (Names{"author.author_id", "author.name"}));
}

TEST(ParseColumnList, ProseIsSearchedForDottedNamesOnly) {
  const auto c = columns("I would use Book.title and author.name, e.g. to join; maybe author.birth too.");
  EXPECT_EQ(c.columns, (Names{"Book.title", "author.name"}));
  EXPECT_EQ(c.dropped, (Names{"author.birth"}));  // "e.g" names no table: not counted
}

TEST(ParseColumnList, AnEchoedListOfSomethingElseIsSkipped) {
  EXPECT_EQ(columns("Tables: [\"author\"]. Columns: [\"author.name\"]").columns, (Names{"author.name"}));
}

TEST(ParseColumnList, WithinPickedTablesOthersAreDroppedAndBareNamesResolveAmongThem) {
  const auto c = columns("[\"Book.title\", \"author.name\", \"book_id\"]", {"book"});
  EXPECT_EQ(c.columns, (Names{"Book.title", "Book.book_id"}));  // book_id is unambiguous within Book
  EXPECT_EQ(c.dropped, (Names{"author.name"}));
}

TEST(ParseColumnList, NothingUsableIsAnErrorThatSaysWhatWasDropped) {
  auto empty = parse_column_list("  ", library());
  ASSERT_FALSE(empty.ok());
  EXPECT_EQ(empty.error(), "the answer is empty");
  auto none = parse_column_list("[\"Book.isbn\"]", library());
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.error(), "the answer names no column of the schema (dropped: Book.isbn)");
  auto outside = parse_column_list("author.name", library(), {"Book"});
  ASSERT_FALSE(outside.ok());
  EXPECT_NE(outside.error().find("no column of the picked tables"), std::string::npos);
}

// Item 1's gold: author.name, author.author_id, Book.author_id, Book.title (4); item 2's: none (COUNT(*)).
TEST(RetrieveItems, FullSchemaRetrievesEveryColumnAndScoresAsTableViiiDoes) {
  const auto items = retrieve_items(two_items(), only_library(), RetrievalApproach::FullSchema, {}, {});
  ASSERT_EQ(items.size(), 3u);
  EXPECT_EQ(items[0].columns.size(), 8u);
  EXPECT_EQ(items[0].outcome, LinkOutcome::Linked);
  EXPECT_EQ(items[1].outcome, LinkOutcome::GoldUnusable);  // COUNT(*) names no column
  EXPECT_EQ(items[2].outcome, LinkOutcome::NoSchema);
  const auto s = score_retrieval(retrieval_cases(items));
  EXPECT_EQ(s.n, 1u);
  EXPECT_DOUBLE_EQ(s.fpr, 100.0 * 4 / 8);
  EXPECT_DOUBLE_EQ(s.slr, 100.0);
}

TEST(RetrieveItems, TcslCombinesBothStepsAndScoresFprAndSlr) {
  auto set = two_items();
  set.items[1].sql = "SELECT title FROM Book";
  auto first = plan_retrieval(set, only_library(), repository_prompts(), RetrievalApproach::Tcsl, {});
  ASSERT_TRUE(first.ok());
  std::vector<Result<std::string>> answers{std::string("[\"author\", \"Book\"]"), std::string("[\"Book\"]")};
  auto second = plan_column_step(set, only_library(), repository_prompts(), *first, answers, {});
  ASSERT_TRUE(second.ok());
  ASSERT_EQ(second->size(), 2u);
  std::vector<RetrievalAsk> asks = *first;
  asks.insert(asks.end(), second->begin(), second->end());
  answers.push_back(std::string("[\"author.name\", \"Book.title\", \"Book.author_id\", \"author.author_id\"]"));
  answers.push_back(std::string("[\"Book.title\", \"Book.book_id\", \"author.name\"]"));  // author not picked
  const auto items = retrieve_items(set, only_library(), RetrievalApproach::Tcsl, asks, answers);
  EXPECT_EQ(items[0].tables, (Names{"author", "Book"}));
  EXPECT_EQ(items[0].columns, (Names{"author.author_id", "author.name", "Book.author_id", "Book.title"}));
  EXPECT_EQ(items[1].columns, (Names{"Book.book_id", "Book.title"}));
  EXPECT_EQ(items[1].dropped, 1u);
  EXPECT_NE(items[1].note.find("columns-in-tables: dropped author.name"), std::string::npos) << items[1].note;
  const auto s = score_retrieval(retrieval_cases(items));
  EXPECT_EQ(s.n, 2u);
  EXPECT_DOUBLE_EQ(s.fpr, 100.0 * (0.0 + 0.5) / 2);  // item 2: Book.book_id is not used
  EXPECT_DOUBLE_EQ(s.fpr_pooled, 100.0 * 1 / 6);
  EXPECT_DOUBLE_EQ(s.slr, 100.0);
}

TEST(RetrieveItems, FailedOrUnreadableAnswersRetrieveNothingAndSayWhy) {
  auto set = two_items();
  set.items[1].sql = "SELECT title FROM Book";
  auto first = plan_retrieval(set, only_library(), repository_prompts(), RetrievalApproach::Tcsl, {});
  ASSERT_TRUE(first.ok());
  const std::vector<Result<std::string>> answers{Error{"HTTP 500"}, std::string("no idea")};
  const auto items = retrieve_items(set, only_library(), RetrievalApproach::Tcsl, *first, answers);
  EXPECT_EQ(items[0].outcome, LinkOutcome::NoAnswer);
  EXPECT_EQ(items[0].note, "tables: HTTP 500");
  EXPECT_EQ(items[1].outcome, LinkOutcome::Unreadable);
  EXPECT_EQ(items[1].note, "tables: the answer names no table of the schema");
  const auto s = score_retrieval(retrieval_cases(items));
  EXPECT_EQ(s.n, 2u);
  EXPECT_EQ(s.fpr_items, 0u);  // nothing retrieved: no FPR, SLR 0
  EXPECT_DOUBLE_EQ(s.slr, 0.0);

  auto scsl = plan_retrieval(set, only_library(), repository_prompts(), RetrievalApproach::Scsl, {});
  ASSERT_TRUE(scsl.ok());
  const std::vector<Result<std::string>> scsl_answers{std::string("```\nauthor.name\nBook.title\n```"),
                                                      std::string("[\"Book.isbn\"]")};
  const auto scsl_items = retrieve_items(set, only_library(), RetrievalApproach::Scsl, *scsl, scsl_answers);
  EXPECT_EQ(scsl_items[0].columns, (Names{"author.name", "Book.title"}));
  EXPECT_EQ(scsl_items[1].outcome, LinkOutcome::Unreadable);
  EXPECT_EQ(scsl_items[1].note, "columns: the answer names no column of the schema (dropped: Book.isbn)");
}

}  // namespace
}  // namespace chokepoint::linking
