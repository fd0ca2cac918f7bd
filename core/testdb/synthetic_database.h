// A synthetic database on disk (SynSQL's output): the reduced schema's CREATE TABLE statements
// (core/schema/schema_ddl, constraints included) and the validated rows, inserted through bound parameters, never
// as text a model wrote. One database per question, laid out as a BIRD db_root: DIR/<id>/<id>.sqlite with
// <id> = synthetic_db_id(db_id, item key), so every command that reads a db_root runs on it unchanged.
#pragma once
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/db/connection.h"
#include "core/schema/schema.h"
#include "core/testdb/insert_validation.h"

namespace chokepoint::testdb {

// "<db_id>__q<key>", the key's characters other than letters, digits, '-' and '_' as '_' (a folder name on every
// system): formula_1 item 1000 is "formula_1__q1000".
std::string synthetic_db_id(const std::string& db_id, const std::string& key);

// The rows as one INSERT statement per row, columns named, values as SQL literals (what the critic is shown and an
// SQL dump holds). At most `max_rows` rows (0: all), then a line saying how many were left out.
std::string validated_inserts_sql(const std::vector<ValidatedTable>& tables, size_t max_rows = 0);

// Writes the database at `path` (replacing a file there): the schema's tables, then every row. Foreign keys are
// declared but not enforced by SQLite (validation already kept only rows whose parents exist). The file appears
// only when complete (written beside it, then renamed).
Status build_synthetic_database(const std::string& path, const Schema& schema,
                                const std::vector<ValidatedTable>& tables);

// The same database in memory (nothing on disk): what a caller that only runs queries on it needs (the success-rate
// diagnosis of Fig. 4, success_diagnosis.h).
Result<Connection> open_synthetic_database(const Schema& schema, const std::vector<ValidatedTable>& tables);

}  // namespace chokepoint::testdb
