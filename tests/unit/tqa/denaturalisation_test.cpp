// De-naturalisation (SQLMorph §V) on the toxicology sample: naturalness, the abbreviator, the rename plan, the
// renamed clone, gold SQL rewritten through the AST, and the execution check that keeps a variant.
#include "core/tqa/denaturalisation.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "core/dataset/eval_set_loader.h"
#include "core/schema/sqlite_schema.h"
#include "core/tqa/database_rename.h"
#include "core/tqa/less_natural_name.h"
#include "core/tqa/naturalness.h"
#include "core/tqa/sql_rename.h"
#include "tests/unit/tqa/tqa_fixtures.h"

namespace chokepoint::tqa {
namespace {

RenamePlan abbreviating_plan(const Lexicon& lex, const Schema& schema) {
  RenamePlan plan = plan_renames(
      schema, [&](const std::string& n) { return heuristic_naturalness(lex, n); }, abbreviate_identifier);
  plan.naming = "deterministic abbreviator";
  return plan;
}

TEST(LessNaturalName, SqlMorphsWaterTemperatureExample) {
  EXPECT_EQ(abbreviate_identifier("WaterTemperature"), "WtTp");
  EXPECT_EQ(abbreviate_identifier("atom_id"), "at_id");  // "id" has nothing shorter
  EXPECT_EQ(abbreviate_identifier("molecule"), "ml");
  EXPECT_EQ(abbreviate_identifier("bond_type"), "bd_tp");
}

TEST(Naturalness, HeuristicOnTheSnailsProbes) {
  REQUIRE_WORDNET();
  // The probes of the reference implementation's SNAILS classifier: N1, N2, N3 in that order.
  EXPECT_EQ(heuristic_naturalness(lex, "WinterWeather"), Naturalness::N1);
  EXPECT_EQ(heuristic_naturalness(lex, "WintrWthr"), Naturalness::N2);
  EXPECT_EQ(heuristic_naturalness(lex, "WWth"), Naturalness::N3);
  EXPECT_EQ(parse_naturalness("The identifier is N2.").value(), Naturalness::N2);
  EXPECT_FALSE(parse_naturalness("natural").ok());
}

TEST(RenamePlan, KeepsLeastNaturalNamesAndNeverProposesKeywords) {
  Schema s;
  s.db_id = "d";
  s.tables = {Table{"orders", "", {{"WWth", "", "", false}, {"order_date", "", "", false}}, {}, {}, -1}};
  auto plan = plan_renames(
      s, [](const std::string& n) { return n == "WWth" ? Naturalness::N3 : Naturalness::N1; },
      [](const std::string& n) { return n == "orders" ? std::string("select") : std::string("od"); });
  EXPECT_EQ(plan.table_name("orders"), "orders");  // "select" is a keyword: kept rather than quoted
  EXPECT_EQ(plan.column_name("orders", "WWth"), "WWth");
  EXPECT_EQ(plan.column_name("ORDERS", "Order_Date"), "od");
}

TEST(RenamePlan, CollidingProposalsGetSuffixesAndSharedColumnsStayEqual) {
  Schema s;
  s.db_id = "d";
  s.tables = {Table{"a", "", {{"bond_id", "", "", false}, {"bad_id", "", "", false}}, {}, {}, -1},
              Table{"b", "", {{"bond_id", "", "", false}}, {}, {}, -1}};
  auto plan = plan_renames(
      s, [](const std::string&) { return Naturalness::N1; }, abbreviate_identifier);
  EXPECT_EQ(plan.column_name("a", "bond_id"), "bd_id");
  EXPECT_EQ(plan.column_name("a", "bad_id"), "bd_id2");
  EXPECT_EQ(plan.column_name("b", "bond_id"), "bd_id");  // the foreign-key pair keeps one name
}

class ToxicologyDenat : public ::testing::Test {
 protected:
  void SetUp() override {
    lex_ = testing_support::wordnet();
    if (!lex_) GTEST_SKIP() << "WordNet not installed";
    auto db = testing_support::toxicology_sample();
    ASSERT_TRUE(db.ok()) << db.error();
    original_ = std::make_unique<Connection>(std::move(*db));
    auto schema = read_schema(*original_, "toxicology");
    ASSERT_TRUE(schema.ok()) << schema.error();
    schema_ = *schema;
    plan_ = abbreviating_plan(*lex_, schema_);
  }
  const Lexicon* lex_ = nullptr;
  std::unique_ptr<Connection> original_;
  Schema schema_;
  RenamePlan plan_;
};

TEST_F(ToxicologyDenat, PlanAbbreviatesEveryNaturalName) {
  EXPECT_EQ(plan_.table_name("molecule"), "ml");
  EXPECT_EQ(plan_.table_name("atom"), "at");
  EXPECT_EQ(plan_.table_name("bond"), "bd");
  EXPECT_EQ(plan_.table_name("connected"), "cn");
  EXPECT_EQ(plan_.column_name("atom", "element"), "el");
  EXPECT_EQ(plan_.column_name("connected", "atom_id"), plan_.column_name("atom", "atom_id"));
}

TEST_F(ToxicologyDenat, RenameTouchesNoStringLiteralAliasOrKeyword) {
  // "-" and "cl" are double-quoted strings to SQLite (no such column); 'bond_type' is a value; T and `type` are
  // aliases; ORDER BY type names the result alias.
  auto sql = rename_sql(
      "SELECT T.bond_type AS type, COUNT(*) FROM bond AS T JOIN molecule ON molecule.molecule_id = T.molecule_id "
      "WHERE T.bond_type <> 'bond_type' AND molecule.label = \"-\" GROUP BY T.bond_type ORDER BY type",
      schema_, plan_);
  ASSERT_TRUE(sql.ok()) << sql.error();
  EXPECT_EQ(*sql,
            "SELECT T.bd_tp AS type, COUNT(*) FROM bd AS T JOIN ml ON ml.ml_id = T.ml_id "
            "WHERE T.bd_tp <> 'bond_type' AND ml.lb = \"-\" GROUP BY T.bd_tp ORDER BY type");
}

TEST_F(ToxicologyDenat, SubqueryOutputColumnsFollowTheirRenamedSource) {
  auto sql = rename_sql("SELECT T.bond_type FROM (SELECT bond_type, COUNT(bond_id) FROM bond GROUP BY bond_type) AS T",
                        schema_, plan_);
  ASSERT_TRUE(sql.ok());
  EXPECT_EQ(*sql, "SELECT T.bd_tp FROM (SELECT bd_tp, COUNT(bd_id) FROM bd GROUP BY bd_tp) AS T");
}

TEST_F(ToxicologyDenat, RenamedCloneKeepsEveryGoldResult) {
  auto renamed = clone_database(*original_, ":memory:");
  ASSERT_TRUE(renamed.ok()) << renamed.error();
  ASSERT_TRUE(apply_rename_plan(*renamed, plan_).ok());
  // The original is untouched: the copy was renamed, not the source.
  EXPECT_TRUE(original_->query("SELECT atom_id FROM atom").ok());
  EXPECT_FALSE(renamed->query("SELECT atom_id FROM atom").ok());
  EXPECT_TRUE(renamed->query("SELECT at_id FROM at").ok());

  auto set = load_eval_set(CHOKEPOINT_SOURCE_DIR "/assets/sets/sample_dev.json");
  ASSERT_TRUE(set.ok()) << set.error();
  size_t seen = 0;
  for (const auto& i : set->items) {
    if (i.db_id != "toxicology") continue;
    ++seen;
    DenatItem d = denaturalise_sql({i.key, i.db_id, i.question, i.evidence, i.sql, i.difficulty}, schema_, plan_,
                                   *original_, *renamed);
    EXPECT_TRUE(d.kept) << i.sql << " -> " << d.less_natural_sql << ": " << d.reason;
    EXPECT_NE(d.less_natural_sql, i.sql);
  }
  EXPECT_EQ(seen, 14u);
}

// The renames run as one transaction: a plan that cannot be applied (here its last table is renamed to the new name
// of its first, taken by then) leaves the copy as it was, every earlier rename undone, and says why.
TEST_F(ToxicologyDenat, AFailedRenameLeavesTheCopyAsItWas) {
  auto renamed = clone_database(*original_, "");
  ASSERT_TRUE(renamed.ok());
  RenamePlan clash = plan_;
  ASSERT_GE(clash.tables.size(), 2u);
  clash.tables.back().table.new_name = clash.tables.front().table.new_name;
  const auto st = apply_rename_plan(*renamed, clash);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.error().find("renaming failed"), std::string::npos) << st.error();
  EXPECT_TRUE(renamed->query("SELECT atom_id, element FROM atom").ok()) << "the column renames were undone";
  EXPECT_TRUE(renamed->query("SELECT bond_type FROM bond").ok());
  EXPECT_TRUE(apply_rename_plan(*renamed, plan_).ok()) << "the copy can still be renamed by a good plan";
  EXPECT_TRUE(renamed->query("SELECT at_id FROM at").ok());
}

// A statement a step: every planned rename is its own step, after the two PRAGMAs and BEGIN and before COMMIT and the
// check. A second connection to the same file sees the original names until the commit, and the renamed ones after.
TEST_F(ToxicologyDenat, RenamesAStatementAStepAndCommitsAtTheEnd) {
  const std::string path = ::testing::TempDir() + "/renamed_a_step_at_a_time.sqlite";
  std::remove(path.c_str());
  auto renamed = clone_database(*original_, path);
  ASSERT_TRUE(renamed.ok()) << renamed.error();
  auto reader = Connection::open_read_only(path, FileChanges::MayChange);
  ASSERT_TRUE(reader.ok()) << reader.error();
  size_t renames = 0;
  for (const auto& t : plan_.tables) {
    renames += t.table.renamed() ? 1 : 0;
    for (const auto& c : t.columns) renames += c.renamed() ? 1 : 0;
  }
  ASSERT_GT(renames, 5u);
  RenameApplier applier(*renamed, plan_);
  size_t steps = 0;
  while (!applier.done()) {
    const auto st = applier.step();
    ASSERT_TRUE(st.ok()) << st.error();
    ++steps;
    if (steps <= 3 + renames) {
      EXPECT_TRUE(reader->query("SELECT atom_id FROM atom").ok()) << "before the commit, after step " << steps;
    }
  }
  EXPECT_EQ(steps, 3 + renames + 2);  // PRAGMAs and BEGIN, the renames, COMMIT, the check
  EXPECT_FALSE(reader->query("SELECT atom_id FROM atom").ok());
  EXPECT_TRUE(reader->query("SELECT at_id FROM at").ok());
  std::remove(path.c_str());
}

TEST_F(ToxicologyDenat, AChangedResultIsDiscarded) {
  auto renamed = clone_database(*original_, "");
  ASSERT_TRUE(renamed.ok());
  ASSERT_TRUE(apply_rename_plan(*renamed, plan_).ok());
  ASSERT_TRUE(renamed->exec_script("DELETE FROM at WHERE el = 'cl';").ok());
  DenatItem d = denaturalise_sql({"0", "toxicology", "", "", "SELECT COUNT(*) FROM atom WHERE element = 'cl'", ""},
                                 schema_, plan_, *original_, *renamed);
  EXPECT_FALSE(d.kept);
  EXPECT_EQ(d.reason, "the renamed SQL returns different rows");
}

TEST_F(ToxicologyDenat, DeterministicMentionRewriteSparesValues) {
  // SQLMorph's toxicology example (ID 245), evidence side.
  std::string e = rewrite_mentions(
      "atoms with the element iodine refers to element = 'i'; average = DIVIDE(COUNT(bond_id), COUNT(atom_id)) "
      "where element = 'i'",
      plan_, lex_);
  EXPECT_EQ(e, "at with the el iodine refers to el = 'i'; average = DIVIDE(COUNT(bd_id), COUNT(at_id)) where el = 'i'");
  DenatItem d;
  d.original = {"245", "toxicology", "Q", "E", "SELECT 1", ""};
  d.less_natural_question = "LQ";
  d.less_natural_sql = "SELECT 2";
  EXPECT_EQ(d.in_setting(DenatSetting::LO).sql, "SELECT 1");
  EXPECT_EQ(d.in_setting(DenatSetting::LO).question, "LQ");
  EXPECT_EQ(d.in_setting(DenatSetting::OL).question, "Q");
  EXPECT_EQ(d.in_setting(DenatSetting::LL).sql, "SELECT 2");
}

TEST(DenatSettingSet, KeepsOnlyKeptItemsAndNamesTheRenamedDatabaseWhereAsked) {
  DenatItem kept;
  kept.original = {"1", "toxicology", "Q", "E", "SELECT 1", ""};
  kept.less_natural_question = "LQ";
  kept.less_natural_sql = "SELECT 2";
  kept.kept = true;
  DenatItem dropped = kept;
  dropped.original.key = "2";
  dropped.kept = false;
  const std::vector<DenatItem> items = {dropped, kept};
  for (DenatSetting s : kDenatSettings) {
    const EvalSet plain = denat_setting_set(items, s);
    ASSERT_EQ(plain.items.size(), 1u) << denat_setting_name(s);
    EXPECT_EQ(plain.items[0].key, "1");
    EXPECT_EQ(plain.items[0].db_id, "toxicology");  // the CLI's folder holds the renamed copy under the same name
    const EvalSet named = denat_setting_set(items, s, "toxicology_denat");
    const bool renamed = s == DenatSetting::OL || s == DenatSetting::LL;
    EXPECT_EQ(named.items[0].db_id, renamed ? "toxicology_denat" : "toxicology") << denat_setting_name(s);
    EXPECT_EQ(named.items[0].sql, renamed ? "SELECT 2" : "SELECT 1");
    EXPECT_EQ(named.format, DatasetFormat::BirdDevJson);
  }
}

}  // namespace
}  // namespace chokepoint::tqa
