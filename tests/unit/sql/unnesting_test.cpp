// Unnesting before JQE (thesis §3.3.1): a CTE used once or a FROM subquery that is a plain select-project-join is
// inlined, everything else stays nested with its reason. Every inlined query is executed next to the original on the
// sample databases (assets/db), and the row counts below are worked out by hand from those scripts.
#include <algorithm>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "core/db/connection.h"
#include "core/schema/sqlite_schema.h"
#include "core/sql/join_query_graph.h"
#include "core/sql/parser.h"
#include "core/sql/unnesting.h"

namespace chokepoint::sql {
namespace {

struct Sample {
  Connection db;
  Schema schema;
};

Sample load(const std::string& name) {
  std::ifstream in(std::string(CHOKEPOINT_SOURCE_DIR) + "/assets/db/" + name + ".sql");
  std::stringstream text;
  text << in.rdbuf();
  auto db = Connection::open_memory();
  EXPECT_TRUE(db.ok());
  Status st = db->exec_script(text.str());
  EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error());
  auto schema = read_schema(*db, name);
  EXPECT_TRUE(schema.ok());
  return Sample{std::move(*db), std::move(*schema)};
}

const Sample& toxicology() {
  static const Sample s = load("toxicology");
  return s;
}

const Sample& movies() {
  static const Sample s = load("movies");
  return s;
}

// The rows of a query as text, sorted: the multiset the two queries must share.
std::vector<std::string> rows(const Sample& s, const std::string& sql) {
  QueryOutcome out = s.db.query(sql);
  EXPECT_TRUE(out.ok()) << sql << "\n" << out.message;
  std::vector<std::string> lines;
  for (const auto& row : out.result.rows) {
    std::string line;
    for (const auto& v : row) line += v.to_string() + "|";
    lines.push_back(line);
  }
  std::sort(lines.begin(), lines.end());
  return lines;
}

std::vector<std::string> column_names(const Sample& s, const std::string& sql) {
  return s.db.query(sql).result.column_names;
}

Unnesting unnested(const Sample& s, const std::string& sql) {
  auto u = unnest(sql, s.schema);
  EXPECT_TRUE(u.ok()) << (u.ok() ? "" : u.error());
  return u.ok() ? *u : Unnesting{};
}

// The reason of the one derived table a toxicology query keeps nested (`other` when there is not exactly one).
NestingReason only_reason(const std::string& sql) {
  Unnesting u = unnested(toxicology(), sql);
  EXPECT_EQ(u.sql, sql);
  EXPECT_EQ(u.nested.size(), 1u) << sql;
  return u.nested.size() == 1 ? u.nested[0].reason : NestingReason::other;
}

size_t derived_nodes(const Sample& s, const std::string& sql) {
  auto tree = parse_sql(sql);
  EXPECT_TRUE(tree.ok());
  auto names = resolve_names(**tree, s.schema);
  size_t n = 0;
  for (const auto& node : build_join_query_graph(names, s.schema, names.main_scope).nodes) n += node.derived ? 1 : 0;
  return n;
}

TEST(Unnesting, FromSubqueryThatIsSelectProjectJoinJoinsTheOuterFrom) {
  const std::string sql =
      "SELECT COUNT(DISTINCT T.molecule_id) FROM (SELECT atom.molecule_id FROM atom WHERE atom.element = 'cl') AS T "
      "JOIN molecule ON molecule.molecule_id = T.molecule_id WHERE molecule.label = '-'";
  Unnesting u = unnested(toxicology(), sql);
  ASSERT_EQ(u.inlined.size(), 1u);
  EXPECT_EQ(u.inlined[0].name, "T");
  EXPECT_FALSE(u.inlined[0].cte);
  EXPECT_TRUE(u.nested.empty());
  EXPECT_EQ(u.sql,
            "SELECT COUNT(DISTINCT atom.molecule_id) FROM atom JOIN molecule ON molecule.molecule_id = "
            "atom.molecule_id WHERE molecule.label = '-' AND atom.element = 'cl'");
  // Chlorine in a '-' molecule: TR002, TR004, TR010, TR015 (two atoms), TR016, TR017.
  EXPECT_EQ(rows(toxicology(), u.sql), std::vector<std::string>{"6|"});
  EXPECT_EQ(rows(toxicology(), sql), rows(toxicology(), u.sql));
}

TEST(Unnesting, CteUsedOnceIsInlinedAndTheEmptyWithClauseGoes) {
  const std::string sql =
      "WITH chlorine AS (SELECT atom_id, molecule_id FROM atom WHERE element = 'cl') "
      "SELECT COUNT(c.atom_id) FROM molecule AS m JOIN chlorine AS c ON c.molecule_id = m.molecule_id "
      "WHERE m.label = '-'";
  Unnesting u = unnested(toxicology(), sql);
  ASSERT_EQ(u.inlined.size(), 1u);
  EXPECT_EQ(u.inlined[0].name, "chlorine");
  EXPECT_TRUE(u.inlined[0].cte);
  EXPECT_EQ(u.sql,
            "SELECT COUNT(atom.atom_id) FROM molecule AS m JOIN atom ON atom.molecule_id = m.molecule_id "
            "WHERE m.label = '-' AND atom.element = 'cl'");
  // Chlorine atoms of '-' molecules: TR002_2, TR004_3, TR010_3, TR015_3, TR015_4, TR016_1, TR017_1.
  EXPECT_EQ(rows(toxicology(), u.sql), std::vector<std::string>{"7|"});
  EXPECT_EQ(rows(toxicology(), sql), rows(toxicology(), u.sql));
}

TEST(Unnesting, TheSeedGraphLosesItsDerivedNode) {
  const std::string sql =
      "WITH chlorine AS (SELECT atom_id, molecule_id FROM atom WHERE element = 'cl') "
      "SELECT COUNT(c.atom_id) FROM molecule AS m JOIN chlorine AS c ON c.molecule_id = m.molecule_id";
  EXPECT_EQ(derived_nodes(toxicology(), sql), 1u);
  EXPECT_EQ(derived_nodes(toxicology(), unnested(toxicology(), sql).sql), 0u);
}

TEST(Unnesting, ABodyAliasTheOuterQueryUsesIsRenamed) {
  const std::string sql =
      "SELECT T1.molecule_id, T1.label FROM molecule AS T1 JOIN (SELECT T1.molecule_id FROM atom AS T1 "
      "WHERE T1.element = 'na') AS T2 ON T2.molecule_id = T1.molecule_id";
  Unnesting u = unnested(toxicology(), sql);
  // T1 is taken by molecule; T2 is free once the derived table T2 is gone.
  EXPECT_EQ(u.sql,
            "SELECT T1.molecule_id, T1.label FROM molecule AS T1 JOIN atom AS T2 ON T2.molecule_id = T1.molecule_id "
            "WHERE T2.element = 'na'");
  // Sodium: TR002_1 (sodium chloride) and TR010_1 (sodium hypochlorite), both '-'.
  EXPECT_EQ(rows(toxicology(), u.sql), (std::vector<std::string>{"TR002|-|", "TR010|-|"}));
  EXPECT_EQ(rows(toxicology(), sql), rows(toxicology(), u.sql));
}

TEST(Unnesting, AProjectedExpressionReplacesTheReferenceAndKeepsTheColumnName) {
  const std::string sql = "SELECT T.kind FROM (SELECT bond_type AS kind FROM bond WHERE molecule_id = 'TR001') AS T";
  Unnesting u = unnested(toxicology(), sql);
  EXPECT_EQ(u.sql, "SELECT bond.bond_type AS kind FROM bond WHERE bond.molecule_id = 'TR001'");
  EXPECT_EQ(column_names(toxicology(), u.sql), std::vector<std::string>{"kind"});
  // Chloroform: one C-H and three C-Cl single bonds.
  EXPECT_EQ(rows(toxicology(), u.sql), (std::vector<std::string>{"-|", "-|", "-|", "-|"}));
}

TEST(Unnesting, AComputedColumnIsSubstitutedWhereverTheOuterQueryReadsIt) {
  const std::string sql =
      "SELECT T.n FROM (SELECT length(atom_id) - 6 AS n FROM atom WHERE molecule_id = 'TR018') AS T WHERE T.n * 2 > 2";
  Unnesting u = unnested(toxicology(), sql);
  EXPECT_EQ(u.sql,
            "SELECT length(atom.atom_id) - 6 AS n FROM atom WHERE (length(atom.atom_id) - 6) * 2 > 2 AND "
            "atom.molecule_id = 'TR018'");
  // Benzene's atom ids TR018_1 .. TR018_12: length - 6 is 1 for _1.._9 and 2 for _10.._12; 2n > 2 keeps the 2s.
  EXPECT_EQ(rows(toxicology(), u.sql), (std::vector<std::string>{"2|", "2|", "2|"}));
  EXPECT_EQ(rows(toxicology(), sql), rows(toxicology(), u.sql));
}

TEST(Unnesting, StarOverTheDerivedTableBecomesItsColumnList) {
  const std::string sql = "SELECT * FROM (SELECT atom_id, element FROM atom WHERE molecule_id = 'TR000') AS a";
  Unnesting u = unnested(toxicology(), sql);
  EXPECT_EQ(u.sql, "SELECT atom.atom_id, atom.element FROM atom WHERE atom.molecule_id = 'TR000'");
  // Methanol: one carbon, four hydrogens, one oxygen.
  EXPECT_EQ(rows(toxicology(), u.sql).size(), 6u);
  EXPECT_EQ(rows(toxicology(), sql), rows(toxicology(), u.sql));
}

TEST(Unnesting, AnOnConditionReadingALaterBodyTableMovesToWhere) {
  const std::string sql =
      "SELECT COUNT(*) FROM molecule AS m JOIN (SELECT b.molecule_id, c.atom_id FROM bond AS b JOIN connected AS c "
      "ON c.bond_id = b.bond_id) AS bc ON bc.molecule_id = m.molecule_id AND bc.atom_id = 'TR001_1'";
  Unnesting u = unnested(toxicology(), sql);
  EXPECT_EQ(u.sql,
            "SELECT COUNT(*) FROM molecule AS m JOIN bond AS b JOIN connected AS c ON c.bond_id = b.bond_id "
            "WHERE b.molecule_id = m.molecule_id AND c.atom_id = 'TR001_1'");
  // TR001_1 is chloroform's carbon, first atom of its four bonds (each stored once per direction).
  EXPECT_EQ(rows(toxicology(), u.sql), std::vector<std::string>{"4|"});
  EXPECT_EQ(rows(toxicology(), sql), rows(toxicology(), u.sql));
}

TEST(Unnesting, AnUnqualifiedOuterColumnAnInlinedTableAlsoHasIsQualified) {
  const std::string sql =
      "SELECT label FROM molecule JOIN (SELECT molecule_id AS mid FROM atom WHERE element = 'o') AS o "
      "ON o.mid = molecule_id";
  Unnesting u = unnested(toxicology(), sql);
  EXPECT_EQ(u.sql,
            "SELECT label FROM molecule JOIN atom ON atom.molecule_id = molecule.molecule_id "
            "WHERE atom.element = 'o'");
  // Oxygen atoms: TR000, TR004 (two), TR005, TR008, TR010, TR011, TR013 (two), TR014, TR015: eleven rows.
  EXPECT_EQ(rows(toxicology(), u.sql).size(), 11u);
  EXPECT_EQ(rows(toxicology(), sql), rows(toxicology(), u.sql));
}

TEST(Unnesting, ACorrelatedReferenceFromAWhereSubqueryIsSubstitutedToo) {
  const std::string sql =
      "SELECT t.a FROM (SELECT atom_id AS a, molecule_id AS m FROM atom WHERE element = 'o') AS t "
      "WHERE EXISTS (SELECT 1 FROM bond AS b WHERE b.molecule_id = t.m AND b.bond_type = '=')";
  Unnesting u = unnested(toxicology(), sql);
  EXPECT_EQ(u.sql,
            "SELECT atom.atom_id AS a FROM atom WHERE EXISTS (SELECT 1 FROM bond AS b WHERE b.molecule_id = "
            "atom.molecule_id AND b.bond_type = '=') AND atom.element = 'o'");
  // Oxygen in a molecule with a double bond: TR004 (two), TR005, TR011, TR013 (two), TR015.
  EXPECT_EQ(rows(toxicology(), u.sql), (std::vector<std::string>{"TR004_4|", "TR004_5|", "TR005_2|", "TR011_2|",
                                                                 "TR013_2|", "TR013_3|", "TR015_2|"}));
  EXPECT_EQ(rows(toxicology(), sql), rows(toxicology(), u.sql));
}

TEST(Unnesting, AnUnnamedSubqueryIsInlinedThroughItsUnqualifiedColumns) {
  const std::string sql = "SELECT element FROM (SELECT element FROM atom WHERE molecule_id = 'TR006')";
  Unnesting u = unnested(toxicology(), sql);
  ASSERT_EQ(u.inlined.size(), 1u);
  EXPECT_EQ(u.inlined[0].name, "");
  EXPECT_EQ(u.sql, "SELECT atom.element FROM atom WHERE atom.molecule_id = 'TR006'");
  // Hydrogen cyanide: h, c, n.
  EXPECT_EQ(rows(toxicology(), u.sql), (std::vector<std::string>{"c|", "h|", "n|"}));
}

TEST(Unnesting, ASubqueryInsideAnInlinedOneIsInlinedInTurn) {
  const std::string sql =
      "SELECT COUNT(*) FROM (SELECT x.molecule_id FROM (SELECT molecule_id FROM atom WHERE element = 'n') AS x) AS y "
      "JOIN molecule AS m ON m.molecule_id = y.molecule_id WHERE m.label = '+'";
  Unnesting u = unnested(toxicology(), sql);
  ASSERT_EQ(u.inlined.size(), 2u);
  EXPECT_EQ(u.inlined[0].name, "y");
  EXPECT_EQ(u.inlined[1].name, "x");
  EXPECT_EQ(u.sql,
            "SELECT COUNT(*) FROM atom JOIN molecule AS m ON m.molecule_id = atom.molecule_id "
            "WHERE m.label = '+' AND atom.element = 'n'");
  // Nitrogen in '+' molecules: acrylonitrile TR007 (one) and hydrazine TR012 (two).
  EXPECT_EQ(rows(toxicology(), u.sql), std::vector<std::string>{"3|"});
  EXPECT_EQ(rows(toxicology(), sql), rows(toxicology(), u.sql));
}

TEST(Unnesting, AnAggregatingBodyStaysNestedWithItsReason) {
  const std::string sql =
      "SELECT m.label FROM molecule AS m JOIN (SELECT molecule_id, COUNT(*) AS n FROM atom GROUP BY molecule_id) AS c "
      "ON c.molecule_id = m.molecule_id WHERE c.n > 10";
  Unnesting u = unnested(toxicology(), sql);
  EXPECT_FALSE(u.changed());
  EXPECT_EQ(u.sql, sql);
  ASSERT_EQ(u.nested.size(), 1u);
  EXPECT_EQ(u.nested[0].name, "c");
  EXPECT_EQ(u.nested[0].reason, NestingReason::aggregate);
  EXPECT_EQ(u.nested[0].detail, "GROUP BY");
}

TEST(Unnesting, AnAggregateWithoutGroupByIsAlsoAnAggregate) {
  Unnesting u = unnested(toxicology(), "SELECT t.n FROM (SELECT COUNT(*) AS n FROM bond) AS t");
  ASSERT_EQ(u.nested.size(), 1u);
  EXPECT_EQ(u.nested[0].reason, NestingReason::aggregate);
  EXPECT_EQ(u.nested[0].detail, "COUNT");
}

TEST(Unnesting, DistinctKeepsABodyNested) {
  EXPECT_EQ(only_reason("SELECT t.e FROM (SELECT DISTINCT element AS e FROM atom) AS t"), NestingReason::distinct);
}

TEST(Unnesting, LimitKeepsABodyNested) {
  EXPECT_EQ(only_reason("SELECT t.atom_id FROM (SELECT atom_id FROM atom LIMIT 3) AS t"), NestingReason::limit);
}

TEST(Unnesting, OrderByKeepsABodyNested) {
  EXPECT_EQ(only_reason("SELECT t.atom_id FROM (SELECT atom_id FROM atom ORDER BY atom_id) AS t"),
            NestingReason::order_by);
}

TEST(Unnesting, AWindowFunctionKeepsABodyNested) {
  EXPECT_EQ(only_reason("SELECT t.r FROM (SELECT row_number() OVER (ORDER BY atom_id) AS r FROM atom) AS t"),
            NestingReason::window);
}

TEST(Unnesting, ASetOperationKeepsABodyNested) {
  Unnesting u = unnested(toxicology(),
                         "SELECT COUNT(*) FROM (SELECT molecule_id FROM atom UNION SELECT molecule_id FROM bond) AS t");
  ASSERT_EQ(u.nested.size(), 1u);
  EXPECT_EQ(u.nested[0].reason, NestingReason::set_operation);
  EXPECT_EQ(u.nested[0].detail, "UNION");
}

TEST(Unnesting, ACteReadTwiceStaysNested) {
  const std::string sql =
      "WITH cl AS (SELECT molecule_id FROM atom WHERE element = 'cl') "
      "SELECT COUNT(*) FROM cl AS a JOIN cl AS b ON a.molecule_id = b.molecule_id";
  Unnesting u = unnested(toxicology(), sql);
  EXPECT_EQ(u.sql, sql);
  ASSERT_EQ(u.nested.size(), 2u);
  EXPECT_TRUE(u.nested[0].cte);
  EXPECT_EQ(u.nested[0].reason, NestingReason::used_more_than_once);
  EXPECT_EQ(u.nested[0].detail, "referenced 2 times");
}

TEST(Unnesting, TheRightSideOfALeftJoinStaysNested) {
  EXPECT_EQ(only_reason("SELECT m.molecule_id, t.atom_id FROM molecule AS m LEFT JOIN (SELECT atom_id, molecule_id "
                        "FROM atom WHERE element = 'br') AS t ON t.molecule_id = m.molecule_id"),
            NestingReason::outer_join);
}

TEST(Unnesting, OnlyTheInlinableOnesAreInlined) {
  const std::string sql =
      "SELECT m.label, c.n FROM (SELECT molecule_id, label FROM molecule WHERE label = '+') AS m JOIN "
      "(SELECT molecule_id, COUNT(*) AS n FROM atom GROUP BY molecule_id) AS c ON c.molecule_id = m.molecule_id";
  Unnesting u = unnested(toxicology(), sql);
  ASSERT_EQ(u.inlined.size(), 1u);
  EXPECT_EQ(u.inlined[0].name, "m");
  ASSERT_EQ(u.nested.size(), 1u);
  EXPECT_EQ(u.nested[0].name, "c");
  EXPECT_EQ(rows(toxicology(), sql), rows(toxicology(), u.sql));
  EXPECT_EQ(rows(toxicology(), u.sql).size(), 9u);  // the nine '+' molecules TR001 .. TR020 all have atoms
}

TEST(Unnesting, ACompoundQueryIsReturnedAsWritten) {
  const std::string sql = "SELECT t.atom_id FROM (SELECT atom_id FROM atom) AS t UNION SELECT bond_id FROM bond";
  Unnesting u = unnested(toxicology(), sql);
  EXPECT_EQ(u.sql, sql);
  EXPECT_TRUE(u.inlined.empty());
  EXPECT_TRUE(u.nested.empty());
}

TEST(Unnesting, AQueryWithoutDerivedTablesIsUntouched) {
  const std::string sql = "SELECT   atom_id FROM atom   WHERE element = 'o'";
  Unnesting u = unnested(toxicology(), sql);
  EXPECT_EQ(u.sql, sql);  // not even reprinted
  EXPECT_FALSE(u.changed());
}

TEST(Unnesting, ASyntaxErrorIsAnError) { EXPECT_FALSE(unnest("SELECT FROM WHERE", toxicology().schema).ok()); }

TEST(Unnesting, AChainOfThreeHundredSubqueriesStopsAfterTwoHundredFiftySixAndSaysSo) {
  std::string sql = "SELECT molecule_id AS x FROM molecule";
  for (int i = 0; i < 300; ++i) sql = "SELECT t" + std::to_string(i) + ".x FROM (" + sql + ") AS t" + std::to_string(i);
  Unnesting u = unnested(toxicology(), sql);
  EXPECT_EQ(u.inlined.size(), 256u);
  ASSERT_EQ(u.nested.size(), 1u);  // the outermost of the 44 left; the others are nested inside it
  EXPECT_EQ(u.nested[0].reason, NestingReason::other);
  EXPECT_EQ(u.nested[0].name, "t43");
  EXPECT_TRUE(parse_sql(u.sql).ok());  // (SQLite's own parser refuses both depths, so nothing is executed here)
}

TEST(Unnesting, ManyDerivedTablesAreJudgedOncePerRound) {
  // 2,000 aggregating subqueries side by side: every one stays nested, and judging them is linear in the query.
  std::string sql = "SELECT COUNT(*) FROM molecule";
  for (int i = 0; i < 2000; ++i)
    sql +=
        ", (SELECT COUNT(*) AS n FROM atom WHERE atom_id = 'TR000_" + std::to_string(i) + "') AS c" + std::to_string(i);
  Unnesting u = unnested(toxicology(), sql);
  EXPECT_EQ(u.nested.size(), 2000u);
  EXPECT_EQ(u.nested[1999].reason, NestingReason::aggregate);
}

TEST(Unnesting, TheMovieLinkerQueryWrittenWithACteGivesTheSameAnswer) {
  // Thesis §4.1.2's question, with the credit list read through a CTE: Bradley Cooper is No.2 of American Hustle.
  const std::string sql =
      "WITH credits AS (SELECT T2.ActorID, T2.MovieID FROM characters AS T2 WHERE T2.creditOrder = '2') "
      "SELECT T3.Name FROM movie AS T1 INNER JOIN credits AS c ON T1.MovieID = c.MovieID "
      "INNER JOIN actor AS T3 ON T3.ActorID = c.ActorID WHERE T1.Title = 'American Hustle'";
  Unnesting u = unnested(movies(), sql);
  EXPECT_EQ(u.sql,
            "SELECT T3.Name FROM movie AS T1 INNER JOIN characters AS T2 ON T1.MovieID = T2.MovieID "
            "INNER JOIN actor AS T3 ON T3.ActorID = T2.ActorID WHERE T1.Title = 'American Hustle' AND "
            "T2.creditOrder = '2'");
  EXPECT_EQ(rows(movies(), u.sql), std::vector<std::string>{"Bradley Cooper|"});
  EXPECT_EQ(rows(movies(), sql), rows(movies(), u.sql));
}

TEST(Unnesting, TheJsonFormNamesWhatWasInlinedAndWhy) {
  Unnesting u = unnested(toxicology(),
                         "WITH a AS (SELECT molecule_id FROM atom) SELECT COUNT(*) FROM a JOIN (SELECT DISTINCT "
                         "molecule_id FROM bond) AS b ON a.molecule_id = b.molecule_id");
  nlohmann::json j = unnesting_json(u);
  EXPECT_EQ(j["changed"], true);
  EXPECT_EQ(j["inlined"][0]["name"], "a");
  EXPECT_EQ(j["inlined"][0]["kind"], "cte");
  EXPECT_EQ(j["nested"][0]["name"], "b");
  EXPECT_EQ(j["nested"][0]["kind"], "subquery");
  EXPECT_EQ(j["nested"][0]["reason"], "distinct");
  EXPECT_EQ(j["sql"], u.sql);
}

}  // namespace
}  // namespace chokepoint::sql
