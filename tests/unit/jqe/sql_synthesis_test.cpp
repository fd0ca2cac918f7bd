// Expanded SQL synthesis (decisions.md §5.6) end to end on the toxicology sample: fresh aliases that never collide
// (case-insensitively), comma joins extended through WHERE, self-joins, and columns the new table makes ambiguous.
#include <gtest/gtest.h>

#include "core/jqe/sql_synthesis.h"
#include "core/sql/parser.h"
#include "core/sql/printer.h"
#include "tests/unit/jqe/toxicology_fixture.h"

namespace chokepoint::jqe {
namespace {

using testing::Toxicology;

std::string normalised(const std::string& sql) {
  auto tree = sql::parse_sql(sql);
  EXPECT_TRUE(tree.ok()) << sql;
  return tree.ok() ? sql::print_sql(**tree) : "";
}

JqeRun expand_all(const Toxicology& t, const std::string& sql, bool with_data = true) {
  JqeOptions o;
  o.per_pattern = 0;
  o.preferences.order = *parse_order("complexity:asc");
  return run_jqe({testing::seed(sql)}, t.databases(with_data), o);
}

const Expansion* find(const JqeRun& run, const std::string& table, size_t conditions) {
  for (const auto& x : run.expansions)
    if (run.seeds[static_cast<size_t>(x.seed)].candidates[static_cast<size_t>(x.candidate)].table == table &&
        x.conditions.size() == conditions)
      return &x;
  return nullptr;
}

TEST(SqlSynthesis, FreshAliasSkipsCaseInsensitiveCollision) {
  // T1, T2 in the main query and t3 in a subquery: the reference implementation's t{n+1} would reuse it.
  Toxicology t = Toxicology::load();
  const std::string seed =
      "SELECT T1.label FROM molecule AS T1 JOIN atom AS T2 ON T2.molecule_id = T1.molecule_id "
      "WHERE T1.molecule_id IN (SELECT t3.molecule_id FROM bond AS t3 WHERE t3.bond_type = '=')";
  JqeRun run = expand_all(t, seed);
  const Expansion* x = find(run, "connected", 1);
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(x->alias, "T4");
  EXPECT_EQ(x->sql, normalised("SELECT T1.label FROM molecule AS T1 JOIN atom AS T2 ON T2.molecule_id = "
                               "T1.molecule_id JOIN connected AS T4 ON T4.atom_id = T2.atom_id WHERE T1.molecule_id "
                               "IN (SELECT t3.molecule_id FROM bond AS t3 WHERE t3.bond_type = '=')"));
  for (const auto& e : run.expansions) EXPECT_TRUE(t.db.prepare_check(e.sql).ok()) << e.sql;
}

TEST(SqlSynthesis, TableNameInUseGetsAnAlias) {
  // `bond` names the alias of atom here, so the new bond table cannot be written bare.
  Toxicology t = Toxicology::load();
  JqeRun run = expand_all(t, "SELECT bond.element FROM atom bond WHERE bond.element = 'cl'");
  const Expansion* x = find(run, "molecule", 1);
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(x->sql, normalised("SELECT bond.element FROM atom bond JOIN molecule AS T2 ON T2.molecule_id = "
                               "bond.molecule_id WHERE bond.element = 'cl'"));
  const Expansion* b = find(run, "bond", 1);
  ASSERT_NE(b, nullptr);
  EXPECT_FALSE(b->alias.empty());
  EXPECT_TRUE(t.db.prepare_check(b->sql).ok()) << b->sql;
}

TEST(SqlSynthesis, CommaJoinsGetConditionsInWhere) {
  Toxicology t = Toxicology::load();
  JqeRun run = expand_all(
      t, "SELECT COUNT(*) FROM molecule, atom WHERE atom.molecule_id = molecule.molecule_id AND atom.element = 'cl'");
  const Expansion* x = find(run, "bond", 1);
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(x->sql, normalised("SELECT COUNT(*) FROM molecule, atom, bond WHERE atom.molecule_id = "
                               "molecule.molecule_id AND atom.element = 'cl' AND bond.molecule_id = "
                               "molecule.molecule_id"));
  // The WHERE join is seen: bond on both molecule_id columns is redundant.
  EXPECT_EQ(find(run, "bond", 2), nullptr);
}

TEST(SqlSynthesis, OrInWhereIsParenthesisedWhenExtended) {
  Toxicology t = Toxicology::load();
  JqeRun run = expand_all(t,
                          "SELECT COUNT(*) FROM molecule, atom WHERE atom.molecule_id = molecule.molecule_id "
                          "AND atom.element = 'cl' OR atom.element = 'br'");
  const Expansion* x = find(run, "bond", 1);
  ASSERT_NE(x, nullptr);
  EXPECT_NE(x->sql.find("WHERE (atom.molecule_id"), std::string::npos) << x->sql;
}

TEST(SqlSynthesis, AmbiguousUnqualifiedColumnsAreQualified) {
  // bond also has molecule_id: the unqualified molecule_id (SELECT, GROUP BY and a correlated subquery) would be
  // ambiguous; element is not, and stays as written.
  Toxicology t = Toxicology::load();
  JqeRun run = expand_all(t,
                          "SELECT molecule_id, COUNT(element) FROM atom WHERE element = 'cl' AND EXISTS "
                          "(SELECT 1 FROM molecule AS m WHERE m.molecule_id = molecule_id) GROUP BY molecule_id");
  const Expansion* x = find(run, "bond", 1);
  ASSERT_NE(x, nullptr);
  // Inside the subquery molecule_id resolves to m (innermost scope first), so it stays unqualified.
  EXPECT_EQ(x->sql, normalised("SELECT atom.molecule_id, COUNT(element) FROM atom JOIN bond ON bond.molecule_id = "
                               "atom.molecule_id WHERE element = 'cl' AND EXISTS (SELECT 1 FROM molecule AS m WHERE "
                               "m.molecule_id = molecule_id) GROUP BY atom.molecule_id"));
  QueryOutcome o = t.db.query(x->sql);
  EXPECT_TRUE(o.ok()) << o.message;
}

TEST(SqlSynthesis, SelfJoinGivesEachInstanceItsOwnConditions) {
  Toxicology t = Toxicology::load();
  JqeRun run = expand_all(t,
                          "SELECT a1.element, a2.element FROM atom AS a1 JOIN connected AS c ON c.atom_id = "
                          "a1.atom_id JOIN atom AS a2 ON c.atom_id2 = a2.atom_id");
  ASSERT_EQ(run.seeds[0].skipped, "");
  const Expansion* x = find(run, "molecule", 2);
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(x->alias, "T4");
  EXPECT_NE(x->sql.find("JOIN molecule AS T4 ON T4.molecule_id = a1.molecule_id AND T4.molecule_id = a2.molecule_id"),
            std::string::npos)
      << x->sql;
  EXPECT_EQ(x->shape.nodes, 4);
  EXPECT_EQ(x->shape.edges, 4);
  EXPECT_TRUE(x->shape.cyclic);
}

TEST(SqlSynthesis, FreshAliasContinuesTheQueryPattern) {
  Toxicology t = Toxicology::load();
  auto tree = sql::parse_sql("SELECT * FROM atom AS t1 JOIN molecule AS t2 ON t1.molecule_id = t2.molecule_id");
  ASSERT_TRUE(tree.ok());
  auto names = sql::resolve_names(**tree, t.schema);
  EXPECT_EQ(fresh_alias(names, **tree), "t3");
}

}  // namespace
}  // namespace chokepoint::jqe
