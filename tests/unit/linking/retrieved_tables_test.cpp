// The table list of each item's retrieval, keyed by item, for thesis Table 4.9: TCSL's first-step tables, the tables
// of SCSL's and Full-Schema's columns, an unreadable answer as an empty list, and no entry when nothing was answered.
#include "core/linking/retrieved_tables.h"

#include <gtest/gtest.h>

namespace chokepoint::linking {
namespace {

Schema movie() {
  Schema s;
  s.db_id = "movie";
  s.tables = {Table{"actor", "", {{"ActorID", "INTEGER", ""}, {"Name", "TEXT", ""}}, {"ActorID"}, {}},
              Table{"movie", "", {{"MovieID", "INTEGER", ""}, {"Title", "TEXT", ""}}, {"MovieID"}, {}},
              Table{"characters", "", {{"MovieID", "INTEGER", ""}, {"ActorID", "INTEGER", ""}}, {}, {}},
              Table{"movie.old", "", {{"Title", "TEXT", ""}}, {}, {}}};
  return s;
}

SchemaOf only_movie() {
  static const Schema s = movie();
  return [](const std::string& db) -> const Schema* { return db == "movie" ? &s : nullptr; };
}

EvalSet three_items() {
  EvalSet set;
  for (const char* key : {"q1", "q2", "q3"}) set.items.push_back(EvalItem{key, "movie", "", "", "SELECT 1", ""});
  return set;
}

RetrievedItem retrieved(size_t item, std::vector<std::string> tables, std::vector<std::string> columns,
                        LinkOutcome outcome = LinkOutcome::Linked) {
  RetrievedItem r;
  r.item = item;
  r.tables = std::move(tables);
  r.columns = std::move(columns);
  r.outcome = outcome;
  return r;
}

TEST(RetrievedTables, TcslGivesTheTablesItsFirstStepPicked) {
  auto m =
      retrieved_tables_by_key(three_items(), {retrieved(0, {"movie", "characters"}, {"movie.Title"})}, only_movie());
  EXPECT_EQ(m.at("q1"), (std::vector<std::string>{"movie", "characters"}));
}

TEST(RetrievedTables, ScslGivesTheTablesOfItsColumnsInOrderOfFirstAppearance) {
  auto m = retrieved_tables_by_key(
      three_items(), {retrieved(1, {}, {"movie.Title", "actor.Name", "movie.MovieID", "movie.old.Title"})},
      only_movie());
  EXPECT_EQ(m.at("q2"), (std::vector<std::string>{"movie", "actor", "movie.old"}));
}

TEST(RetrievedTables, AnUnreadableAnswerIsAnEmptyList) {
  auto m = retrieved_tables_by_key(three_items(), {retrieved(0, {}, {}, LinkOutcome::Unreadable)}, only_movie());
  ASSERT_EQ(m.count("q1"), 1u);
  EXPECT_TRUE(m.at("q1").empty());
}

TEST(RetrievedTables, AnItemWithoutAnAnswerHasNoEntry) {
  auto m = retrieved_tables_by_key(
      three_items(), {retrieved(0, {"movie"}, {}), retrieved(2, {}, {}, LinkOutcome::NoAnswer)}, only_movie());
  EXPECT_EQ(m.size(), 1u);
  EXPECT_EQ(m.count("q3"), 0u);
}

TEST(RetrievedTables, LinkingGivesItsRetrievedTables) {
  LinkedItem l;
  l.item = 2;
  l.retrieved.tables = {"actor", "characters"};
  auto m = retrieved_tables_by_key(three_items(), std::vector<LinkedItem>{l});
  EXPECT_EQ(m.at("q3"), (std::vector<std::string>{"actor", "characters"}));
}

TEST(RetrievedTables, ADottedTableNameIsReadWhole) {
  EXPECT_EQ(table_of_column("movie.old.Title", movie()), "movie.old");
  EXPECT_EQ(table_of_column("movie.Title", movie()), "movie");
  EXPECT_EQ(table_of_column("nowhere.Title", movie()), "");
}

TEST(RetrievedTables, ALinkReportReadsBackUnderTheSameRuleAsTheLinkedItems) {
  // What `chokepoint link` writes for a linked item, an unreadable answer, a failed call and an unknown database.
  const std::string report = R"({"n": 4, "items": [
    {"id": "q1", "outcome": "linked", "retrieved_tables": ["movie", "characters", "movie"]},
    {"id": "q2", "outcome": "unreadable", "retrieved_tables": []},
    {"id": "q3", "outcome": "no_answer", "retrieved_tables": []},
    {"id": 7, "outcome": "no_schema", "retrieved_tables": []}]})";
  auto m = retrieved_tables_from_report(report, "L.json");
  ASSERT_TRUE(m.ok()) << m.error();
  EXPECT_EQ(m->size(), 2u) << "a failed call and an unknown database retrieved nothing: left out";
  EXPECT_EQ(m->at("q1"), (std::vector<std::string>{"movie", "characters"})) << "each table once, in order";
  EXPECT_TRUE(m->at("q2").empty()) << "an unreadable answer is a miss";

  LinkedItem l;
  l.item = 1;
  l.outcome = LinkOutcome::Unreadable;
  EXPECT_EQ(retrieved_tables_by_key(three_items(), std::vector<LinkedItem>{l}).count("q2"), m->count("q2"));
}

