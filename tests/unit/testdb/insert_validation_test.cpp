// SynSQL's data validation (§2.4) on malformed model answers: grouped inserts, wrong value counts, unknown tables
// and columns, key violations (primary, unique, NOT NULL, foreign, with the cascade), injection attempts that must
// be refused whole, and the alignment of casing with the question's literals. The schema is A.9's formula_1 pair.
#include "core/testdb/insert_validation.h"

#include <gtest/gtest.h>

#include "core/db/connection.h"
#include "core/schema/sqlite_schema.h"
#include "core/testdb/insert_statement.h"
#include "core/testdb/unique_keys.h"

namespace chokepoint::testdb {
namespace {

const char* kDdl =
    "CREATE TABLE circuits(circuitId INTEGER PRIMARY KEY, name TEXT NOT NULL, location TEXT, country TEXT);"
    "CREATE TABLE races(raceId INTEGER PRIMARY KEY, year INTEGER, circuitId INTEGER REFERENCES circuits(circuitId),"
    " name TEXT, date TEXT);";

Schema formula_1() {
  auto db = Connection::open_memory();
  EXPECT_TRUE(db.ok());
  EXPECT_TRUE(db->exec_script(kDdl).ok());
  auto s = read_schema(*db, "formula_1", {false});
  EXPECT_TRUE(s.ok()) << s.error();
  return *s;
}

const ValidatedTable* table(const InsertValidation& v, const std::string& name) {
  for (const auto& t : v.tables)
    if (t.name == name) return &t;
  return nullptr;
}

std::vector<ChangeKind> kinds(const InsertValidation& v) {
  std::vector<ChangeKind> out;
  for (const auto& c : v.changes) out.push_back(c.kind);
  return out;
}

TEST(InsertStatement, LiteralsAsSqliteReadsThem) {
  auto st = parse_insert_line(
      "INSERT OR IGNORE INTO main.\"races\" (raceId, [name]) VALUES (-5, 'it''s'), (0x1F, \"dq\"), (+2.5e1, NULL), "
      "(9223372036854775808, X'4142'), (TRUE, FALSE);");
  ASSERT_TRUE(st.ok()) << st.error();
  ASSERT_EQ(st->size(), 1u);
  const auto& s = (*st)[0];
  EXPECT_EQ(s.table, "races");
  EXPECT_EQ(s.columns, (std::vector<std::string>{"raceId", "name"}));
  ASSERT_EQ(s.rows.size(), 5u);
  EXPECT_EQ(s.rows[0][0].integer, -5);
  EXPECT_EQ(s.rows[0][1].bytes, "it's");
  EXPECT_EQ(s.rows[1][0].integer, 31);
  EXPECT_EQ(s.rows[1][1].bytes, "dq");
  EXPECT_EQ(s.rows[2][0].real, 25.0);
  EXPECT_TRUE(s.rows[2][1].is_null());
  EXPECT_EQ(s.rows[3][0].type, ValueType::Real);  // too large for an integer, as in SQLite
  EXPECT_EQ(s.rows[3][1].type, ValueType::Blob);
  EXPECT_EQ(s.rows[3][1].bytes, "AB");
  EXPECT_EQ(s.rows[4][0].integer, 1);
}

TEST(InsertStatement, AnythingButInsertValuesIsRefused) {
  for (const char* line : {
           "INSERT INTO circuits VALUES (9, 'x', 'y', 'z'); DROP TABLE circuits;",
           "INSERT INTO circuits VALUES (9, 'x', 'y', 'z'); DELETE FROM races",
           "INSERT INTO circuits SELECT * FROM races",
           "INSERT INTO circuits VALUES (load_extension('evil.so'), 'a', 'b', 'c')",
           "INSERT INTO circuits VALUES ((SELECT 1), 'a', 'b', 'c')",
           "INSERT INTO circuits VALUES (1 + 1, 'a', 'b', 'c')",
           "INSERT INTO circuits DEFAULT VALUES",
           "INSERT INTO other.circuits VALUES (1)",
           "INSERT INTO circuits VALUES (1, 'unterminated",
           "INSERT INTO circuits VALUES (1, 'a'",
           "INSERT INTO circuits VALUES (?, 'a', 'b', 'c')",
       }) {
    EXPECT_FALSE(parse_insert_line(line).ok()) << line;
  }
  auto err = parse_insert_line("INSERT INTO circuits VALUES (9, 'x', 'y', 'z'); DROP TABLE circuits;");
  EXPECT_NE(err.error().find("'DROP'"), std::string::npos) << err.error();
  // A trailing comment and repeated semicolons are harmless.
  EXPECT_TRUE(parse_insert_line("INSERT INTO circuits VALUES (1, 'a', 'b', 'c');; -- done").ok());
}

TEST(InsertValidation, CleanAnswerKeptAsWritten) {
  const std::string answer =
      "INSERT INTO circuits VALUES (1, 'Silverstone Circuit', 'Silverstone', 'United Kingdom');\n"
      "INSERT INTO circuits VALUES (4, 'Circuit of the Americas', 'Austin', 'USA');\n"
      "INSERT INTO races VALUES (101, 2022, 1, 'British Grand Prix', '2022-07-03');\n"
      "INSERT INTO races VALUES (114, 2024, 4, 'United States Grand Prix', '2024-10-27');\n";
  const auto v = validate_inserts(answer, formula_1(), {});
  EXPECT_TRUE(v.changes.empty());
  EXPECT_EQ(v.lines, 4u);
  EXPECT_EQ(v.insert_lines, 4u);
  EXPECT_EQ(v.rows_written, 4u);
  EXPECT_EQ(v.rows_kept, 4u);
  ASSERT_EQ(v.tables.size(), 2u);
  EXPECT_EQ(v.tables[0].name, "circuits");
  EXPECT_EQ(v.tables[1].rows[1][3].bytes, "United States Grand Prix");
  EXPECT_EQ(v.tables[1].lines, (std::vector<size_t>{3, 4}));
}

TEST(InsertValidation, OtherLinesOfTheAnswerAreIgnored) {
  const auto v = validate_inserts(
      "Here is the data:\n```sql\nINSERT INTO circuits VALUES (1, 'Monza', 'Monza', 'Italy');\n```\n", formula_1(), {});
  EXPECT_EQ(v.insert_lines, 1u);
  EXPECT_EQ(v.rows_kept, 1u);
  EXPECT_TRUE(v.changes.empty());
  EXPECT_EQ(v.tables[0].lines[0], 3u);
}

TEST(InsertValidation, GroupedInsertsAreTakenOneByOne) {
  const auto v = validate_inserts(
      "INSERT INTO circuits VALUES (1, 'A', 'a', 'x'), (2, 'B', 'b', 'y');"
      " INSERT INTO races VALUES (101, 2022, 1, 'R', '2022-01-01')\n",
      formula_1(), {});
  EXPECT_EQ(kinds(v), (std::vector<ChangeKind>{ChangeKind::Grouped}));
  EXPECT_EQ(v.changes[0].detail, "3 rows in 2 statements, taken one by one");
  EXPECT_EQ(v.rows_kept, 3u);
}

TEST(InsertValidation, WrongValueCountsArePaddedOrTruncated) {
  const auto v = validate_inserts(
      "INSERT INTO circuits VALUES (1, 'Suzuka Circuit', 'Suzuka');\n"
      "INSERT INTO circuits VALUES (2, 'Monza', 'Monza', 'Italy', 'extra', 7);\n"
      "INSERT INTO circuits (circuitId, name) VALUES (3, 'Monaco', 'Monte Carlo');\n",
      formula_1(), {});
  EXPECT_EQ(kinds(v), (std::vector<ChangeKind>{ChangeKind::Padded, ChangeKind::Truncated, ChangeKind::Truncated}));
  EXPECT_EQ(v.changes[0].detail, "3 values for 4 columns, padded with NULL");
  EXPECT_EQ(v.changes[1].detail, "6 values for 4 columns, 2 values dropped");
  const auto* c = table(v, "circuits");
  ASSERT_NE(c, nullptr);
  ASSERT_EQ(c->rows.size(), 3u);
  EXPECT_TRUE(c->rows[0][3].is_null());
  EXPECT_EQ(c->rows[1][3].bytes, "Italy");
  EXPECT_TRUE(c->rows[2][2].is_null());  // location: neither named nor given
}

TEST(InsertValidation, UnknownTablesAndColumnsAreDropped) {
  const auto v = validate_inserts(
      "INSERT INTO drivers VALUES (1, 'Lewis');\n"
      "INSERT INTO CIRCUITS (circuitId, Name, colour, name) VALUES (3, 'Suzuka Circuit', 'red', 'again');\n",
      formula_1(), {});
  EXPECT_EQ(kinds(v), (std::vector<ChangeKind>{ChangeKind::UnknownTable, ChangeKind::UnknownColumn,
                                               ChangeKind::DuplicateColumn}));
  EXPECT_EQ(v.changes[0].detail, "table 'drivers' is not in the schema: 1 row dropped");
  EXPECT_EQ(v.changes[1].table, "circuits");
  const auto* c = table(v, "circuits");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->rows[0][1].bytes, "Suzuka Circuit");
  EXPECT_EQ(v.rows_written, 2u);
  EXPECT_EQ(v.rows_kept, 1u);
}

TEST(InsertValidation, KeyViolationsDropRowsAndForeignKeysCascade) {
  const auto v = validate_inserts(
      "INSERT INTO circuits VALUES (1, 'Silverstone Circuit', 'Silverstone', 'United Kingdom');\n"  // kept
      "INSERT INTO circuits VALUES (1.0, 'Duplicate', 'x', 'y');\n"      // primary key repeats (1 == 1.0)
      "INSERT INTO circuits VALUES (7, NULL, 'Nowhere', 'Atlantis');\n"  // NOT NULL
      "INSERT INTO circuits VALUES (NULL, 'No key', 'x', 'y');\n"        // NULL primary key
      "INSERT INTO races VALUES (101, 2022, 1, 'British Grand Prix', '2022-07-03');\n"  // kept
      "INSERT INTO races VALUES (102, 2022, 7, 'Lost Grand Prix', '2022-08-01');\n"     // parent 7 was dropped
      "INSERT INTO races VALUES (103, 2022, NULL, 'Unplaced', '2022-09-01');\n"         // NULL key: not checked
      "INSERT INTO races VALUES (104, 2022, '1', 'Text key', '2022-09-02');\n",         // '1' is 1 in an INTEGER column
      formula_1(), {});
  EXPECT_EQ(kinds(v), (std::vector<ChangeKind>{ChangeKind::PrimaryKey, ChangeKind::NotNull, ChangeKind::NotNull,
                                               ChangeKind::ForeignKey}));
  EXPECT_EQ(v.changes[0].line, 2u);
  EXPECT_EQ(v.changes[3].line, 6u);
  EXPECT_EQ(v.changes[3].detail, "circuitId = 7 names no row of circuits: row dropped");
  EXPECT_EQ(table(v, "circuits")->rows.size(), 1u);
  EXPECT_EQ(table(v, "races")->lines, (std::vector<size_t>{5, 7, 8}));
  EXPECT_EQ(table(v, "races")->rows[2][2].type, ValueType::Integer);  // stored as SQLite would store it
}

TEST(InsertValidation, ForeignKeysToTablesWithoutRowsAreNotChecked) {
  const auto v = validate_inserts("INSERT INTO races VALUES (101, 2022, 99, 'R', '2022-07-03');\n", formula_1(), {});
  EXPECT_TRUE(v.changes.empty());
  EXPECT_EQ(v.rows_kept, 1u);
}

TEST(InsertValidation, UniqueKeysFromTheDatabase) {
  auto db = Connection::open_memory();
  ASSERT_TRUE(db.ok());
  ASSERT_TRUE(db->exec_script("CREATE TABLE person(id INTEGER PRIMARY KEY, email TEXT UNIQUE, a INT, b INT,"
                              " UNIQUE(a, b)); CREATE INDEX person_b ON person(b);")
                  .ok());
  auto s = read_schema(*db, "people", {false});
  ASSERT_TRUE(s.ok());
  auto keys = unique_keys_of(*db, *s);
  ASSERT_TRUE(keys.ok()) << keys.error();
  ASSERT_EQ((*keys)["person"].size(), 2u);
  ValidationOptions options;
  options.unique_keys = *keys;
  const auto v = validate_inserts(
      "INSERT INTO person VALUES (1, 'a@x', 1, 1);\nINSERT INTO person VALUES (2, 'a@x', 1, 2);\n"
      "INSERT INTO person VALUES (3, 'b@x', 1, 1);\nINSERT INTO person VALUES (4, NULL, 1, NULL);\n"
      "INSERT INTO person VALUES (5, NULL, 1, NULL);\n",
      *s, {}, options);
  EXPECT_EQ(kinds(v), (std::vector<ChangeKind>{ChangeKind::Unique, ChangeKind::Unique}));
  EXPECT_EQ(v.rows_kept, 3u);  // NULLs never collide

  // A row dropped for a clash leaves none of its keys behind: row 2 clashes on (a, b) after its id and email were
  // new, so a later row may use id 2 and email 'c@x'.
  const auto w = validate_inserts(
      "INSERT INTO person VALUES (1, 'a@x', 1, 1);\nINSERT INTO person VALUES (2, 'c@x', 1, 1);\n"
      "INSERT INTO person VALUES (2, 'c@x', 2, 2);\nINSERT INTO person VALUES (3, 'c@x', 3, 3);\n",
      *s, {}, options);
  EXPECT_EQ(kinds(w), (std::vector<ChangeKind>{ChangeKind::Unique, ChangeKind::Unique}));
  EXPECT_EQ(w.changes[0].line, 2u);
  EXPECT_EQ(w.changes[1].line, 4u);  // 'c@x' is taken by row 3's id 2, which was kept
  const auto* person = table(w, "person");
  ASSERT_NE(person, nullptr);
  ASSERT_EQ(person->rows.size(), 2u);
  EXPECT_EQ(person->rows[1][0].integer, 2);
  EXPECT_EQ(person->rows[1][1].bytes, "c@x");
}

TEST(InsertValidation, InjectionIsRefusedWholeAndNothingRuns) {
  const std::string answer =
      "INSERT INTO circuits VALUES (1, 'Monza', 'Monza', 'Italy'); DROP TABLE circuits;\n"
      "INSERT INTO circuits VALUES (2, 'x', 'y', 'z'); ATTACH DATABASE '/tmp/x' AS x\n"
      "insert into circuits values (3, 'Suzuka', 'Suzuka', 'Japan')\n";
  const auto v = validate_inserts(answer, formula_1(), {});
  EXPECT_EQ(kinds(v), (std::vector<ChangeKind>{ChangeKind::Refused, ChangeKind::Refused}));
  EXPECT_EQ(v.changes[0].line, 1u);
  EXPECT_NE(v.changes[0].detail.find("DROP"), std::string::npos);
  EXPECT_EQ(v.rows_written, 1u);
  ASSERT_EQ(v.tables.size(), 1u);
  EXPECT_EQ(v.tables[0].rows.size(), 1u);
  EXPECT_EQ(v.tables[0].rows[0][0].integer, 3);
}

TEST(InsertValidation, CasingFollowsTheQuestionsLiterals) {
  // Q156's 'OWNER' and Q803's cryokinesis: values equal to a literal up to case take the literal's spelling.
  const std::vector<std::string> literals = {"Monaco", "OWNER"};
  const std::string answer =
      "INSERT INTO circuits VALUES (2, 'Circuit de Monaco', 'monte carlo', 'MONACO');\n"
      "INSERT INTO circuits VALUES (3, 'owner', 'Monaco', 'Monaco ');\n";
  const auto v = validate_inserts(answer, formula_1(), literals);
  EXPECT_EQ(kinds(v), (std::vector<ChangeKind>{ChangeKind::CaseAligned, ChangeKind::CaseAligned}));
  EXPECT_EQ(v.changes[0].detail, "country: 'MONACO' -> 'Monaco'");
  EXPECT_EQ(v.changes[1].detail, "name: 'owner' -> 'OWNER'");
  const auto* c = table(v, "circuits");
  EXPECT_EQ(c->rows[0][3].bytes, "Monaco");
  EXPECT_EQ(c->rows[1][1].bytes, "OWNER");
  EXPECT_EQ(c->rows[1][3].bytes, "Monaco ");  // casing only: padding is the audit's business
  ValidationOptions off;
  off.align_case = false;
  EXPECT_TRUE(validate_inserts(answer, formula_1(), literals, off).changes.empty());
}

TEST(InsertValidation, CasingIsAlignedBeforeKeysAreChecked) {
  ValidationOptions options;
  options.unique_keys["circuits"] = {{"name"}};
  const auto v = validate_inserts(
      "INSERT INTO circuits VALUES (1, 'Monza', 'a', 'b');\nINSERT INTO circuits VALUES (2, 'MONZA', 'a', 'b');\n",
      formula_1(), {"Monza"}, options);
  EXPECT_EQ(kinds(v), (std::vector<ChangeKind>{ChangeKind::CaseAligned, ChangeKind::Unique}));
}

}  // namespace
}  // namespace chokepoint::testdb
