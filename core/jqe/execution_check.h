// Stage V's validity check (thesis §3.2.5; decisions.md §5.7): an expansion is kept only if it runs on a read-only
// connection within the time limit and returns a meaningful result: at least one row, and not a lone NULL or 0
// produced by an aggregate (the reference implementation's is_result_meaningful, decided on the tree rather than
// by searching the text for "count(").
#pragma once
#include <string>

#include "core/db/connection.h"
#include "core/sql/ast.h"

namespace chokepoint::jqe {

enum class ExecutionVerdict { ok, empty_result, error, timeout };
const char* to_string(ExecutionVerdict verdict);

struct ExecutionCheck {
  ExecutionVerdict verdict = ExecutionVerdict::ok;
  std::string message;  // why it was discarded ("no rows", "a single NULL from an aggregate", SQLite's error, ...)
  double elapsed_ms = 0;
};

// `query` is the expansion's tree (to see whether its main SELECT aggregates).
ExecutionCheck check_execution(const Connection& db, const std::string& sql, const sql::Node& query, int timeout_ms);

// True if the result is one row whose every value is NULL or numeric zero and the main SELECT computes aggregates
// without GROUP BY: the row exists only because aggregates always return one.
bool is_lone_empty_aggregate(const ResultSet& result, const sql::Node& query);

}  // namespace chokepoint::jqe
