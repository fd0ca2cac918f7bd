// Join query graphs of the thesis' examples (toxicology §3.1.2, movies §4.1.2) and of every way SQL writes a join.
#include <gtest/gtest.h>

#include "core/sql/join_query_graph.h"
#include "core/sql/parser.h"
#include "tests/unit/sql/thesis_schemas.h"

namespace chokepoint::sql {
namespace {

struct Graphs {
  NodePtr tree;
  NameResolution names;
  std::vector<JoinQueryGraph> graphs;
  const JoinQueryGraph& main() const { return graphs[names.main_scope]; }
};

Graphs graphs_of(const char* sql, const Schema& schema) {
  auto r = parse_sql(sql);
  EXPECT_TRUE(r.ok()) << r.error();
  Graphs g{std::move(*r), {}, {}};
  g.names = resolve_names(*g.tree, schema);
  g.graphs = build_join_query_graphs(g.names, schema);
  return g;
}

std::string cond(const JoinCondition& c) {
  return c.left_table + "." + c.left_column + " = " + c.right_table + "." + c.right_column;
}

TEST(JoinQueryGraph, ToxicologySeedQueryHasMoleculeAtomAndOneEdge) {
  auto g = graphs_of(
      "SELECT COUNT(DISTINCT molecule.molecule_id) FROM molecule JOIN atom ON atom.molecule_id = "
      "molecule.molecule_id WHERE molecule.label = \"-\" AND atom.element = \"cl\"",
      testing::toxicology());
  const auto& m = g.main();
  ASSERT_EQ(m.nodes.size(), 2u);
  EXPECT_EQ(m.nodes[0].table, "molecule");
  EXPECT_EQ(m.nodes[1].table, "atom");
  ASSERT_EQ(m.edges.size(), 1u);
  ASSERT_EQ(m.edges[0].conditions.size(), 1u);
  EXPECT_EQ(cond(m.edges[0].conditions[0]), "atom.molecule_id = molecule.molecule_id");
  EXPECT_EQ(m.edges[0].conditions[0].source, JoinSource::On);
  EXPECT_FALSE(m.is_cyclic());
}

TEST(JoinQueryGraph, ToxicologyBondExpansionIsAThreeNodePath) {
  // Q_bond:JC1 as printed in §3.1.2.
  auto g = graphs_of(
      "SELECT COUNT(DISTINCT molecule.molecule_id) FROM molecule JOIN atom ON atom.molecule_id = "
      "molecule.molecule_id JOIN bond ON bond.molecule_id = atom.molecule_id WHERE molecule.label = \"-\" AND "
      "atom.element = \"cl\"",
      testing::toxicology());
  const auto& m = g.main();
  ASSERT_EQ(m.nodes.size(), 3u);
  EXPECT_EQ(m.nodes[2].table, "bond");
  ASSERT_EQ(m.edges.size(), 2u);
  EXPECT_EQ(m.edges[0].a, 0);  // molecule - atom
  EXPECT_EQ(m.edges[0].b, 1);
  EXPECT_EQ(m.edges[1].a, 1);  // atom - bond
  EXPECT_EQ(m.edges[1].b, 2);
  EXPECT_EQ(cond(m.edges[1].conditions[0]), "bond.molecule_id = atom.molecule_id");
  EXPECT_FALSE(m.is_cyclic());
}

TEST(JoinQueryGraph, MoviesQueryIsTheActorCharactersMoviePath) {
  auto g = graphs_of(
      "SELECT T3.Name FROM movie AS T1 INNER JOIN characters AS T2 ON T1.MovieID = T2.MovieID "
      "INNER JOIN actor AS T3 ON T3.ActorID = T2.ActorID WHERE T1.Title = 'American Hustle' AND T2.creditOrder = '2'",
      testing::movies());
  const auto& m = g.main();
  ASSERT_EQ(m.nodes.size(), 3u);
  EXPECT_EQ(m.nodes[0].table, "movie");
  EXPECT_EQ(m.nodes[0].alias, "T1");
  EXPECT_EQ(m.nodes[1].table, "characters");
  EXPECT_EQ(m.nodes[2].table, "actor");
  ASSERT_EQ(m.edges.size(), 2u);
  EXPECT_EQ(cond(m.edges[0].conditions[0]), "movie.MovieID = characters.MovieID");
  EXPECT_EQ(cond(m.edges[1].conditions[0]), "actor.ActorID = characters.ActorID");  // edge (1,2), as written
  // characters is the centre of the path: the linker table of §4.1.2.
  int degree[3] = {0, 0, 0};
  for (const auto& e : m.edges) ++degree[e.a], ++degree[e.b];
  EXPECT_EQ(degree[1], 2);
  EXPECT_EQ(degree[0] + degree[2], 2);
}

TEST(JoinQueryGraph, SelfJoinGivesTwoNodes) {
  auto g = graphs_of(
      "SELECT * FROM connected AS c JOIN atom AS a1 ON c.atom_id = a1.atom_id "
      "JOIN atom AS a2 ON c.atom_id2 = a2.atom_id",
      testing::toxicology());
  ASSERT_EQ(g.main().nodes.size(), 3u);
  EXPECT_EQ(g.main().edges.size(), 2u);
}

TEST(JoinQueryGraph, CommaJoinWithWhereConjunctsAndSeveralConditionsPerEdge) {
  auto g = graphs_of(
      "SELECT * FROM atom AS a, connected AS c WHERE a.atom_id = c.atom_id AND a.atom_id = c.atom_id2 "
      "AND a.element = 'cl' AND (a.molecule_id = 'x' OR a.atom_id = c.bond_id)",
      testing::toxicology());
  ASSERT_EQ(g.main().edges.size(), 1u);
  const auto& cs = g.main().edges[0].conditions;
  ASSERT_EQ(cs.size(), 2u);  // the OR is not a top-level conjunct
  EXPECT_EQ(cs[1].source, JoinSource::Where);
  EXPECT_EQ(cond(cs[1]), "atom.atom_id = connected.atom_id2");
}

TEST(JoinQueryGraph, UsingAndNaturalJoins) {
  auto g = graphs_of("SELECT * FROM molecule JOIN atom USING (molecule_id) NATURAL JOIN bond", testing::toxicology());
  const auto& m = g.main();
  ASSERT_EQ(m.edges.size(), 2u);
  EXPECT_EQ(m.edges[0].b, 1);  // molecule - atom
  ASSERT_EQ(m.edges[0].conditions.size(), 1u);
  EXPECT_EQ(m.edges[0].conditions[0].source, JoinSource::Using);
  EXPECT_EQ(cond(m.edges[0].conditions[0]), "molecule.molecule_id = atom.molecule_id");
  // bond's molecule_id pairs with molecule's, the first table on the left that has it.
  EXPECT_EQ(m.edges[1].a, 0);
  EXPECT_EQ(m.edges[1].b, 2);
  EXPECT_EQ(m.edges[1].conditions[0].source, JoinSource::Natural);
  auto g2 = graphs_of("SELECT * FROM atom NATURAL JOIN bond", testing::toxicology());
  ASSERT_EQ(g2.main().edges.size(), 1u);
  EXPECT_EQ(cond(g2.main().edges[0].conditions[0]), "atom.molecule_id = bond.molecule_id");
  EXPECT_EQ(g2.main().edges[0].conditions[0].source, JoinSource::Natural);
}

TEST(JoinQueryGraph, DerivedTableIsANodeAndNestedScopesHaveTheirOwnGraphs) {
  auto g = graphs_of(
      "SELECT T1.label FROM molecule AS T1 JOIN (SELECT b.molecule_id FROM bond AS b JOIN connected AS c "
      "ON b.bond_id = c.bond_id) AS T2 ON T1.molecule_id = T2.molecule_id",
      testing::toxicology());
  const auto& m = g.main();
  ASSERT_EQ(m.nodes.size(), 2u);
  EXPECT_TRUE(m.nodes[1].derived);
  ASSERT_EQ(m.edges.size(), 1u);
  EXPECT_EQ(cond(m.edges[0].conditions[0]), "molecule.molecule_id = bond.molecule_id");  // traced to its base
  ASSERT_EQ(g.graphs.size(), 2u);
  const auto& inner = g.graphs[1 - g.names.main_scope];
  ASSERT_EQ(inner.nodes.size(), 2u);
  EXPECT_EQ(inner.edges.size(), 1u);
}

TEST(JoinQueryGraph, TriangleIsCyclic) {
  auto g = graphs_of(
      "SELECT * FROM atom AS a JOIN connected AS c ON a.atom_id = c.atom_id JOIN bond AS b "
      "ON c.bond_id = b.bond_id AND b.molecule_id = a.molecule_id",
      testing::toxicology());
  EXPECT_EQ(g.main().edges.size(), 3u);
  EXPECT_TRUE(g.main().is_cyclic());
}

TEST(JoinQueryGraph, WorkloadPairsCoverAllScopesWithoutRepeats) {
  auto pairs = workload_equi_joins(
      "SELECT * FROM atom AS a JOIN molecule AS m ON a.molecule_id = m.molecule_id WHERE m.molecule_id IN "
      "(SELECT b.molecule_id FROM bond AS b JOIN molecule AS m2 ON m2.molecule_id = b.molecule_id "
      "JOIN atom AS a2 ON m2.molecule_id = a2.molecule_id)",
      testing::toxicology());
  ASSERT_TRUE(pairs.ok());
  ASSERT_EQ(pairs->size(), 2u);  // the mirrored molecule-atom pair of the subquery is a repeat
  EXPECT_EQ((*pairs)[0].table_a, "atom");
  EXPECT_EQ((*pairs)[0].table_b, "molecule");
  EXPECT_EQ((*pairs)[1].table_a, "molecule");
  EXPECT_EQ((*pairs)[1].column_a, "molecule_id");
  EXPECT_EQ((*pairs)[1].table_b, "bond");
  EXPECT_FALSE(workload_equi_joins("SELECT FROM", testing::toxicology()).ok());
}

}  // namespace
}  // namespace chokepoint::sql
