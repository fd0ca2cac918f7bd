// SynSQL's data validation (§2.4): a model's INSERT lines made schema-compliant before anything stores them. Lines
// are parsed by insert_statement.h (never executed as text), then, in this order: tables and columns the schema does
// not have are dropped; each row is padded with NULLs or truncated to the column count; text values that equal a
// question/evidence literal up to ASCII case take the literal's casing; rows breaking NOT NULL, the primary key or a
// unique key are dropped (the first row of a key wins); then rows whose foreign key names a missing row of a table
// that has rows are dropped, repeatedly, since dropping a parent can orphan its children. Every change is recorded
// with its line and reason, so a report can show what the model wrote and what was kept.
#pragma once
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/db/value.h"
#include "core/schema/schema.h"

namespace chokepoint::testdb {

enum class ChangeKind {
  Refused,          // a line starting with INSERT that is not INSERT-VALUES with literals (injection, SELECT, junk)
  UnknownTable,     // a statement for a table the schema lacks: all its rows dropped
  UnknownColumn,    // a named column the schema's table lacks: its values dropped
  DuplicateColumn,  // a column named twice in one statement: the later values dropped
  Padded,           // fewer values than columns: NULLs appended
  Truncated,        // more values than columns: the extra values dropped
  Grouped,          // several rows in one statement or several statements on one line: taken one by one
  CaseAligned,      // a text value re-cased to the question's or evidence's literal
  NotNull,          // row dropped: NULL in a NOT NULL (or primary key) column
  PrimaryKey,       // row dropped: its primary key repeats an earlier row's
  Unique,           // row dropped: a unique key repeats an earlier row's
  ForeignKey,       // row dropped: its foreign key names a row the referenced table (which has rows) lacks
};
const char* change_kind_name(ChangeKind k);  // "refused", "unknown_table", ... (stable: reports use it)

struct ValidationChange {
  size_t line = 0;  // 1-based line of the answer
  ChangeKind kind = ChangeKind::Refused;
  std::string table;   // schema spelling when known, else as written; "" for a refused line
  std::string detail;  // what and why, one line: "column 'colour' is not in cards", "3 values for 4 columns"
};

// The kept rows of one table, in the schema's column order (a column the statement did not name is NULL).
struct ValidatedTable {
  std::string name;                  // schema spelling
  std::vector<std::string> columns;  // every column of the schema's table
  std::vector<Row> rows;
  std::vector<size_t> lines;  // lines[i]: the answer line rows[i] came from
};

struct InsertValidation {
  std::vector<ValidatedTable> tables;     // tables with at least one kept row, in schema order
  std::vector<ValidationChange> changes;  // in line order, then in the order the rules apply
  size_t lines = 0;                       // lines of the answer
  size_t insert_lines = 0;                // lines that start with INSERT
  size_t rows_written = 0;                // rows in the statements that parsed (of known tables or not)
  size_t rows_kept = 0;
  size_t count(ChangeKind k) const;
};

struct ValidationOptions {
  // Unique keys beyond the primary key, by table name (case-insensitive match): each a list of columns
  // (Schema records none; unique_keys_of in testdb/unique_keys.h reads them from a database).
  std::map<std::string, std::vector<std::vector<std::string>>> unique_keys;
  bool align_case = true;  // rule 3; off reproduces what the model wrote (the paper's Q156/Q803 show both sides)
  bool check_foreign_keys = true;
};

// Validates a model's whole answer (one INSERT per line; other lines are ignored) against `schema`. `literals` are
// the question's and evidence's (question_literals.h); only their text is used.
InsertValidation validate_inserts(std::string_view answer, const Schema& schema,
                                  const std::vector<std::string>& literals, const ValidationOptions& options = {});

}  // namespace chokepoint::testdb
