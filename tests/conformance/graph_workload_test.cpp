// Thesis Table 3.5 from BIRD dev with `workload` labels: the equi-joins of the dev gold SQL (core/sql's
// workload_equi_joins) added to dev_tables.json's declared keys, siblings by referenced table. card_games,
// european_football_2 and debit_card_specializing only match with these joins. Skips without shared data.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "core/graph/schema_graph.h"
#include "core/graph/statistics.h"
#include "core/schema/tables_json.h"
#include "core/sql/join_query_graph.h"

namespace chokepoint {
namespace {

const std::string kBird = std::string(CHOKEPOINT_SHARED_DATA) + "/bird";

struct Row {
  size_t nodes, edges;
  long long cycles;
  std::map<int, long long> by_length;  // counts behind the thesis' percentages (e.g. card_games 62.5% of 8 = 5)
};

TEST(GraphWorkloadConformance, BirdTable35AllElevenRowsWithGoldJoins) {
  std::ifstream gold(kBird + "/dev_gold.sql");
  if (!gold || !std::ifstream(kBird + "/dev_tables.json")) GTEST_SKIP() << "no BIRD dev data";
  auto schemas = load_tables_json(kBird + "/dev_tables.json");
  ASSERT_TRUE(schemas.ok()) << schemas.error();
  std::vector<JoinHint> hints;
  std::string line;
  size_t queries = 0, unparsed = 0;
  while (std::getline(gold, line)) {
    const auto tab = line.rfind('\t');
    if (tab == std::string::npos) continue;
    const std::string db_id = line.substr(tab + 1);
    for (const auto& s : *schemas) {
      if (s.db_id != db_id) continue;
      ++queries;
      auto pairs = sql::workload_equi_joins(line.substr(0, tab), s);
      if (!pairs.ok()) {
        ++unparsed;
        continue;
      }
      for (const auto& p : *pairs)
        hints.push_back(single_column_hint(p.table_a, p.column_a, p.table_b, p.column_b, db_id));
    }
  }
  EXPECT_EQ(queries, 1534u);
  EXPECT_EQ(unparsed, 0u);
  // Table 3.5, with the cycle-length shares turned into counts (share x total).
  const std::map<std::string, Row> table_3_5 = {
      {"formula_1", {13, 40, 65817, {}}},
      {"codebase_community", {8, 24, 2283, {}}},
      {"financial", {8, 15, 70, {{3, 12}, {4, 19}, {5, 21}, {6, 12}, {7, 6}}}},
      {"student_club", {8, 12, 18, {{3, 6}, {4, 6}, {5, 4}, {6, 2}}}},
      {"card_games", {6, 9, 8, {{3, 5}, {4, 3}}}},
      {"european_football_2", {7, 9, 3, {{3, 3}}}},
      {"toxicology", {4, 5, 3, {{3, 2}, {4, 1}}}},
      {"california_schools", {3, 3, 1, {{3, 1}}}},
      {"debit_card_specializing", {5, 5, 1, {{3, 1}}}},
      {"superhero", {10, 10, 1, {{3, 1}}}},
      {"thrombosis_prediction", {3, 3, 1, {{3, 1}}}},
  };
  size_t matched = 0;
  for (const auto& s : *schemas) {
    const SchemaGraph g = build_schema_graph(s, {SiblingRule::table}, hints);
    const GraphStatistics st = compute_statistics(g);
    auto row = table_3_5.find(s.db_id);
    ASSERT_NE(row, table_3_5.end()) << s.db_id;
    SCOPED_TRACE(s.db_id);
    EXPECT_EQ(st.nodes, row->second.nodes);
    EXPECT_EQ(st.edges, row->second.edges);
    EXPECT_EQ(st.cycles.total, row->second.cycles);
    if (!row->second.by_length.empty()) EXPECT_EQ(st.cycles.by_length, row->second.by_length);
    ++matched;
  }
  EXPECT_EQ(matched, 11u);
}

TEST(GraphWorkloadConformance, GoldJoinsAreTaggedWorkload) {
  if (!std::ifstream(kBird + "/dev_tables.json")) GTEST_SKIP() << "no BIRD dev data";
  auto schemas = load_tables_json(kBird + "/dev_tables.json");
  ASSERT_TRUE(schemas.ok()) << schemas.error();
  const Schema* cards = nullptr;
  for (const auto& s : *schemas)
    if (s.db_id == "card_games") cards = &s;
  ASSERT_NE(cards, nullptr);
  // Line 471 of BIRD's dev_gold.sql: cards joined to sets on the set code, a key dev_tables.json lacks.
  auto pairs = sql::workload_equi_joins(
      "SELECT DISTINCT T2.releaseDate FROM cards AS T1 INNER JOIN sets AS T2 ON T2.code = T1.setCode "
      "WHERE T1.name = 'Ancestor''s Chosen'",
      *cards);
  ASSERT_TRUE(pairs.ok()) << pairs.error();
  std::vector<JoinHint> hints;
  for (const auto& p : *pairs) hints.push_back(single_column_hint(p.table_a, p.column_a, p.table_b, p.column_b));
  const SchemaGraph g = build_schema_graph(*cards, {SiblingRule::table}, hints);
  const SchemaEdge* e = g.find_edge(g.find_table("cards"), g.find_table("sets"));
  ASSERT_NE(e, nullptr);
  ASSERT_EQ(e->labels.size(), 1u);
  EXPECT_EQ(e->labels[0].source, LabelSource::workload);
  EXPECT_EQ(e->labels[0].text(), "sets.code = cards.setCode");
}

}  // namespace
}  // namespace chokepoint
