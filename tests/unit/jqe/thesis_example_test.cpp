// The thesis' toxicology expansion example (000_b5d86d278fd47bd1 §3.1.2), stage by stage and end to end.
#include <gtest/gtest.h>

#include "core/jqe/candidate_tables.h"
#include "core/jqe/combinations.h"
#include "core/jqe/join_conditions.h"
#include "core/jqe/redundancy.h"
#include "core/jqe/report.h"
#include "core/sql/join_query_graph.h"
#include "core/sql/parser.h"
#include "core/sql/printer.h"
#include "tests/unit/jqe/toxicology_fixture.h"

namespace chokepoint::jqe {
namespace {

using testing::kToxicologySeed;
using testing::Toxicology;

// The thesis' SQL written on one line, normalised through the parser and printer (spelling kept, keywords upper).
std::string normalised_sql(const std::string& sql) {
  auto tree = sql::parse_sql(sql);
  EXPECT_TRUE(tree.ok()) << sql;
  return tree.ok() ? sql::print_sql(**tree) : "";
}

const std::string kHead =
    "SELECT COUNT(DISTINCT molecule.molecule_id) FROM molecule JOIN atom ON atom.molecule_id = molecule.molecule_id ";
const std::string kTail = " WHERE molecule.label = \"-\" AND atom.element = \"cl\"";

// The five expansions (i)–(v) of §3.1.2. Two corrections to the printed thesis text:
//  * (i) bond:JC1 and (ii) bond:JC2 are printed with each other's columns (Q_bond:JC1 shows
//    bond.molecule_id = atom.molecule_id, which is JC2). That is the reference implementation's "swapped join
//    columns" bug (notes §2.3-2); JC1 = molecule.molecule_id = bond.molecule_id must join bond to molecule.
//  * (iii)–(v) print the seed's join as molecule.molecule_id = atom.molecule_id; JQE keeps the seed as written.
const std::vector<std::string> kThesisExpansions = {
    kHead + "JOIN bond ON bond.molecule_id = molecule.molecule_id" + kTail,  // (i)
    kHead + "JOIN bond ON bond.molecule_id = atom.molecule_id" + kTail,      // (ii)
    kHead + "JOIN connected ON connected.atom_id = atom.atom_id" + kTail,    // (iii)
    kHead + "JOIN connected ON connected.atom_id2 = atom.atom_id" + kTail,   // (iv)
    kHead + "JOIN connected ON connected.atom_id = atom.atom_id AND connected.atom_id2 = atom.atom_id" + kTail,  // (v)
};

struct Parsed {
  sql::NodePtr tree;
  sql::NameResolution names;
  sql::JoinQueryGraph jqg;
};

Parsed parse(const std::string& sql, const Schema& schema) {
  Parsed p;
  {
    auto r = sql::parse_sql(sql);
    p.tree = std::move(r.value());
  }
  p.names = sql::resolve_names(*p.tree, schema);
  p.jqg = sql::build_join_query_graph(p.names, schema, p.names.main_scope);
  return p;
}

std::vector<std::string> names_of(const SchemaGraph& g, const std::vector<int>& tables) {
  std::vector<std::string> out;
  for (int t : tables) out.push_back(g.tables[static_cast<size_t>(t)]);
  return out;
}

TEST(ThesisExample, CandidateTablesAreBondAndConnected) {
  Toxicology t = Toxicology::load();
  Parsed p = parse(kToxicologySeed, t.schema);
  EXPECT_EQ(names_of(t.graph, candidate_tables(p.jqg, t.graph)), (std::vector<std::string>{"bond", "connected"}));
}

TEST(ThesisExample, JoinConditionsJC1ToJC4WithCandidateColumnsOnTheCandidate) {
  Toxicology t = Toxicology::load();
  Parsed p = parse(kToxicologySeed, t.schema);
  auto bond = join_conditions(p.jqg, t.graph, t.graph.find_table("bond"));
  ASSERT_EQ(bond.size(), 2u);
  EXPECT_EQ(bond[0].text, "bond.molecule_id = molecule.molecule_id");  // JC1 (molecule is node 0)
  EXPECT_EQ(bond[0].node, 0);
  EXPECT_EQ(bond[1].text, "bond.molecule_id = atom.molecule_id");  // JC2 (FK–FK sibling label)
  EXPECT_EQ(bond[1].node, 1);
  auto connected = join_conditions(p.jqg, t.graph, t.graph.find_table("connected"));
  ASSERT_EQ(connected.size(), 2u);
  EXPECT_EQ(connected[0].text, "connected.atom_id = atom.atom_id");   // JC3
  EXPECT_EQ(connected[1].text, "connected.atom_id2 = atom.atom_id");  // JC4
}

TEST(ThesisExample, SixCombinationsAndJC1JC2IsRedundant) {
  Toxicology t = Toxicology::load();
  Parsed p = parse(kToxicologySeed, t.schema);
  std::vector<std::vector<CandidateCondition>> conds;
  std::vector<CandidateSpec> specs;
  for (int c : candidate_tables(p.jqg, t.graph)) {
    conds.push_back(join_conditions(p.jqg, t.graph, c));
    CandidateSpec s;
    s.name = t.graph.tables[static_cast<size_t>(c)];
    for (const auto& jc : conds.back()) s.condition_nodes.push_back(jc.node);
    specs.push_back(s);
  }
  Preferences prefs;
  prefs.order = *parse_order("complexity:asc");
  CombinationEnumerator e(specs, prefs);
  RedundancyChecker redundancy(p.jqg);
  std::vector<std::string> seen, redundant;
  Combination c;
  while (e.next(c)) {
    std::string label = specs[static_cast<size_t>(c.candidate)].name + ":";
    for (int i : c.conditions) label += "JC" + std::to_string(i + 1 + (c.candidate == 1 ? 2 : 0));
    seen.push_back(label);
    if (redundancy.redundant_condition(conds[static_cast<size_t>(c.candidate)], c.conditions) >= 0)
      redundant.push_back(label);
  }
  EXPECT_EQ(seen, (std::vector<std::string>{"bond:JC1", "bond:JC2", "connected:JC3", "connected:JC4", "bond:JC1JC2",
                                            "connected:JC3JC4"}));
  EXPECT_EQ(redundant, (std::vector<std::string>{"bond:JC1JC2"}));
}

JqeOptions thesis_order(int per_pattern) {
  JqeOptions o;
  o.preferences.order = *parse_order("complexity:asc");  // the order (i)..(v) the thesis assumes
  o.per_pattern = per_pattern;
  return o;
}

TEST(ThesisExample, FiveExpandedQueriesAsTheThesisListsThemEachNonEmpty) {
  Toxicology t = Toxicology::load();
  JqeRun run = run_jqe({testing::seed(kToxicologySeed)}, t.databases(true), thesis_order(0));
  ASSERT_EQ(run.expansions.size(), 5u);
  for (size_t i = 0; i < 5; ++i) EXPECT_EQ(run.expansions[i].sql, normalised_sql(kThesisExpansions[i])) << i;
  // The sample database's header comment: 5, 5, 5, 5 and 1 molecules.
  const std::vector<int64_t> counts = {5, 5, 5, 5, 1};
  for (size_t i = 0; i < 5; ++i) {
    QueryOutcome o = t.db.query(run.expansions[i].sql);
    ASSERT_TRUE(o.ok()) << o.message;
    ASSERT_EQ(o.result.rows.size(), 1u);
    EXPECT_EQ(o.result.rows[0][0].integer, counts[i]) << i;
  }
  ASSERT_EQ(run.discards.size(), 1u);
  EXPECT_EQ(run.discards[0].reason, DiscardReason::redundant);
  EXPECT_EQ(run.seeds[0].candidates[static_cast<size_t>(run.discards[0].candidate)].table, "bond");
  EXPECT_EQ(run.discards[0].conditions, (std::vector<int>{0, 1}));
}

TEST(ThesisExample, OneQueryPerPatternKeepsOnlyTheFirst) {
  Toxicology t = Toxicology::load();
  JqeRun run = run_jqe({testing::seed(kToxicologySeed)}, t.databases(true), thesis_order(1));
  ASSERT_EQ(run.expansions.size(), 1u);
  EXPECT_EQ(run.expansions[0].sql, normalised_sql(kThesisExpansions[0]));
  size_t isomorphic = 0;
  for (const auto& d : run.discards) isomorphic += d.reason == DiscardReason::isomorphic;
  EXPECT_EQ(isomorphic, 4u);  // (ii)–(v) all have the 3-node path shape of (i)
  auto summary = jqe_summary(run);
  EXPECT_EQ(summary["generated"], 5);
  EXPECT_EQ(summary["expansion"], 1);
  EXPECT_EQ(summary["pruned"], 4);
  EXPECT_EQ(summary["redundant"], 1);
}

TEST(ThesisExample, DefaultOrderPrefersMostConditions) {
  // Default complexity descending: {JC1,JC2} is redundant, so connected:JC3-JC4 (v) comes first and takes the slot.
  Toxicology t = Toxicology::load();
  JqeRun run = run_jqe({testing::seed(kToxicologySeed)}, t.databases(true), JqeOptions{});
  ASSERT_EQ(run.expansions.size(), 1u);
  EXPECT_EQ(run.expansions[0].sql, normalised_sql(kThesisExpansions[4]));
}

TEST(ThesisExample, SchemaOnlyModeGivesTheSameTexts) {
  Toxicology t = Toxicology::load();
  JqeRun run = run_jqe({testing::seed(kToxicologySeed)}, t.databases(false), thesis_order(0));
  ASSERT_EQ(run.expansions.size(), 5u);
  for (size_t i = 0; i < 5; ++i) EXPECT_EQ(run.expansions[i].sql, normalised_sql(kThesisExpansions[i]));
}

}  // namespace
}  // namespace chokepoint::jqe