// What `chokepoint retrieval --gold SET.json --approach tcsl` writes: each item with its variant and approach; one of
// each is read as a link report is. A report of several approaches (or variants) is refused, naming them.
TEST(RetrievedTables, ARetrievalReportOfOneApproachReadsBackAsALinkReport) {
  const std::string one = R"({"items": [
    {"variant": "SR", "approach": "tcsl", "id": "q1", "outcome": "linked", "retrieved_tables": ["movie"]},
    {"variant": "SR", "approach": "tcsl", "id": "q2", "outcome": "no_answer", "retrieved_tables": []}]})";
  auto m = retrieved_tables_from_report(one, "R.json");
  ASSERT_TRUE(m.ok()) << m.error();
  EXPECT_EQ(m->size(), 1u);
  EXPECT_EQ(m->at("q1"), (std::vector<std::string>{"movie"}));
  const std::string two = R"({"items": [
    {"variant": "SR", "approach": "tcsl", "id": "q1", "outcome": "linked", "retrieved_tables": ["movie"]},
    {"variant": "SR", "approach": "scsl", "id": "q1", "outcome": "linked", "retrieved_tables": []}]})";
  EXPECT_EQ(retrieved_tables_from_report(two, "R.json").error(),
            "R.json: holds 2 approaches (tcsl, scsl): give one retriever's run on one set (chokepoint retrieval --gold "
            "SET.json --approach tcsl)");
}

TEST(RetrievedTables, AFileThatIsNoLinkReportIsRefusedByName) {
  auto bad = [](const std::string& text) { return retrieved_tables_from_report(text, "SR_link.json").error(); };
  EXPECT_EQ(bad("{"), "SR_link.json: not JSON");
  EXPECT_EQ(bad("[1]"), "SR_link.json: not a report of chokepoint link or retrieval (no \"items\" list)");
  EXPECT_EQ(bad(R"({"items": [{"id": "q1"}]})"), "SR_link.json: item 0 lacks id, outcome or retrieved_tables");
  EXPECT_EQ(bad(R"({"items": [{"id": "q1", "outcome": "found", "retrieved_tables": []}]})"),
            "SR_link.json: item 0: unknown outcome 'found'");
  EXPECT_EQ(bad(R"({"items": [{"id": "q1", "outcome": "linked", "retrieved_tables": [3]}]})"),
            "SR_link.json: item 0: retrieved_tables holds a non-string");
  EXPECT_EQ(bad(R"({"items": [{"id": "q1", "outcome": "linked", "retrieved_tables": []},
                              {"id": "q1", "outcome": "linked", "retrieved_tables": []}]})"),
            "SR_link.json: item 1: id q1 appears twice");
}

}  // namespace
}  // namespace chokepoint::linking
