// The data-quality audit on a fixture database with planted defects, in the paper's own cases: orphan bonds of
// toxicology (a declared key and a key only tables.json labels), flight_2's "Alton " airport (padding, and the
// literal that matches only after trimming), a case-only match, card_games 357's NULL filter and a gold whose result
// changes once NULLs are filtered. Each finding must name the set items it affects; limits must stop what runs long.
#include "core/testdb/data_audit.h"

#include <gtest/gtest.h>

#include "core/schema/sqlite_schema.h"

namespace chokepoint::testdb {
namespace {

const char* kFixture = R"(
CREATE TABLE molecule(molecule_id TEXT PRIMARY KEY, label TEXT);
CREATE TABLE bond(bond_id TEXT PRIMARY KEY, molecule_id TEXT REFERENCES molecule(molecule_id), bond_type TEXT);
CREATE TABLE atom(atom_id TEXT PRIMARY KEY, molecule_id TEXT, element TEXT);
INSERT INTO molecule VALUES ('TR000', '+'), ('TR001', '-');
INSERT INTO bond VALUES ('b1', 'TR000', '-'), ('b2', 'TR001', '='), ('b3', 'TR404', '-'), ('b4', 'TR405', '#'),
  ('b5', 'TR405', '-'), ('b6', NULL, '-');
INSERT INTO atom VALUES ('a1', 'TR000', 'c'), ('a2', 'TR999', 'o');
CREATE TABLE airports(City TEXT, AirportCode TEXT PRIMARY KEY, AirportName TEXT, Country TEXT);
INSERT INTO airports VALUES ('Alton', 'ALN', 'Alton ', 'United States'),
  ('Aberdeen', 'ABR', 'Municipal', 'United States'), ('Albany', 'ALB', 'albany', 'United States'),
  (' Abilene', 'ABI', 'Abilene Regional', 'United States');
CREATE TABLE cards(id INTEGER PRIMARY KEY, name TEXT, promoTypes TEXT);
INSERT INTO cards VALUES (1, 'Duress', NULL), (2, 'Duress', 'arenaleague'), (3, 'Opt', 'boosterfun');
)";

struct Fixture {
  Connection db;
  Schema schema;
};

Fixture fixture() {
  auto db = Connection::open_memory();
  EXPECT_TRUE(db.ok());
  EXPECT_TRUE(db->exec_script(kFixture).ok());
  auto s = read_schema(*db, "fixture", {false});
  EXPECT_TRUE(s.ok()) << s.error();
  return {std::move(*db), std::move(*s)};
}

std::vector<EvalItem> items() {
  return {
      {"286", "fixture", "How many bonds are there in molecules labelled '+'?", "",
       "SELECT count(*) FROM bond AS T1 JOIN molecule AS T2 ON T1.molecule_id = T2.molecule_id WHERE T2.label = '+'",
       ""},
      {"alton", "fixture", "Which city and country is the Alton airport at?", "",
       "SELECT City, Country FROM airports WHERE AirportName = \"Alton\"", ""},
      {"albany", "fixture", "What is the code of the 'Albany' airport?", "",
       "SELECT AirportCode FROM airports WHERE AirportName = 'Albany'", ""},
      {"357", "fixture", "What type of promotion is of card 'Duress'?", "",
       "SELECT promoTypes FROM cards WHERE name = 'Duress' AND promoTypes IS NOT NULL", ""},
      {"promos", "fixture", "List the names and promotion types of the cards.", "",
       "SELECT name, promoTypes FROM cards", ""},
      {"atoms", "fixture", "Which elements do the atoms have?", "",
       "SELECT T1.element FROM atom AS T1 JOIN molecule AS T2 ON T1.molecule_id = T2.molecule_id", ""},
      {"broken", "fixture", "Nothing parses here.", "", "SELEC nothing", ""},
  };
}

const AuditFinding* find(const DatabaseAudit& a, AuditKind kind, const std::string& table, const std::string& column,
                         const std::string& detail_part = "") {
  for (const auto& f : a.findings)
    if (f.kind == kind && f.table == table && f.column == column && f.detail.find(detail_part) != std::string::npos)
      return &f;
  return nullptr;
}

size_t count(const DatabaseAudit& a, AuditKind kind) {
  size_t n = 0;
  for (const auto& f : a.findings) n += f.kind == kind;
  return n;
}

TEST(DataAudit, DeclaredForeignKeyOrphansNameTheGoldsJoiningBothTables) {
  auto fx = fixture();
  const auto a = audit_database(fx.db, fx.schema, nullptr, items());
  const auto* f = find(a, AuditKind::ForeignKeyOrphans, "bond", "molecule_id");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->count, 3);  // b3, b4, b5; the NULL key of b6 is no orphan
  EXPECT_EQ(f->detail, "-> molecule(molecule_id), declared");
  EXPECT_EQ(f->examples, (std::vector<std::string>{"TR404", "TR405"}));
  EXPECT_EQ(f->items, (std::vector<std::string>{"286"}));
  // atom.molecule_id is declared nowhere: not audited without the labelled schema.
  EXPECT_EQ(count(a, AuditKind::ForeignKeyOrphans), 1u);
  EXPECT_EQ(a.items, 7u);
  EXPECT_EQ(a.golds_unparsed, 1u);
}

