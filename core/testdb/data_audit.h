// A data-quality audit of a real database against the set items that use it: the defects SynSQL blames for false
// positives and negatives on the original databases (§1, A.3, A.10). Four kinds, each naming the items it affects:
//   fk_orphans           rows whose foreign key names no row of the referenced table, per declared key and per key a
//                        tables.json labels (toxicology's bond.molecule_id: 101 orphans); items: golds reading both
//                        tables of the key.
//   padded_values        text values with leading or trailing whitespace (flight_2's "Alton "); items: golds that
//                        read the column.
//   literal_mismatch     a question/evidence literal (question_literals.h) that equals stored values of a column the
//                        gold's tables hold only up to ASCII case or surrounding whitespace, never exactly; items: the
//                        items naming the literal.
//   null_sensitive_gold  a column whose NULLs change the gold's result: the gold run again with `col IS NOT NULL`
//                        added to the WHERE of the column's SELECT (or, when the gold already has that conjunct,
//                        without it: card_games 357) returns a different result under the set's EX semantics.
// The gold rewrites are AST transforms (core/sql), never string splices; the audit's own queries quote every name
// (core/db/sql_quote.h). Each query runs under QueryLimits (a wall-clock limit per query); what a limit or an error
// stopped is listed as incomplete, never guessed.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/dataset/eval_set.h"
#include "core/db/connection.h"
#include "core/metrics/execution_accuracy.h"
#include "core/schema/schema.h"

namespace chokepoint::testdb {

enum class AuditKind { ForeignKeyOrphans, PaddedValues, LiteralMismatch, NullSensitiveGold };
const char* audit_kind_name(AuditKind k);  // "fk_orphans", "padded_values", "literal_mismatch", "null_sensitive_gold"
constexpr AuditKind kAuditKinds[] = {AuditKind::ForeignKeyOrphans, AuditKind::PaddedValues, AuditKind::LiteralMismatch,
                                     AuditKind::NullSensitiveGold};

struct AuditFinding {
  AuditKind kind = AuditKind::ForeignKeyOrphans;
  std::string db_id;
  std::string table;   // fk_orphans: the referencing table
  std::string column;  // fk_orphans: the referencing columns, ", "-separated
  // fk_orphans: "-> molecule(molecule_id), declared" (or labelled, or both); padded_values: ""; literal_mismatch:
  // the literal and how it matches ("'Alton' matches only after trimming"); null_sensitive_gold: "IS NOT NULL added"
  // or "IS NOT NULL removed".
  std::string detail;
  // fk_orphans: orphan rows; padded_values: padded values; literal_mismatch: stored spellings; null_sensitive_gold:
  // golds whose result changes.
  long long count = 0;
  std::vector<std::string> examples;  // at most AuditOptions::max_examples: values, or "item: 5 rows -> 3 rows"
  std::vector<std::string> items;     // keys of the affected set items, sorted, without duplicates
};

// {kind, db_id, table, column, detail, count, examples, items}: the form of `chokepoint audit`'s report and the app's.
nlohmann::ordered_json audit_finding_json(const AuditFinding& f);

struct AuditOptions {
  QueryLimits limits{2000, 100000, 16u << 20, 64u << 20};  // per query of the audit and per gold run
  size_t max_examples = 5;
  size_t max_literals = 32;                   // per item (question and evidence together)
  size_t max_null_columns = 16;               // per gold: columns whose NULL filter is tried
  ExSemantics semantics = ExSemantics::Bird;  // how a gold's two results are compared
  bool foreign_keys = true, padded_values = true, literals = true, null_golds = true;  // which checks run
};

struct DatabaseAudit {
  std::vector<AuditFinding> findings;   // by kind (enum order), then table, column, detail
  std::vector<std::string> incomplete;  // one line per check a limit or an error stopped, in the order met
  size_t items = 0;                     // items of this database
  size_t golds_unparsed = 0;            // golds our parser rejects: no literal or NULL check for them
  size_t golds_failed = 0;              // golds that error or time out on the database: no NULL check
  size_t gold_runs = 0;                 // gold executions, original and rewritten
  size_t queries = 0;                   // every query the audit ran
};

// Audits one database. `schema` is the database's own (declared keys); `labelled`, when given, is the same
// database's tables.json entry, whose foreign keys are audited too. `items` are the set items with this db_id.
DatabaseAudit audit_database(const Connection& db, const Schema& schema, const Schema* labelled,
                             const std::vector<EvalItem>& items, const AuditOptions& options = {});

}  // namespace chokepoint::testdb
