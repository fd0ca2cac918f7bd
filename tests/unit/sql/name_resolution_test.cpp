// Name resolution: table instances through aliases, subqueries and CTEs; unqualified columns through the schema;
// Spider's double-quoted strings.
#include <gtest/gtest.h>

#include "core/sql/name_resolution.h"
#include "core/sql/parser.h"
#include "tests/unit/sql/thesis_schemas.h"

namespace chokepoint::sql {
namespace {

struct Resolved {
  NodePtr tree;
  NameResolution names;
};

Resolved resolve(const char* sql, const Schema& schema) {
  auto r = parse_sql(sql);
  EXPECT_TRUE(r.ok()) << r.error();
  Resolved out{std::move(*r), {}};
  out.names = resolve_names(*out.tree, schema);
  return out;
}

// The reference written as `text` (table.column or column) among the resolved columns, in order.
const ColumnRef* ref(const Resolved& r, const std::string& table, const std::string& column, int nth = 0) {
  for (const auto& c : r.names.columns) {
    const Node* t = c.node->get(Slot::Table);
    if ((t ? t->text : "") == table && c.node->get(Slot::Name)->text == column && nth-- == 0) return &c;
  }
  return nullptr;
}

TEST(NameResolution, QualifiedAndUnqualifiedColumnsOfTheToxicologySeedQuery) {
  auto r = resolve(
      "SELECT COUNT(DISTINCT molecule.molecule_id) FROM molecule JOIN atom ON atom.molecule_id = "
      "molecule.molecule_id WHERE molecule.label = \"-\" AND element = \"cl\"",
      testing::toxicology());
  ASSERT_EQ(r.names.instances.size(), 2u);
  EXPECT_EQ(r.names.instances[0].table, "molecule");
  EXPECT_EQ(r.names.instances[1].table, "atom");
  const ColumnRef* e = ref(r, "", "element");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind, RefKind::TableColumn);
  EXPECT_EQ(e->instance, 1);  // only atom has `element`
  const ColumnRef* s = ref(r, "", "cl");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->kind, RefKind::String);  // "cl" names no column: a string to SQLite
  EXPECT_EQ(ref(r, "", "-")->kind, RefKind::String);
}

TEST(NameResolution, DoubleQuotedNameOfARealColumnIsAColumn) {
  auto r = resolve("SELECT \"Name\" FROM actor WHERE \"France\" = BirthCountry", testing::movies());
  EXPECT_EQ(ref(r, "", "Name")->kind, RefKind::TableColumn);
  EXPECT_EQ(ref(r, "", "France")->kind, RefKind::String);
}

// SQLite's legacy rule, as models use it: a single-quoted word where only a name can be is a name.
TEST(NameResolution, SingleQuotedTableAndQualifiedColumnAreNames) {
  auto r = resolve("SELECT 'atom'.'element' FROM 'atom' JOIN molecule ON 'atom'.molecule_id = molecule.molecule_id",
                   testing::toxicology());
  ASSERT_EQ(r.names.instances.size(), 2u);
  EXPECT_EQ(r.names.instances[0].table, "atom");
  const ColumnRef* e = ref(r, "atom", "element");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind, RefKind::TableColumn);
  EXPECT_EQ(e->instance, 0);
}

TEST(NameResolution, AliasesBindToTheirInstanceAndSelfJoinsGiveTwoInstances) {
  auto r = resolve("SELECT T1.atom_id, T2.atom_id FROM atom AS T1 JOIN atom AS T2 ON T1.molecule_id = T2.molecule_id",
                   testing::toxicology());
  ASSERT_EQ(r.names.instances.size(), 2u);
  EXPECT_EQ(r.names.instances[0].alias, "T1");
  EXPECT_EQ(r.names.instances[1].alias, "T2");
  EXPECT_EQ(ref(r, "T1", "atom_id")->instance, 0);
  EXPECT_EQ(ref(r, "T2", "atom_id")->instance, 1);
}

TEST(NameResolution, ColumnSpellingComesFromTheSchema) {
  auto r = resolve("SELECT t2.creditorder FROM characters AS t2", testing::movies());
  EXPECT_EQ(ref(r, "t2", "creditorder")->column, "CreditOrder");
}

TEST(NameResolution, CorrelatedSubqueryReachesTheOuterScope) {
  auto r = resolve(
      "SELECT m.label FROM molecule AS m WHERE EXISTS (SELECT 1 FROM atom AS a WHERE a.molecule_id = m.molecule_id)",
      testing::toxicology());
  ASSERT_EQ(r.names.scopes.size(), 2u);
  EXPECT_EQ(r.names.scopes[1].parent, 0);
  const ColumnRef* outer = ref(r, "m", "molecule_id");
  EXPECT_EQ(outer->scope, 1);
  EXPECT_EQ(outer->instance, 0);
  EXPECT_EQ(r.names.instances[outer->instance].scope, 0);
  EXPECT_EQ(r.names.main_scope, 0);
}

TEST(NameResolution, DerivedTablesAndCtesExposeTracedColumns) {
  auto r = resolve(
      "WITH heavy AS (SELECT molecule_id AS mid FROM bond) "
      "SELECT s.x, heavy.mid FROM (SELECT label AS x FROM molecule) AS s, heavy",
      testing::toxicology());
  const ColumnRef* x = ref(r, "s", "x");
  ASSERT_EQ(x->kind, RefKind::TableColumn);
  EXPECT_TRUE(r.names.instances[x->instance].derived);
  std::string t, c;
  ASSERT_TRUE(r.names.base_column(*x, t, c));
  EXPECT_EQ(t, "molecule");
  EXPECT_EQ(c, "label");
  const ColumnRef* mid = ref(r, "heavy", "mid");
  ASSERT_TRUE(r.names.base_column(*mid, t, c));
  EXPECT_EQ(t, "bond");
  EXPECT_EQ(c, "molecule_id");
  EXPECT_EQ(r.names.instances[mid->instance].table, "heavy");
}

TEST(NameResolution, ResultAliasesAreVisibleInOrderBy) {
  auto r = resolve("SELECT count(*) AS n FROM atom GROUP BY molecule_id ORDER BY n DESC", testing::toxicology());
  EXPECT_EQ(ref(r, "", "n")->kind, RefKind::SelectAlias);
}

TEST(NameResolution, UnknownNamesAreUnresolved) {
  auto r = resolve("SELECT nosuch, zz.atom_id FROM atom", testing::toxicology());
  EXPECT_EQ(ref(r, "", "nosuch")->kind, RefKind::Unresolved);
  EXPECT_EQ(ref(r, "zz", "atom_id")->kind, RefKind::Unresolved);
}

TEST(NameResolution, CompoundArmsAreSeparateScopes) {
  auto r = resolve("SELECT atom_id FROM atom UNION SELECT bond_id FROM bond", testing::toxicology());
  ASSERT_EQ(r.names.scopes.size(), 2u);
  EXPECT_EQ(r.names.main_scope, 0);
  EXPECT_EQ(ref(r, "", "bond_id")->instance, 1);
}

}  // namespace
}  // namespace chokepoint::sql
