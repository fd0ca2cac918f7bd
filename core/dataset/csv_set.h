// CSV evaluation files (RFC 4180: quoted fields, doubled quotes, newlines inside quotes). The header names the
// columns: sql (or query, predicted_sql, gold_sql, pred_sql; "PREDICTED SQL" as Spider's Codex predictions spell it)
// is required; db_id (or db, database), question, evidence, difficulty and question_id (or id) are optional, in any
// order. Names compare without case, spaces, quotes or underscores.
#pragma once
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/dataset/eval_set.h"

namespace chokepoint {

// Errors name the line: an unterminated quote, a row with a different number of fields than the header, a header
// without a sql column.
Result<EvalSet> parse_csv_set(const std::string& text);

// A header name as compared: lower case, without spaces, quotes and underscores ("PREDICTED SQL" -> predictedsql).
std::string csv_column_key(const std::string& name);
// The SQL column's names in order of preference (keys as csv_column_key gives them): sql, query, predictedsql, ...
const std::vector<std::string>& csv_sql_column_keys();

}  // namespace chokepoint
