// CSV evaluation files (RFC 4180: quoted fields, doubled quotes, newlines inside quotes). The header names the
// columns: sql (or query, SQL, predicted_sql, gold_sql) is required; db_id (or db), question, evidence,
// difficulty and question_id (or id) are optional, in any order, case-insensitive.
#pragma once
#include <string>

#include "core/base/result.h"
#include "core/dataset/eval_set.h"

namespace chokepoint {

// Errors name the line: an unterminated quote, a row with a different number of fields than the header, a header
// without a sql column.
Result<EvalSet> parse_csv_set(const std::string& text);

}  // namespace chokepoint
