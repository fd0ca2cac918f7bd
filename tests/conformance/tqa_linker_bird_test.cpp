// TQA reference detection on BIRD dev (dev.json + dev_tables.json, no LLM), printed beside thesis Table 4.2. The
// thesis pools BIRD train and dev and keeps one cluster of databases, so the counts cannot be equal; the test
// asserts the invariants that must hold whatever the data and prints the figures for the report.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>

#include "core/dataset/eval_set_loader.h"
#include "core/graph/schema_graph.h"
#include "core/lexicon/lexicon.h"
#include "core/schema/tables_json.h"
#include "core/tqa/linker_analysis.h"

namespace chokepoint::tqa {
namespace {

TEST(TqaLinkerBird, DevStatisticsBesideThesisTable42) {
  const std::string root = std::string(CHOKEPOINT_SHARED_DATA) + "/bird/";
  auto set = load_eval_set(root + "dev.json");
  auto tables = load_tables_json(root + "dev_tables.json");
  if (!set.ok() || !tables.ok()) GTEST_SKIP() << "BIRD dev not found under " << root;
  auto lex = Lexicon::load_wordnet_dir("/usr/share/wordnet");
  if (!lex.ok()) GTEST_SKIP() << "WordNet not found: " << lex.error();

  std::map<std::string, Schema> schemas;
  std::map<std::string, SchemaGraph> graphs;
  std::map<std::string, LinkerDatabase> dbs;
  for (auto& s : *tables) schemas[s.db_id] = s;
  for (const auto& [id, s] : schemas) graphs[id] = build_schema_graph(s);
  for (const auto& [id, s] : schemas) dbs[id] = {&s, &graphs[id]};
  std::vector<EvalItem> items;
  for (const auto& i : set->items) items.push_back({i.key, i.db_id, i.question, i.evidence, i.sql, i.difficulty});

  ReferenceMatcher matcher(*lex);
  auto analyses = analyze_linker_tables(items, dbs, matcher);
  LinkerStatistics s = linker_statistics(analyses);

  EXPECT_EQ(s.queries, 1534u);
  EXPECT_EQ(s.errors, 0u);  // every gold query parses and every db_id is in dev_tables.json
  EXPECT_GT(s.with_linker_table, 100u);
  EXPECT_LT(s.with_linker_table, s.queries / 2);
  size_t by_nodes = 0;
  for (const auto& [n, count] : s.node_counts) {
    EXPECT_GE(n, kMinLinkerNodes);
    by_nodes += count;
  }
  EXPECT_EQ(by_nodes, s.with_linker_table);
  EXPECT_LE(s.with_question_reference, s.with_linker_table);
  EXPECT_GE(s.components_in_questions, s.with_question_reference);  // each such item has >= 1 component
  EXPECT_GE(s.matching_question_tokens, s.components_in_questions);
  EXPECT_GE(s.matching_evidence_tokens, s.components_in_evidence);
  // Thesis Table 4.2's shape: questions name the linker table more often than evidence does.
  EXPECT_GT(s.components_in_questions, s.components_in_evidence);
  EXPECT_GT(s.matching_question_tokens, s.matching_evidence_tokens);
  for (const auto& a : analyses) {
    if (!a.linker) continue;
    for (const auto& c : a.references.components)
      for (const auto& t : c.question) EXPECT_EQ(a.item.question.substr(t.position, t.length), t.text);
  }

  std::printf("BIRD dev linker tables (thesis Table 4.2: train / dev / test of their BIRD train+dev split)\n");
  std::printf("  queries in set                 %zu\n", s.queries);
  std::printf("  with linker table (>=3 nodes)  %zu   (thesis 466 / 125 / 106, after clustering)\n",
              s.with_linker_table);
  std::printf("  ... with a question reference  %zu   (thesis keeps only these)\n", s.with_question_reference);
  std::printf("  questions / evidence           %zu / %zu   (thesis 466/443, 125/122, 106/106)\n", s.questions,
              s.evidences);
  std::printf("  LT components in questions     %zu   (thesis 625 / 151 / 126)\n", s.components_in_questions);
  std::printf("  LT components in evidence      %zu   (thesis 276 / 60 / 51)\n", s.components_in_evidence);
  std::printf("  matching question tokens       %zu   (thesis 754 / 161 / 149)\n", s.matching_question_tokens);
  std::printf("  matching evidence tokens       %zu   (thesis 320 / 71 / 63)\n", s.matching_evidence_tokens);
  for (const auto& [n, count] : s.node_counts) std::printf("  JQG with %zu nodes             %zu\n", n, count);
  auto pct = [](size_t a, size_t b) { return b ? 100.0 * static_cast<double>(a) / static_cast<double>(b) : 0.0; };
  std::printf(
      "  Table 4.7: join atts in Qs %.1f%%, proj/filter in Qs %.1f%%, join in Evs %.1f%%, proj/filter in "
      "Evs %.1f%%   (thesis dev 63.2 / 22.4 / 68.0 / 30.3)\n",
      pct(s.join_attributes_in_questions, s.questions), pct(s.other_attributes_in_questions, s.questions),
      pct(s.join_attributes_in_evidence, s.evidences), pct(s.other_attributes_in_evidence, s.evidences));
}

}  // namespace
}  // namespace chokepoint::tqa
