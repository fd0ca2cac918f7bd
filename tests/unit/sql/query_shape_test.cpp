// Query facts for panels and reports: joins and tables of the main join query graph, and its picture.
#include "core/sql/query_shape.h"

#include <gtest/gtest.h>

#include "tests/unit/sql/thesis_schemas.h"

namespace chokepoint::sql {

TEST(QueryShape, SingleTableHasNoJoin) {
  EXPECT_EQ(join_count("SELECT label FROM molecule", testing::toxicology()), 0);
}

TEST(QueryShape, EachJoinedTableInstanceIsOneJoin) {
  const Schema s = testing::toxicology();
  EXPECT_EQ(join_count("SELECT T1.label FROM molecule AS T1 JOIN atom AS T2 ON T1.molecule_id = T2.molecule_id", s), 1);
  EXPECT_EQ(join_count("SELECT count(*) FROM atom a JOIN molecule m ON a.molecule_id = m.molecule_id "
                       "JOIN bond b ON b.molecule_id = m.molecule_id",
                       s),
            2);
}

TEST(QueryShape, SelfJoinCountsBothInstances) {
  EXPECT_EQ(
      join_count("SELECT a.atom_id FROM atom a JOIN atom b ON a.molecule_id = b.molecule_id", testing::toxicology()),
      1);
}

TEST(QueryShape, SubqueryTablesAreNotJoinsOfTheMainScope) {
  EXPECT_EQ(join_count("SELECT label FROM molecule WHERE molecule_id IN (SELECT molecule_id FROM atom)",
                       testing::toxicology()),
            0);
}

TEST(QueryShape, UnparsableSqlIsUnknown) {
  EXPECT_EQ(join_count("SELEC label FROM", testing::toxicology()), -1);
  EXPECT_TRUE(query_tables("SELEC label FROM", testing::toxicology()).empty());
  EXPECT_TRUE(query_graph_picture("SELEC", testing::toxicology()).nodes.empty());
}

TEST(QueryShape, TablesAreLowerCaseInGraphOrder) {
  auto t = query_tables("SELECT 1 FROM Molecule AS T1 JOIN ATOM AS T2 ON T1.molecule_id = T2.molecule_id",
                        testing::toxicology());
  ASSERT_EQ(t.size(), 2u);
  EXPECT_EQ(t[0], "molecule");
  EXPECT_EQ(t[1], "atom");
}

TEST(QueryShape, PictureNamesAliasesAndConditions) {
  auto pic = query_graph_picture("SELECT 1 FROM molecule AS T1 JOIN atom AS T2 ON T1.molecule_id = T2.molecule_id",
                                 testing::toxicology());
  ASSERT_EQ(pic.nodes.size(), 2u);
  EXPECT_EQ(pic.nodes[0], "T1 (molecule)");
  EXPECT_EQ(pic.nodes[1], "T2 (atom)");
  ASSERT_EQ(pic.edges.size(), 1u);
  ASSERT_EQ(pic.edge_conditions.size(), 1u);
  EXPECT_NE(pic.edge_conditions[0].find("molecule_id"), std::string::npos);
}

}  // namespace chokepoint::sql
