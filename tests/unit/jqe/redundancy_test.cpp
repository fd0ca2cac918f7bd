// Transitive redundancy (thesis §3.2.3; decisions.md §5.3) against the cases where the reference implementation's
// "both join keys already joined" cycle heuristic is wrong, plus composite keys, self-joins and WHERE joins.
#include <gtest/gtest.h>

#include "core/jqe/redundancy.h"
#include "core/sql/join_query_graph.h"
#include "core/sql/parser.h"
#include "tests/unit/jqe/toxicology_fixture.h"

namespace chokepoint::jqe {
namespace {

Table table(std::string name, std::vector<std::string> cols) {
  Table t;
  t.name = std::move(name);
  for (auto& c : cols) t.columns.push_back(Column{c, "INTEGER", "", false});
  return t;
}

Schema abcd() {
  Schema s;
  s.db_id = "abcd";
  s.tables = {table("A", {"id", "x", "y"}), table("B", {"id", "a_id", "c_id", "x", "y"}), table("C", {"id"}),
              table("D", {"k", "x", "y"})};
  return s;
}

struct Query {
  sql::NodePtr tree;
  sql::NameResolution names;
  sql::JoinQueryGraph jqg;
};

Query query(const std::string& text, const Schema& schema) {
  Query q;
  auto r = sql::parse_sql(text);
  EXPECT_TRUE(r.ok()) << text;
  q.tree = std::move(r.value());
  q.names = sql::resolve_names(*q.tree, schema);
  q.jqg = sql::build_join_query_graph(q.names, schema, q.names.main_scope);
  return q;
}

// Candidate D's condition D.<cand> = <node>.<col> (composite when several).
CandidateCondition cond(int node, std::vector<std::string> node_cols, std::vector<std::string> cand_cols) {
  CandidateCondition c;
  c.node = node;
  c.node_columns = std::move(node_cols);
  c.candidate_columns = std::move(cand_cols);
  return c;
}

TEST(Redundancy, DifferentAttributesAreNotTransitive) {
  // A.id = B.a_id and B.c_id = C.id: A.id and C.id are both "already joined", but not equal to each other, so
  // D.k = A.id AND D.k = C.id adds a real constraint. The cycle heuristic calls it redundant.
  Schema s = abcd();
  Query q = query("SELECT * FROM A JOIN B ON A.id = B.a_id JOIN C ON B.c_id = C.id", s);
  RedundancyChecker r(q.jqg);
  std::vector<CandidateCondition> conds = {cond(0, {"id"}, {"k"}), cond(2, {"id"}, {"k"})};
  EXPECT_EQ(r.redundant_condition(conds, {0, 1}), -1);
}

TEST(Redundancy, SameAttributeChainIsTransitive) {
  // A.id = B.a_id and B.a_id = C.id put A.id and C.id in one class: D.k = A.id implies D.k = C.id.
  Schema s = abcd();
  Query q = query("SELECT * FROM A JOIN B ON A.id = B.a_id JOIN C ON B.a_id = C.id", s);
  RedundancyChecker r(q.jqg);
  std::vector<CandidateCondition> conds = {cond(0, {"id"}, {"k"}), cond(2, {"id"}, {"k"})};
  EXPECT_EQ(r.redundant_condition(conds, {0, 1}), 0);
  EXPECT_EQ(r.redundant_condition(conds, {0}), -1);  // a single new condition is never implied
  EXPECT_EQ(r.redundant_condition(conds, {1}), -1);
}

TEST(Redundancy, TwoCandidateColumnsOnOneAttributeAreNotRedundant) {
  // connected.atom_id = atom.atom_id AND connected.atom_id2 = atom.atom_id (thesis (v)): two candidate columns.
  Schema s = abcd();
  Query q = query("SELECT * FROM A", s);
  RedundancyChecker r(q.jqg);
  std::vector<CandidateCondition> conds = {cond(0, {"id"}, {"x"}), cond(0, {"id"}, {"y"})};
  EXPECT_EQ(r.redundant_condition(conds, {0, 1}), -1);
}

TEST(Redundancy, CompositeKeyRedundantOnlyWhenEveryPartIsImplied) {
  Schema s = abcd();
  std::vector<CandidateCondition> conds = {cond(0, {"x", "y"}, {"x", "y"}), cond(1, {"x", "y"}, {"x", "y"})};
  {
    Query q = query("SELECT * FROM A JOIN B ON B.x = A.x AND B.y = A.y", s);
    RedundancyChecker r(q.jqg);
    EXPECT_EQ(r.redundant_condition(conds, {0, 1}), 0);
  }
  {
    // Only x is joined: D.(x,y) = A.(x,y) with D.(x,y) = B.(x,y) also forces A.y = B.y, which is new.
    Query q = query("SELECT * FROM A JOIN B ON B.x = A.x", s);
    RedundancyChecker r(q.jqg);
    EXPECT_EQ(r.redundant_condition(conds, {0, 1}), -1);
  }
}

TEST(Redundancy, WhereClauseJoinsCount) {
  // The reference implementation only reads ON; an implicit join in WHERE is just as transitive.
  Schema s = abcd();
  Query q = query("SELECT * FROM A, B, C WHERE A.id = B.a_id AND B.a_id = C.id AND A.x > 3", s);
  RedundancyChecker r(q.jqg);
  std::vector<CandidateCondition> conds = {cond(0, {"id"}, {"k"}), cond(2, {"id"}, {"k"})};
  EXPECT_EQ(r.redundant_condition(conds, {0, 1}), 0);
}

TEST(Redundancy, SelfJoinInstancesAreDistinct) {
  // atom twice: a1.molecule_id and a2.molecule_id are only equal if the query says so.
  auto t = testing::Toxicology::load();
  std::vector<CandidateCondition> conds = {cond(0, {"molecule_id"}, {"molecule_id"}),
                                           cond(2, {"molecule_id"}, {"molecule_id"})};
  {
    Query q = query(
        "SELECT * FROM atom AS a1 JOIN connected AS c ON c.atom_id = a1.atom_id "
        "JOIN atom AS a2 ON c.atom_id2 = a2.atom_id",
        t.schema);
    ASSERT_EQ(q.jqg.nodes.size(), 3u);
    RedundancyChecker r(q.jqg);
    EXPECT_EQ(r.redundant_condition(conds, {0, 1}), -1);
  }
  {
    Query q = query(
        "SELECT * FROM atom AS a1 JOIN connected AS c ON c.atom_id = a1.atom_id "
        "JOIN atom AS a2 ON a2.molecule_id = a1.molecule_id",
        t.schema);
    RedundancyChecker r(q.jqg);
    EXPECT_EQ(r.redundant_condition(conds, {0, 1}), 0);
  }
}

}  // namespace
}  // namespace chokepoint::jqe
