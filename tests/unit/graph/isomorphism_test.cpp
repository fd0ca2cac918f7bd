// Isomorphism of join query graphs, structural and by tables, and the bucketing index JQE prunes with.
#include "core/graph/isomorphism.h"

#include <gtest/gtest.h>

namespace chokepoint {
namespace {

UndirectedGraph labelled(std::vector<std::string> labels, std::vector<std::pair<int, int>> edges) {
  UndirectedGraph g;
  for (auto& l : labels) g.add_node(std::move(l));
  for (const auto& [u, v] : edges) g.add_edge(u, v);
  return g;
}

TEST(Isomorphism, RelabelledPathIsStructurallyIsomorphic) {
  const auto a = labelled({"molecule", "atom", "bond"}, {{0, 1}, {1, 2}});
  const auto b = labelled({"x", "y", "z"}, {{2, 0}, {0, 1}});  // centre is node 0
  EXPECT_TRUE(are_isomorphic(a, b, IsomorphismMode::structural));
  EXPECT_FALSE(are_isomorphic(a, b, IsomorphismMode::by_tables));
  EXPECT_EQ(isomorphism_invariant(a, IsomorphismMode::structural),
            isomorphism_invariant(b, IsomorphismMode::structural));
}

TEST(Isomorphism, ByTablesNeedsTheSameTableInTheSamePlace) {
  const auto atom_centre = labelled({"molecule", "atom", "bond"}, {{0, 1}, {1, 2}});
  const auto permuted = labelled({"BOND", "Molecule", "atom"}, {{2, 1}, {0, 2}});  // same graph, other order and case
  const auto molecule_centre = labelled({"molecule", "atom", "bond"}, {{0, 1}, {0, 2}});
  EXPECT_TRUE(are_isomorphic(atom_centre, permuted, IsomorphismMode::by_tables));
  EXPECT_EQ(isomorphism_invariant(atom_centre, IsomorphismMode::by_tables),
            isomorphism_invariant(permuted, IsomorphismMode::by_tables));
  EXPECT_FALSE(are_isomorphic(atom_centre, molecule_centre, IsomorphismMode::by_tables));
  EXPECT_TRUE(are_isomorphic(atom_centre, molecule_centre, IsomorphismMode::structural));
}

TEST(Isomorphism, TriangleIsNotAPath) {
  const auto tri = labelled({"a", "b", "c"}, {{0, 1}, {1, 2}, {2, 0}});
  const auto star = labelled({"a", "b", "c", "d"}, {{0, 1}, {0, 2}, {0, 3}});
  const auto p4 = labelled({"a", "b", "c", "d"}, {{0, 1}, {1, 2}, {2, 3}});
  EXPECT_FALSE(are_isomorphic(tri, labelled({"a", "b", "c"}, {{0, 1}, {1, 2}}), IsomorphismMode::structural));
  EXPECT_FALSE(are_isomorphic(star, p4, IsomorphismMode::structural));  // same |V|, |E|, different degrees
}

TEST(Isomorphism, ExactCheckSeparatesGraphsTheInvariantCannot) {
  // A 6-ring and two triangles are both 2-regular on 6 nodes: colour refinement gives them the same invariant.
  const auto ring6 = labelled({"", "", "", "", "", ""}, {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 0}});
  const auto two_triangles = labelled({"", "", "", "", "", ""}, {{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5}, {5, 3}});
  EXPECT_EQ(isomorphism_invariant(ring6, IsomorphismMode::structural),
            isomorphism_invariant(two_triangles, IsomorphismMode::structural));
  EXPECT_FALSE(are_isomorphic(ring6, two_triangles, IsomorphismMode::structural));
}

TEST(Isomorphism, EmptyAndSingleNodeGraphs) {
  EXPECT_TRUE(are_isomorphic(UndirectedGraph(), UndirectedGraph(), IsomorphismMode::structural));
  EXPECT_TRUE(are_isomorphic(labelled({"t"}, {}), labelled({"u"}, {}), IsomorphismMode::structural));
  EXPECT_FALSE(are_isomorphic(labelled({"t"}, {}), labelled({"u"}, {}), IsomorphismMode::by_tables));
}

TEST(IsomorphismIndex, CountsMembersPerClass) {
  IsomorphismIndex index(IsomorphismMode::structural);
  const auto p1 = labelled({"a", "b", "c"}, {{0, 1}, {1, 2}});
  const auto p2 = labelled({"x", "y", "z"}, {{0, 2}, {2, 1}});
  const auto tri = labelled({"a", "b", "c"}, {{0, 1}, {1, 2}, {2, 0}});
  EXPECT_EQ(index.find(p1), -1);
  EXPECT_EQ(index.add(p1), 0);
  EXPECT_EQ(index.add(p2), 0);
  EXPECT_EQ(index.add(tri), 1);
  EXPECT_EQ(index.class_count(), 2u);
  EXPECT_EQ(index.member_count(0), 2u);
  EXPECT_EQ(index.member_count(1), 1u);
  EXPECT_EQ(index.find(labelled({"q", "r", "s"}, {{1, 0}, {2, 1}, {0, 2}})), 1);
}

TEST(IsomorphismIndex, ByTablesKeepsDifferentTablesApart) {
  IsomorphismIndex index(IsomorphismMode::by_tables);
  EXPECT_EQ(index.add(labelled({"loan", "account"}, {{0, 1}})), 0);
  EXPECT_EQ(index.add(labelled({"Account", "LOAN"}, {{0, 1}})), 0);
  EXPECT_EQ(index.add(labelled({"disp", "account"}, {{0, 1}})), 1);
}

}  // namespace
}  // namespace chokepoint