TEST(DataAudit, LabelledForeignKeysAreAuditedToo) {
  auto fx = fixture();
  Schema labelled = fx.schema;
  for (auto& t : labelled.tables)
    if (t.name == "atom")
      t.foreign_keys.push_back({{"molecule_id"}, "molecule", {"molecule_id"}});
    else if (t.name == "bond")
      t.foreign_keys = {{{"MOLECULE_ID"}, "Molecule", {"molecule_id"}}};
  const auto a = audit_database(fx.db, fx.schema, &labelled, items());
  const auto* atom = find(a, AuditKind::ForeignKeyOrphans, "atom", "molecule_id");
  ASSERT_NE(atom, nullptr);
  EXPECT_EQ(atom->count, 1);
  EXPECT_EQ(atom->detail, "-> molecule(molecule_id), labelled");
  EXPECT_EQ(atom->items, (std::vector<std::string>{"atoms"}));
  const auto* bond = find(a, AuditKind::ForeignKeyOrphans, "bond", "molecule_id");
  ASSERT_NE(bond, nullptr);
  EXPECT_EQ(bond->detail, "-> molecule(molecule_id), declared and labelled");  // audited once
  EXPECT_EQ(count(a, AuditKind::ForeignKeyOrphans), 2u);
}

TEST(DataAudit, PaddedValuesPerColumnWithTheGoldsReadingThem) {
  auto fx = fixture();
  const auto a = audit_database(fx.db, fx.schema, nullptr, items());
  const auto* name = find(a, AuditKind::PaddedValues, "airports", "AirportName");
  ASSERT_NE(name, nullptr);
  EXPECT_EQ(name->count, 1);
  EXPECT_EQ(name->examples, (std::vector<std::string>{"Alton "}));
  EXPECT_EQ(name->items, (std::vector<std::string>{"albany", "alton"}));
  const auto* city = find(a, AuditKind::PaddedValues, "airports", "City");
  ASSERT_NE(city, nullptr);
  EXPECT_EQ(city->examples, (std::vector<std::string>{" Abilene"}));
  EXPECT_EQ(city->items, (std::vector<std::string>{"alton"}));
  EXPECT_EQ(count(a, AuditKind::PaddedValues), 2u);
}

TEST(DataAudit, LiteralsMatchingOnlyAfterTrimmingOrUpToCase) {
  auto fx = fixture();
  const auto a = audit_database(fx.db, fx.schema, nullptr, items());
  const auto* alton = find(a, AuditKind::LiteralMismatch, "airports", "AirportName", "'Alton'");
  ASSERT_NE(alton, nullptr);
  EXPECT_EQ(alton->detail, "'Alton' matches only after trimming");
  EXPECT_EQ(alton->examples, (std::vector<std::string>{"Alton "}));
  EXPECT_EQ(alton->items, (std::vector<std::string>{"alton"}));
  const auto* albany = find(a, AuditKind::LiteralMismatch, "airports", "AirportName", "'Albany'");
  ASSERT_NE(albany, nullptr);
  EXPECT_EQ(albany->detail, "'Albany' matches only up to case");
  EXPECT_EQ(albany->items, (std::vector<std::string>{"albany"}));
  // City holds 'Alton' and 'Albany' exactly: no finding there.
  EXPECT_EQ(find(a, AuditKind::LiteralMismatch, "airports", "City"), nullptr);
  EXPECT_EQ(count(a, AuditKind::LiteralMismatch), 2u);

  // A literal written with a space the stored value lacks (Spider's 'Korea '), and one off in both ways.
  const std::vector<EvalItem> more = {
      {"aberdeen", "fixture", "Which airport is in 'Aberdeen '?", "",
       "SELECT AirportCode FROM airports WHERE City = 'x'", ""},
      {"abilene", "fixture", "Which airport is in 'ABILENE'?", "", "SELECT AirportCode FROM airports", ""}};
  const auto b = audit_database(fx.db, fx.schema, nullptr, more);
  const auto* aberdeen = find(b, AuditKind::LiteralMismatch, "airports", "City", "'Aberdeen '");
  ASSERT_NE(aberdeen, nullptr);
  EXPECT_EQ(aberdeen->detail, "'Aberdeen ' matches only after trimming");
  const auto* abilene = find(b, AuditKind::LiteralMismatch, "airports", "City", "'ABILENE'");
  ASSERT_NE(abilene, nullptr);
  EXPECT_EQ(abilene->detail, "'ABILENE' matches only up to case and trimming");
  EXPECT_EQ(abilene->examples, (std::vector<std::string>{" Abilene"}));
}

