// Schema graph construction: the thesis' toxicology example (§3.1.1, Figure 3.2), sibling rules, composite keys,
// self-references, keys in both directions and the two kinds of hints.
#include "core/graph/schema_graph.h"

#include <gtest/gtest.h>

#include "tests/unit/graph/schema_builders.h"

namespace chokepoint {
namespace {

using namespace testing_schemas;

std::vector<std::string> label_texts(const SchemaGraph& g, const std::string& t1, const std::string& t2) {
  std::vector<std::string> out;
  const SchemaEdge* e = g.find_edge(g.find_table(t1), g.find_table(t2));
  if (e)
    for (const auto& l : e->labels) out.push_back(l.text());
  return out;
}

std::vector<LabelSource> label_sources(const SchemaGraph& g, const std::string& t1, const std::string& t2) {
  std::vector<LabelSource> out;
  const SchemaEdge* e = g.find_edge(g.find_table(t1), g.find_table(t2));
  if (e)
    for (const auto& l : e->labels) out.push_back(l.source);
  return out;
}

TEST(SchemaGraph, ToxicologyHasFourTablesAndFiveEdges) {
  const SchemaGraph g = build_schema_graph(toxicology());
  EXPECT_EQ(g.tables, (std::vector<std::string>{"molecule", "atom", "bond", "connected"}));
  EXPECT_EQ(g.edges.size(), 5u);
  EXPECT_EQ(g.label_count(), 6u);
  EXPECT_TRUE(g.warnings.empty());
  // Table 3.5's toxicology row is (4, 5); the only missing pair is molecule–connected.
  EXPECT_EQ(g.find_edge(g.find_table("molecule"), g.find_table("connected")), nullptr);
}

TEST(SchemaGraph, ToxicologyAtomConnectedEdgeHasTwoLabels) {
  const SchemaGraph g = build_schema_graph(toxicology());
  EXPECT_EQ(label_texts(g, "atom", "connected"),
            (std::vector<std::string>{"connected.atom_id = atom.atom_id", "connected.atom_id2 = atom.atom_id"}));
  EXPECT_EQ(label_sources(g, "connected", "atom"), (std::vector<LabelSource>{LabelSource::fk, LabelSource::fk}));
}

TEST(SchemaGraph, ToxicologyMoleculeBondIsAForeignKey) {
  const SchemaGraph g = build_schema_graph(toxicology());
  EXPECT_EQ(label_texts(g, "molecule", "bond"), (std::vector<std::string>{"bond.molecule_id = molecule.molecule_id"}));
  EXPECT_EQ(label_texts(g, "bond", "connected"), (std::vector<std::string>{"connected.bond_id = bond.bond_id"}));
}

TEST(SchemaGraph, ToxicologyAtomBondComesFromTheSiblingRule) {
  const SchemaGraph g = build_schema_graph(toxicology());
  EXPECT_EQ(label_texts(g, "atom", "bond"), (std::vector<std::string>{"atom.molecule_id = bond.molecule_id"}));
  EXPECT_EQ(label_sources(g, "atom", "bond"), (std::vector<LabelSource>{LabelSource::sibling}));
}

TEST(SchemaGraph, ToxicologyWithoutSiblingsLosesAtomBond) {
  const SchemaGraph g = build_schema_graph(toxicology(), {SiblingRule::none});
  EXPECT_EQ(g.edges.size(), 4u);
  EXPECT_EQ(g.find_edge(g.find_table("atom"), g.find_table("bond")), nullptr);
}

TEST(SchemaGraph, EdgesAreSortedAndNeighboursListed) {
  const SchemaGraph g = build_schema_graph(toxicology());
  for (size_t i = 0; i < g.edges.size(); ++i) {
    EXPECT_LT(g.edges[i].a, g.edges[i].b);
    if (i > 0) {
      EXPECT_LT(std::make_pair(g.edges[i - 1].a, g.edges[i - 1].b), std::make_pair(g.edges[i].a, g.edges[i].b));
    }
  }
  EXPECT_EQ(g.neighbours(g.find_table("atom")), (std::vector<int>{0, 2, 3}));
  EXPECT_EQ(g.find_table("ATOM"), 1);
}

// T(id, code); R1.t_id -> T.id, R2.t_code -> T.code, R3.t_id -> T.id.
Schema three_referrers() {
  Table t = table("T", {"id", "code"}, {"id"});
  Table r1 = table("R1", {"r1_id", "t_id"});
  fk(r1, {"t_id"}, "T", {"id"});
  Table r2 = table("R2", {"r2_id", "t_code"});
  fk(r2, {"t_code"}, "T", {"code"});
  Table r3 = table("R3", {"r3_id", "t_id"});
  fk(r3, {"t_id"}, "T", {"id"});
  Schema s;
  s.db_id = "referrers";
  s.tables = {t, r1, r2, r3};
  return s;
}

TEST(SchemaGraph, ColumnSiblingsNeedTheSameReferencedColumn) {
  const SchemaGraph g = build_schema_graph(three_referrers(), {SiblingRule::column});
  EXPECT_EQ(label_texts(g, "R1", "R3"), (std::vector<std::string>{"R1.t_id = R3.t_id"}));
  EXPECT_EQ(g.find_edge(g.find_table("R1"), g.find_table("R2")), nullptr);
  EXPECT_EQ(g.find_edge(g.find_table("R2"), g.find_table("R3")), nullptr);
  EXPECT_EQ(g.edges.size(), 4u);  // three FKs plus one sibling
}

TEST(SchemaGraph, TableSiblingsJoinAnyTwoReferrersOfATable) {
  const SchemaGraph g = build_schema_graph(three_referrers(), {SiblingRule::table});
  EXPECT_EQ(label_texts(g, "R1", "R2"), (std::vector<std::string>{"R1.t_id = R2.t_code"}));
  EXPECT_EQ(label_texts(g, "R2", "R3"), (std::vector<std::string>{"R2.t_code = R3.t_id"}));
  EXPECT_EQ(label_texts(g, "R1", "R3"), (std::vector<std::string>{"R1.t_id = R3.t_id"}));
  EXPECT_EQ(g.edges.size(), 6u);
}

TEST(SchemaGraph, NoSiblingsKeepsOnlyForeignKeys) {
  const SchemaGraph g = build_schema_graph(three_referrers(), {SiblingRule::none});
  EXPECT_EQ(g.edges.size(), 3u);
  for (const auto& e : g.edges) EXPECT_EQ(e.labels.front().source, LabelSource::fk);
}

TEST(SchemaGraph, SiblingRuleParsesItsThreeNames) {
  EXPECT_EQ(*parse_sibling_rule("column"), SiblingRule::column);
  EXPECT_EQ(*parse_sibling_rule("table"), SiblingRule::table);
  EXPECT_EQ(*parse_sibling_rule("none"), SiblingRule::none);
  EXPECT_FALSE(parse_sibling_rule("tables").ok());
}

TEST(SchemaGraph, SelfReferenceIsDroppedAndIsolatedTablesKept) {
  Table emp = table("employee", {"id", "manager_id"}, {"id"});
  fk(emp, {"manager_id"}, "employee", {"id"});
  Schema s;
  s.tables = {emp, table("audit", {"at"})};
  const SchemaGraph g = build_schema_graph(s);
  EXPECT_EQ(g.tables.size(), 2u);
  EXPECT_TRUE(g.edges.empty());
}

TEST(SchemaGraph, KeysInBothDirectionsShareOneEdge) {
  Table a = table("a", {"id", "b_id"}, {"id"});
  fk(a, {"b_id"}, "b", {"id"});
  Table b = table("b", {"id", "a_id"}, {"id"});
  fk(b, {"a_id"}, "a", {"id"});
  Schema s;
  s.tables = {a, b};
  const SchemaGraph g = build_schema_graph(s);
  ASSERT_EQ(g.edges.size(), 1u);
  // The reference implementation overwrites one direction; both conditions must survive.
  EXPECT_EQ(label_texts(g, "a", "b"), (std::vector<std::string>{"a.b_id = b.id", "b.a_id = a.id"}));
}

// offering(course_id, term) keyed by both; grade and booking reference it with two-column keys.
Schema composite_keys() {
  Table offering = table("offering", {"course_id", "term", "teacher"}, {"course_id", "term"});
  Table grade = table("grade", {"student", "course_id", "term", "mark"});
  fk(grade, {"course_id", "term"}, "offering", {"course_id", "term"});
  Table booking = table("booking", {"room", "course", "semester"});
  fk(booking, {"course", "semester"}, "offering", {});  // names no column: the primary key
  Schema s;
  s.tables = {offering, grade, booking};
  return s;
}

TEST(SchemaGraph, CompositeKeyGivesOneMultiColumnLabel) {
  const SchemaGraph g = build_schema_graph(composite_keys());
  EXPECT_EQ(label_texts(g, "grade", "offering"),
            (std::vector<std::string>{"grade.course_id = offering.course_id AND grade.term = offering.term"}));
  EXPECT_EQ(label_texts(g, "booking", "offering"),
            (std::vector<std::string>{"booking.course = offering.course_id AND booking.semester = offering.term"}));
}

TEST(SchemaGraph, CompositeSiblingsPairColumnsByReferencedColumn) {
  const SchemaGraph g = build_schema_graph(composite_keys());
  EXPECT_EQ(label_texts(g, "grade", "booking"),
            (std::vector<std::string>{"grade.course_id = booking.course AND grade.term = booking.semester"}));
  EXPECT_EQ(g.label_count(), 3u);
}

TEST(SchemaGraph, UnknownReferencedTableIsAWarningNotAnEdge) {
  Table a = table("a", {"id", "x_id"});
  fk(a, {"x_id"}, "missing", {"id"});
  Schema s;
  s.db_id = "d";
  s.tables = {a};
  const SchemaGraph g = build_schema_graph(s);
  EXPECT_TRUE(g.edges.empty());
  ASSERT_EQ(g.warnings.size(), 1u);
  EXPECT_NE(g.warnings[0].find("missing"), std::string::npos);
}

TEST(SchemaGraph, WorkloadHintAddsALabelTaggedWorkload) {
  const auto workload = std::vector<JoinHint>{single_column_hint("MOLECULE", "Molecule_Id", "connected", "atom_id")};
  const SchemaGraph g = build_schema_graph(toxicology(), {}, workload);
  EXPECT_EQ(g.edges.size(), 6u);
  // Spelling comes from the schema, not from the SQL.
  EXPECT_EQ(label_texts(g, "molecule", "connected"),
            (std::vector<std::string>{"molecule.molecule_id = connected.atom_id"}));
  EXPECT_EQ(label_sources(g, "molecule", "connected"), (std::vector<LabelSource>{LabelSource::workload}));
}

TEST(SchemaGraph, HintRepeatingADeclaredKeyIsNotDuplicated) {
  const auto workload = std::vector<JoinHint>{single_column_hint("molecule", "molecule_id", "atom", "molecule_id")};
  const auto user = std::vector<JoinHint>{single_column_hint("bond", "molecule_id", "atom", "molecule_id")};
  const SchemaGraph g = build_schema_graph(toxicology(), {}, workload, user);
  EXPECT_EQ(g.label_count(), 6u);
  EXPECT_EQ(label_sources(g, "atom", "molecule"), (std::vector<LabelSource>{LabelSource::fk}));
  EXPECT_EQ(label_sources(g, "atom", "bond"), (std::vector<LabelSource>{LabelSource::sibling}));
}

TEST(SchemaGraph, UserHintOnAnotherDatabaseIsIgnored) {
  auto hint = single_column_hint("molecule", "label", "bond", "bond_type", "financial");
  const SchemaGraph g = build_schema_graph(toxicology(), {}, {}, {hint});
  EXPECT_EQ(g.edges.size(), 5u);
  EXPECT_TRUE(g.warnings.empty());
  hint.db_id = "toxicology";
  const SchemaGraph h = build_schema_graph(toxicology(), {}, {}, {hint});
  EXPECT_EQ(label_sources(h, "molecule", "bond"), (std::vector<LabelSource>{LabelSource::fk, LabelSource::user}));
}

TEST(SchemaGraph, HintWithUnknownColumnIsSkippedWithWarning) {
  const auto user = std::vector<JoinHint>{single_column_hint("molecule", "nope", "bond", "bond_id")};
  const SchemaGraph g = build_schema_graph(toxicology(), {}, {}, user);
  EXPECT_EQ(g.label_count(), 6u);
  ASSERT_EQ(g.warnings.size(), 1u);
  EXPECT_NE(g.warnings[0].find("molecule.nope"), std::string::npos);
}

TEST(SchemaGraph, ToUndirectedKeepsTableNamesAsLabels) {
  const UndirectedGraph u = build_schema_graph(toxicology()).to_undirected();
  EXPECT_EQ(u.node_count(), 4u);
  EXPECT_EQ(u.edge_count(), 5u);
  EXPECT_EQ(u.label(3), "connected");
  EXPECT_TRUE(u.has_edge(1, 2));
}

}  // namespace
}  // namespace chokepoint
