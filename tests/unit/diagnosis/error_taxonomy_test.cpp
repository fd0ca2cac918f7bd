// The error taxonomy of 004 §5 on the toxicology schema: one case per Result Error subcategory and direction, the
// order of the rules (the first difference decides), aliases and join spellings that do not matter, and SQLite's
// messages normalised to System Error kinds.
#include <gtest/gtest.h>

#include "core/diagnosis/error_taxonomy.h"
#include "tests/unit/sql/thesis_schemas.h"

namespace chokepoint::diagnosis {
namespace {

ErrorClassification classify(const char* pred, const char* gold) {
  auto c = classify_result_error(pred, gold, sql::testing::toxicology());
  EXPECT_TRUE(c.ok()) << (c.ok() ? "" : c.error());
  return c.ok() ? *c : ErrorClassification{};
}

void expect(const char* pred, const char* gold, ResultErrorKind kind, ErrorDirection dir = ErrorDirection::None) {
  const auto c = classify(pred, gold);
  EXPECT_EQ(result_error_kind_name(c.kind), std::string(result_error_kind_name(kind))) << pred;
  EXPECT_EQ(error_direction_name(c.direction), std::string(error_direction_name(dir))) << pred;
  EXPECT_FALSE(c.evidence.empty());
}

TEST(ErrorTaxonomy, TableQuery) {
  const char* gold = "SELECT COUNT(*) FROM atom WHERE element = 'cl'";
  expect("SELECT COUNT(*) FROM atom JOIN molecule ON atom.molecule_id = molecule.molecule_id WHERE element = 'cl'",
         gold, ResultErrorKind::TableQuery, ErrorDirection::Excessive);
  expect(gold, "SELECT COUNT(*) FROM atom JOIN molecule ON atom.molecule_id = molecule.molecule_id",
         ResultErrorKind::TableQuery, ErrorDirection::Missing);
  expect("SELECT COUNT(*) FROM bond", gold, ResultErrorKind::TableQuery, ErrorDirection::Incorrect);
  const auto c = classify("SELECT COUNT(*) FROM bond", gold);
  EXPECT_EQ(c.evidence[0], "tables: prediction {bond}, gold {atom}");
}

TEST(ErrorTaxonomy, ColumnSelection) {
  expect("SELECT element, atom_id FROM atom", "SELECT element FROM atom", ResultErrorKind::ColumnSelection,
         ErrorDirection::Excessive);
  expect("SELECT element FROM atom", "SELECT T.element, T.atom_id FROM atom AS T", ResultErrorKind::ColumnSelection,
         ErrorDirection::Missing);
  expect("SELECT atom_id FROM atom", "SELECT element FROM atom", ResultErrorKind::ColumnSelection,
         ErrorDirection::Incorrect);
  EXPECT_EQ(classify("SELECT atom_id FROM atom", "SELECT element FROM atom").evidence[0],
            "selected columns: prediction {atom.atom_id}, gold {atom.element}");
}

TEST(ErrorTaxonomy, JoinColumns) {
  expect("SELECT T1.element FROM atom AS T1 JOIN connected AS T2 ON T1.atom_id = T2.atom_id2",
         "SELECT T1.element FROM atom AS T1 JOIN connected AS T2 ON T1.atom_id = T2.atom_id",
         ResultErrorKind::JoinColumns);
}

TEST(ErrorTaxonomy, ConditionFilter) {
  expect("SELECT atom_id FROM atom WHERE element = 'c'", "SELECT atom_id FROM atom WHERE element = 'cl'",
         ResultErrorKind::ConditionFilter);
  expect("SELECT T.atom_id FROM atom T WHERE T.element = 'cl' AND T.molecule_id = 'TR000'",
         "SELECT atom_id FROM atom WHERE element = 'cl'", ResultErrorKind::ConditionFilter);
  // A value that differs only in case is a different filter (SQLite compares text with case).
  expect("SELECT atom_id FROM atom WHERE element = 'CL'", "SELECT atom_id FROM atom WHERE element = 'cl'",
         ResultErrorKind::ConditionFilter);
  expect("SELECT bond_type FROM bond GROUP BY bond_type HAVING COUNT(*) > 2",
         "SELECT bond_type FROM bond GROUP BY bond_type HAVING COUNT(*) > 1", ResultErrorKind::ConditionFilter);
}

TEST(ErrorTaxonomy, DataProcessing) {
  expect("SELECT COUNT(element) FROM atom", "SELECT COUNT(DISTINCT element) FROM atom",
         ResultErrorKind::DataProcessing);
  // Aliases and the order of conjuncts do not make a filter differ; the LIMIT is data processing.
  expect("SELECT T.atom_id FROM atom T WHERE T.molecule_id = 'TR000' AND T.element = 'cl' LIMIT 1",
         "SELECT atom_id FROM atom WHERE element = 'cl' AND molecule_id = 'TR000'", ResultErrorKind::DataProcessing);
  // A join written in WHERE is the same join as one written in ON.
  expect(
      "SELECT T1.element FROM atom T1, connected T2 WHERE T1.atom_id = T2.atom_id AND T1.element = 'cl' "
      "ORDER BY T1.element",
      "SELECT T1.element FROM atom AS T1 JOIN connected AS T2 ON T1.atom_id = T2.atom_id WHERE T1.element = 'cl'",
      ResultErrorKind::DataProcessing);
}

TEST(ErrorTaxonomy, TheFirstDifferenceDecides) {
  // Wrong table and wrong filter: a Table Query Error.
  expect("SELECT COUNT(*) FROM bond WHERE bond_type = '#'", "SELECT COUNT(*) FROM atom WHERE element = 'cl'",
         ResultErrorKind::TableQuery, ErrorDirection::Incorrect);
  // Right table, wrong column and wrong filter: a Column Selection Error.
  expect("SELECT atom_id FROM atom WHERE element = 'c'", "SELECT element FROM atom WHERE element = 'cl'",
         ResultErrorKind::ColumnSelection, ErrorDirection::Incorrect);
}

TEST(ErrorTaxonomy, UnparsableQueriesAreErrors) {
  EXPECT_FALSE(classify_result_error("SELEC x", "SELECT 1", sql::testing::toxicology()).ok());
}

TEST(ErrorTaxonomy, SystemErrorKinds) {
  EXPECT_EQ(system_error_kind(QueryStatus::Error, "no such column: T1.name"), "no such column");
  EXPECT_EQ(system_error_kind(QueryStatus::Error, "no such table: singers"), "no such table");
  EXPECT_EQ(system_error_kind(QueryStatus::Error, "near \"FORM\": syntax error"), "syntax error");
  EXPECT_EQ(system_error_kind(QueryStatus::Error, "incomplete input"), "syntax error");
  EXPECT_EQ(system_error_kind(QueryStatus::Error, "ambiguous column name: molecule_id"), "ambiguous column");
  EXPECT_EQ(system_error_kind(QueryStatus::Error, "misuse of aggregate: COUNT()"), "misuse of aggregate");
  EXPECT_EQ(system_error_kind(QueryStatus::Error, "no such function: YEAR"), "no such function");
  EXPECT_EQ(system_error_kind(QueryStatus::Error, "wrong number of arguments to function substr()"),
            "wrong number of arguments");
  EXPECT_EQ(system_error_kind(QueryStatus::Timeout, "over 5000 ms"), "timeout");
  EXPECT_EQ(system_error_kind(QueryStatus::Error, ""), "empty");
  EXPECT_EQ(system_error_kind(QueryStatus::Error, "attempt to write a readonly database"), "not a query");
  EXPECT_EQ(system_error_kind(QueryStatus::Error, "only one statement may be run at a time"), "several statements");
  EXPECT_EQ(system_error_kind(QueryStatus::Error, "database disk image is malformed"), "other");
}

}  // namespace
}  // namespace chokepoint::diagnosis