TEST(DataAudit, NullSensitiveGoldsInBothDirections) {
  auto fx = fixture();
  const auto a = audit_database(fx.db, fx.schema, nullptr, items());
  // card_games 357: the gold's own `promoTypes IS NOT NULL` matters.
  const auto* removed = find(a, AuditKind::NullSensitiveGold, "cards", "promoTypes", "removed");
  ASSERT_NE(removed, nullptr);
  EXPECT_EQ(removed->items, (std::vector<std::string>{"357"}));
  EXPECT_EQ(removed->examples, (std::vector<std::string>{"357: 1 row -> 2 rows"}));
  // A gold that returns a NULL promotion: filtering NULLs changes it.
  const auto* added = find(a, AuditKind::NullSensitiveGold, "cards", "promoTypes", "added");
  ASSERT_NE(added, nullptr);
  EXPECT_EQ(added->items, (std::vector<std::string>{"promos"}));
  // Inner joins already drop NULL keys, and no other column read holds a NULL.
  EXPECT_EQ(count(a, AuditKind::NullSensitiveGold), 2u);
  EXPECT_EQ(a.golds_failed, 0u);
  EXPECT_TRUE(a.incomplete.empty()) << a.incomplete[0];
}

TEST(DataAudit, OuterJoinedTablesAreNotProbed) {
  auto fx = fixture();
  const std::vector<EvalItem> left = {{"left", "fixture", "q", "",
                                       "SELECT T1.bond_id, T2.label FROM bond AS T1 LEFT JOIN molecule AS T2 ON "
                                       "T1.molecule_id = T2.molecule_id",
                                       ""}};
  const auto a = audit_database(fx.db, fx.schema, nullptr, left);
  // bond.molecule_id has NULLs (b6) and is probed; molecule's columns, NULL only through the join, are not.
  EXPECT_NE(find(a, AuditKind::NullSensitiveGold, "bond", "molecule_id"), nullptr);
  EXPECT_EQ(find(a, AuditKind::NullSensitiveGold, "molecule", "label"), nullptr);
  EXPECT_EQ(find(a, AuditKind::NullSensitiveGold, "molecule", "molecule_id"), nullptr);
}

TEST(DataAudit, TimeLimitsStopLongGoldsAndSayWhich) {
  auto fx = fixture();
  AuditOptions o;
  o.limits.timeout_ms = 50;
  o.max_examples = 1;
  const std::vector<EvalItem> slow = {
      {"endless", "fixture", "q", "",
       "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n, cards "
       "WHERE cards.name = 'Opt'",
       ""}};
  const auto a = audit_database(fx.db, fx.schema, nullptr, slow, o);
  EXPECT_EQ(a.golds_failed, 1u);
  ASSERT_EQ(a.incomplete.size(), 1u);
  EXPECT_EQ(a.incomplete[0], "fixture: gold of item endless: stopped by the 50 ms limit");
  const auto* f = find(a, AuditKind::ForeignKeyOrphans, "bond", "molecule_id");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->examples.size(), 1u);  // capped
}

TEST(DataAudit, SameInputsSameReport) {
  auto fx = fixture();
  const auto a = audit_database(fx.db, fx.schema, nullptr, items());
  const auto b = audit_database(fx.db, fx.schema, nullptr, items());
  ASSERT_EQ(a.findings.size(), b.findings.size());
  for (size_t i = 0; i < a.findings.size(); ++i) {
    EXPECT_EQ(a.findings[i].detail, b.findings[i].detail);
    EXPECT_EQ(a.findings[i].items, b.findings[i].items);
  }
  EXPECT_EQ(a.queries, b.queries);
}

}  // namespace
}  // namespace chokepoint::testdb
