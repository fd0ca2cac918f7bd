// Thesis Table 4.9: is the linker table among the tables a retriever returned? Items are built by hand around the
// movie example of §4.1.2, whose linker table is `characters`.
#include "core/tqa/linker_retrieval.h"

#include <gtest/gtest.h>

namespace chokepoint::tqa {
namespace {

ItemLinkerAnalysis linker_item(const std::string& key, const std::string& table = "characters") {
  ItemLinkerAnalysis a;
  a.item.key = key;
  a.item.db_id = "movie";
  a.jqg_nodes = 3;
  LinkerTable lt;
  lt.table = table;
  a.linker = lt;
  return a;
}

ItemLinkerAnalysis two_table_item(const std::string& key) {
  ItemLinkerAnalysis a;
  a.item.key = key;
  a.item.db_id = "movie";
  a.jqg_nodes = 2;  // no linker table below three nodes
  return a;
}

TEST(LinkerRetrieval, TheLinkerTableAmongTheRetrievedOnesIsAHit) {
  auto t = linker_table_presence({linker_item("1")}, {{"1", {"movie", "characters", "actor"}}});
  ASSERT_EQ(t.items.size(), 1u);
  EXPECT_EQ(t.items[0].presence, LinkerPresence::retrieved);
  EXPECT_EQ(t.items[0].linker_table, "characters");
  EXPECT_EQ(t.retrieved, 1u);
  EXPECT_EQ(t.retrieved_pct(), 100.0);
}

TEST(LinkerRetrieval, ARetrievalWithoutTheLinkerTableIsAMiss) {
  // The retriever read "who played" as actor and the title as movie, and never named the hub between them.
  auto t = linker_table_presence({linker_item("1")}, {{"1", {"movie", "actor"}}});
  EXPECT_EQ(t.items[0].presence, LinkerPresence::missed);
  EXPECT_EQ(t.missed, 1u);
  EXPECT_EQ(t.missed_pct(), 100.0);
}

TEST(LinkerRetrieval, AnEmptyAnswerIsAMiss) {
  auto t = linker_table_presence({linker_item("1")}, {{"1", {}}});
  EXPECT_EQ(t.items[0].presence, LinkerPresence::missed);
}

TEST(LinkerRetrieval, AnItemTheRetrieverHasNoAnswerForIsCountedApart) {
  auto t = linker_table_presence({linker_item("1"), linker_item("2")}, {{"1", {"characters"}}});
  EXPECT_EQ(t.items[1].presence, LinkerPresence::no_retrieval);
  EXPECT_EQ(t.no_retrieval, 1u);
  EXPECT_EQ(t.scored(), 1u);  // the rates are over item 1 only
  EXPECT_EQ(t.retrieved_pct(), 100.0);
}

TEST(LinkerRetrieval, ItemsWithoutALinkerTableAreNotTheTablesItems) {
  auto t = linker_table_presence({two_table_item("1"), linker_item("2")}, {{"1", {"movie"}}, {"2", {"characters"}}});
  EXPECT_EQ(t.without_linker, 1u);
  ASSERT_EQ(t.items.size(), 1u);
  EXPECT_EQ(t.items[0].key, "2");
}

TEST(LinkerRetrieval, TableNamesMatchWhateverTheirCase) {
  auto t = linker_table_presence({linker_item("1", "RaceResults")}, {{"1", {"raceresults"}}});
  EXPECT_EQ(t.items[0].presence, LinkerPresence::retrieved);
}

TEST(LinkerRetrieval, NinetySevenOfOneHundredSixReadsLikeTableFourNine) {
  // Table 4.9, Original row: the linker table is retrieved for 97 of the 106 test queries.
  std::vector<ItemLinkerAnalysis> analyses;
  std::map<std::string, std::vector<std::string>> retrieved;
  for (int i = 0; i < 106; ++i) {
    const std::string key = std::to_string(i);
    analyses.push_back(linker_item(key));
    retrieved[key] = i < 97 ? std::vector<std::string>{"movie", "characters"} : std::vector<std::string>{"movie"};
  }
  auto t = linker_table_presence(analyses, retrieved);
  const nlohmann::json j = linker_presence_json(t);
  EXPECT_EQ(j["retrieved_row"], "97 / 106 (91.51%)");
  EXPECT_EQ(j["missed_row"], "9 / 106 (8.49%)");
  EXPECT_EQ(j["retrieved_pct"], 91.51);
  EXPECT_EQ(j["items"].size(), 106u);
  EXPECT_EQ(j["items"][100]["presence"], "missed");
}

TEST(LinkerRetrieval, LinkerTablesNamedByAReportCountAsTheAnalysesDo) {
  // The same three items, once as analyses and once as the linker tables a report names: the same table.
  const std::map<std::string, std::vector<std::string>> retrieved{{"1", {"CHARACTERS"}}, {"2", {"movie"}}};
  const auto from_analyses = linker_table_presence(
      std::vector<ItemLinkerAnalysis>{linker_item("1"), linker_item("2"), linker_item("3")}, retrieved);
  const auto from_report = linker_table_presence(
      std::vector<ItemLinker>{{"1", "movie", "characters"}, {"2", "movie", "characters"}, {"3", "movie", "characters"}},
      retrieved);
  EXPECT_EQ(linker_presence_json(from_report), linker_presence_json(from_analyses));
  EXPECT_EQ(from_report.retrieved, 1u) << "names match ignoring case";
  EXPECT_EQ(from_report.missed, 1u);
  EXPECT_EQ(from_report.no_retrieval, 1u) << "item 3 has no retrieval: outside both columns";
  EXPECT_EQ(from_report.without_linker, 0u);
}

}  // namespace
}  // namespace chokepoint::tqa
