// JQE's optional enrichment from set statistics (thesis §3.2 after Algorithm 1; SQLMorph §IV Stage D): statistics
// counted by hand on a small set, a predicate on the newly joined bond table that keeps the result non-empty, a
// projection, determinism, and default runs untouched.
#include <gtest/gtest.h>

#include "core/dataset/eval_set_loader.h"
#include "core/jqe/clause_enrichment.h"
#include "core/jqe/execution_check.h"
#include "core/jqe/report.h"
#include "core/jqe/set_statistics.h"
#include "core/sql/parser.h"
#include "tests/unit/jqe/toxicology_fixture.h"

namespace chokepoint::jqe {
namespace {

using testing::kToxicologySeed;
using testing::Toxicology;

// Hand-written set. Hand counts (WHERE/HAVING predicates; joins in ON and column = column are not shapes):
//   bond.bond_id    projections 2 (Q1 inside COUNT, Q3)          predicates 1: > 'x' (Q3, written 'x' < bond_id)
//   bond.bond_type  projections 2 (Q5 outer through T, Q5 inner)  predicates 3: = '#' x2 (Q1, Q2), = '=' x1 (Q3)
//   molecule.molecule_id projections 1 (Q2)
//   molecule.label  projections 1 (Q6)  predicates 2: = '+' (Q2), = '-' (Q6, the double-quoted "-" is a string)
//   atom.atom_id    predicates 1: LIKE 'TR00%';  atom.molecule_id predicates 1: IS NOT NULL
//   atom.element    projections 1  predicates 1: IN 'cl', 'o'
const std::vector<std::string> kHandSet = {
    "SELECT COUNT(T.bond_id) FROM bond AS T WHERE T.bond_type = '#'",
    "SELECT DISTINCT T2.molecule_id FROM bond AS T1 INNER JOIN molecule AS T2 ON T1.molecule_id = T2.molecule_id "
    "WHERE T1.bond_type = '#' AND T2.label = '+'",
    "SELECT bond_id FROM bond WHERE bond_type = '=' OR 'x' < bond_id",
    "SELECT T1.element FROM atom AS T1 WHERE T1.element IN ('cl', 'o') AND T1.atom_id LIKE 'TR00%' "
    "AND T1.molecule_id IS NOT NULL",
    "SELECT T.bond_type FROM (SELECT bond_type FROM bond) AS T",
    "SELECT label FROM molecule WHERE label = \"-\"",
};

SetStatistics hand_statistics(const Toxicology& t) {
  std::vector<StatisticsQuery> q;
  for (const auto& s : kHandSet) q.push_back({"toxicology", s});
  return collect_set_statistics(q, {{"toxicology", &t.schema}});
}

TEST(JqeSetStatistics, CountsProjectionsAndPredicateShapesByHand) {
  Toxicology t = Toxicology::load();
  SetStatistics s = hand_statistics(t);
  EXPECT_EQ(s.queries, 6u);
  EXPECT_EQ(s.skipped, 0u);
  const TableStatistics* bond = s.find("toxicology", "BOND");
  ASSERT_NE(bond, nullptr);
  ASSERT_EQ(bond->columns.size(), 2u);  // schema order: bond_id, bond_type (molecule_id never used)
  EXPECT_EQ(bond->columns[0].column, "bond_id");
  EXPECT_EQ(bond->columns[0].projections, 2u);
  EXPECT_EQ(bond->columns[0].predicates, 1u);
  ASSERT_EQ(bond->columns[0].shapes.size(), 1u);
  EXPECT_EQ(bond->columns[0].shapes[0].op, ">");
  EXPECT_EQ(bond->columns[0].shapes[0].value, "x");
  const ColumnStatistics& type = bond->columns[1];
  EXPECT_EQ(type.column, "bond_type");
  EXPECT_EQ(type.projections, 2u);
  EXPECT_EQ(type.predicates, 3u);
  ASSERT_EQ(type.shapes.size(), 2u);
  EXPECT_EQ(type.shapes[0].op, "=");
  EXPECT_EQ(type.shapes[0].kind, LiteralKind::string);
  EXPECT_EQ(type.shapes[0].value, "#");
  EXPECT_EQ(type.shapes[0].count, 2u);
  EXPECT_EQ(type.shapes[1].value, "=");
  EXPECT_EQ(type.shapes[1].count, 1u);

  const TableStatistics* molecule = s.find("toxicology", "molecule");
  ASSERT_NE(molecule, nullptr);
  const ColumnStatistics* label = molecule->find("label");
  ASSERT_NE(label, nullptr);
  EXPECT_EQ(label->projections, 1u);
  EXPECT_EQ(label->predicates, 2u);
  ASSERT_EQ(label->shapes.size(), 2u);
  EXPECT_EQ(label->shapes[0].value, "+");  // tie at 1: by value
  EXPECT_EQ(label->shapes[1].value, "-");
  ASSERT_NE(molecule->find("molecule_id"), nullptr);
  EXPECT_EQ(molecule->find("molecule_id")->projections, 1u);
  EXPECT_EQ(molecule->find("molecule_id")->predicates, 0u);

  const TableStatistics* atom = s.find("toxicology", "atom");
  ASSERT_NE(atom, nullptr);
  ASSERT_EQ(atom->columns.size(), 3u);
  EXPECT_EQ(atom->columns[0].shapes.at(0).op, "LIKE");
  EXPECT_EQ(atom->columns[0].shapes.at(0).value, "TR00%");
  EXPECT_EQ(atom->columns[1].shapes.at(0).op, "IS NOT NULL");
  EXPECT_EQ(atom->columns[1].shapes.at(0).kind, LiteralKind::null);
  EXPECT_EQ(atom->columns[2].column, "element");
  EXPECT_EQ(atom->columns[2].shapes.at(0).op, "IN");
  EXPECT_EQ(atom->columns[2].shapes.at(0).value, "'cl', 'o'");
  EXPECT_EQ(s.find("toxicology", "connected"), nullptr);
}

TEST(JqeSetStatistics, ChoosesMostFrequentWithSchemaOrderTies) {
  Toxicology t = Toxicology::load();
  SetStatistics s = hand_statistics(t);
  const Table* bond = t.schema.find_table("bond");
  std::string column;
  PredicateShape shape;
  ASSERT_TRUE(choose_predicate(*s.find("toxicology", "bond"), *bond, column, shape));
  EXPECT_EQ(column, "bond_type");  // 3 predicates against bond_id's 1
  EXPECT_EQ(shape.op, "=");
  EXPECT_EQ(shape.value, "#");  // 2 of 3
  // bond_id and bond_type are both projected twice: bond_id comes first in the schema.
  EXPECT_EQ(choose_projection(*s.find("toxicology", "bond"), *bond), "bond_id");
  EXPECT_EQ(most_frequent_value(t.db, "bond", "bond_type", 1000).to_string(), "-");  // 78 of 91 bonds
}

std::vector<EvalItem> hand_seeds(const std::string& first) {
  std::vector<EvalItem> seeds = {testing::seed(first, "0")};
  for (size_t i = 0; i < kHandSet.size(); ++i) seeds.push_back(testing::seed(kHandSet[i], "h" + std::to_string(i)));
  return seeds;
}

const Expansion* first_of(const JqeRun& run, const std::string& seed_id, const std::string& table) {
  for (const auto& x : run.expansions) {
    const SeedRecord& s = run.seeds[static_cast<size_t>(x.seed)];
    if (s.item.key == seed_id && s.candidates[static_cast<size_t>(x.candidate)].table == table) return &x;
  }
  return nullptr;
}

void expect_non_empty(const Toxicology& t, const std::string& sql) {
  auto tree = sql::parse_sql(sql);
  ASSERT_TRUE(tree.ok()) << sql;
  EXPECT_EQ(check_execution(t.db, sql, **tree, 5000).verdict, ExecutionVerdict::ok) << sql;
}

TEST(JqeClauseEnrichment, PredicateOnBondFallsBackToTheDatabaseValueWhenTheSetsIsEmpty) {
  Toxicology t = Toxicology::load();
  JqeOptions o;
  o.per_pattern = 0;  // the hand set and the other candidates must not take the bond expansion's class
  o.add_predicate = true;
  JqeRun run = run_jqe(hand_seeds(kToxicologySeed), t.databases(true), o);
  const Expansion* x = first_of(run, "0", "bond");
  ASSERT_NE(x, nullptr);
  // bond_type = '#' (the set's most frequent shape) leaves no non-carcinogenic chlorine molecule: COUNT = 0, the
  // lone zero aggregate. The most frequent bond_type in the data is '-' (78 of 91), which keeps 2 molecules.
  EXPECT_EQ(x->added_predicate, "bond.bond_type = '-'");
  EXPECT_EQ(x->predicate_source, "database");
  ASSERT_EQ(x->enrichment_dropped.size(), 1u);
  EXPECT_NE(x->enrichment_dropped[0].find("bond.bond_type = '#'"), std::string::npos);
  EXPECT_EQ(x->unenriched_sql,
            "SELECT COUNT(DISTINCT molecule.molecule_id) FROM molecule JOIN atom ON atom.molecule_id = "
            "molecule.molecule_id JOIN bond ON bond.molecule_id = molecule.molecule_id WHERE molecule.label = \"-\" "
            "AND atom.element = \"cl\"");
  EXPECT_EQ(x->sql, x->unenriched_sql + " AND bond.bond_type = '-'");
  expect_non_empty(t, x->sql);
  EXPECT_TRUE(x->added_projection.empty());
}

TEST(JqeClauseEnrichment, SchemaOnlyTakesTheSetsLiteral) {
  Toxicology t = Toxicology::load();
  JqeOptions o;
  o.per_pattern = 0;
  o.add_predicate = true;
  o.add_projection = true;
  JqeRun run = run_jqe(hand_seeds(kToxicologySeed), t.databases(false), o);
  const Expansion* x = first_of(run, "0", "bond");
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(x->added_predicate, "bond.bond_type = '#'");
  EXPECT_EQ(x->predicate_source, "set");
  EXPECT_TRUE(x->added_projection.empty());  // COUNT(DISTINCT ...): a bare column would be arbitrary
  ASSERT_FALSE(x->enrichment_dropped.empty());
  EXPECT_NE(x->enrichment_dropped[0].find("aggregates"), std::string::npos);
}

TEST(JqeClauseEnrichment, ProjectionAndPredicateWithTheNewTablesAlias) {
  Toxicology t = Toxicology::load();
  JqeOptions o;
  o.per_pattern = 0;
  o.add_predicate = true;
  o.add_projection = true;
  JqeRun run = run_jqe(hand_seeds("SELECT T1.label FROM molecule AS T1 WHERE T1.label = '+'"), t.databases(true), o);
  const Expansion* x = first_of(run, "0", "bond");
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(x->added_projection, "T2.bond_id");
  EXPECT_EQ(x->added_predicate, "T2.bond_type = '#'");  // carcinogenic molecules with a triple bond exist
  EXPECT_EQ(x->predicate_source, "set");
  EXPECT_EQ(x->sql,
            "SELECT T1.label, T2.bond_id FROM molecule AS T1 JOIN bond AS T2 ON T2.molecule_id = T1.molecule_id "
            "WHERE T1.label = '+' AND T2.bond_type = '#'");
  expect_non_empty(t, x->sql);
  const nlohmann::json items = expansion_set_json(run);
  bool found = false;
  for (const auto& it : items)
    if (it["question_id"] == x->id) {
      found = true;
      EXPECT_EQ(it["jqe"]["added_predicate"], "T2.bond_type = '#'");
      EXPECT_EQ(it["jqe"]["added_projection"], "T2.bond_id");
    }
  EXPECT_TRUE(found);
  const nlohmann::json summary = jqe_summary(run);
  ASSERT_TRUE(summary.contains("enriched"));
  EXPECT_GE(summary["enriched"]["expansions"].get<size_t>(), 1u);
}

Result<std::vector<EvalItem>> sample_seeds() {
  auto set = load_eval_set(std::string(CHOKEPOINT_SOURCE_DIR) + "/assets/sets/sample_dev.json");
  if (!set.ok()) return Error{set.error()};
  std::vector<EvalItem> seeds;
  for (const auto& i : set->items)
    if (i.db_id == "toxicology") seeds.push_back(i);
  return seeds;
}

TEST(JqeClauseEnrichment, SampleSetEnrichedExpansionsStillRunAndRunsAreIdentical) {
  Toxicology t = Toxicology::load();
  auto seeds = sample_seeds();
  ASSERT_TRUE(seeds.ok()) << seeds.error();
  ASSERT_FALSE(seeds->empty());
  JqeOptions o;
  o.add_predicate = true;
  o.add_projection = true;
  JqeRun a = run_jqe(*seeds, t.databases(true), o);
  JqeRun b = run_jqe(*seeds, t.databases(true), o);
  EXPECT_EQ(expansion_set_json(a).dump(), expansion_set_json(b).dump());
  EXPECT_EQ(jqe_report(a).dump(), jqe_report(b).dump());
  // Same expansions (tables and conditions) as without enrichment: an addition never costs an expansion.
  JqeRun plain = run_jqe(*seeds, t.databases(true), JqeOptions{});
  ASSERT_EQ(a.expansions.size(), plain.expansions.size());
  size_t enriched = 0;
  for (size_t i = 0; i < a.expansions.size(); ++i) {
    EXPECT_EQ(a.expansions[i].candidate, plain.expansions[i].candidate);
    EXPECT_EQ(a.expansions[i].conditions, plain.expansions[i].conditions);
    if (!a.expansions[i].enriched()) {
      EXPECT_EQ(a.expansions[i].sql, plain.expansions[i].sql);
      continue;
    }
    ++enriched;
    EXPECT_EQ(a.expansions[i].unenriched_sql, plain.expansions[i].sql);
    expect_non_empty(t, a.expansions[i].sql);
  }
  EXPECT_GT(enriched, 0u);
  EXPECT_EQ(jqe_summary(a)["enriched"]["expansions"].get<size_t>(), enriched);
}

TEST(JqeClauseEnrichment, OffByDefaultLeavesOutputsUntouched) {
  JqeOptions o;
  EXPECT_FALSE(o.add_projection);
  EXPECT_FALSE(o.add_predicate);
  Toxicology t = Toxicology::load();
  auto seeds = sample_seeds();
  ASSERT_TRUE(seeds.ok());
  JqeRun run = run_jqe(*seeds, t.databases(true), o);
  ASSERT_FALSE(run.expansions.empty());
  for (const auto& x : run.expansions) {
    EXPECT_FALSE(x.enriched());
    EXPECT_TRUE(x.enrichment_dropped.empty());
    EXPECT_TRUE(x.unenriched_sql.empty());
  }
  // No new key anywhere in the outputs.
  for (const std::string& text : {expansion_set_json(run).dump(), jqe_report(run).dump(), jqe_summary(run).dump()})
    for (const char* key : {"enriched", "added_", "add_projection", "add_predicate", "enrichment", "predicate_source"})
      EXPECT_EQ(text.find(key), std::string::npos) << key;
}

}  // namespace
}  // namespace chokepoint::jqe
