// Execution check of expansions: run read-only with a time limit, judge the result.
#include "core/jqe/execution_check.h"

#include "core/schema/schema.h"

namespace chokepoint::jqe {
namespace {

bool names_aggregate(const std::string& name) {
  for (const char* a : {"count", "sum", "avg", "min", "max", "total", "group_concat"})
    if (iequals(name, a)) return true;
  return false;
}

// The first SELECT core of the query (the leftmost arm of a compound).
const sql::Node* main_select(const sql::Node& query) {
  const sql::Node* n = &query;
  while (n && n->kind == sql::Kind::Compound) n = n->get(sql::Slot::Left);
  return n && n->kind == sql::Kind::Select ? n : nullptr;
}

bool has_aggregate(const sql::Node& expr) {
  bool found = false;
  sql::walk(expr, [&](const sql::Node& n) {
    if (found) return false;
    if (n.kind == sql::Kind::Subquery || n.kind == sql::Kind::Exists) return false;
    if (n.kind == sql::Kind::Function && !n.get(sql::Slot::Over) && names_aggregate(n.text)) found = true;
    return !found;
  });
  return found;
}

}  // namespace

const char* to_string(ExecutionVerdict verdict) {
  switch (verdict) {
    case ExecutionVerdict::ok:
      return "ok";
    case ExecutionVerdict::empty_result:
      return "empty_result";
    case ExecutionVerdict::error:
      return "error";
    case ExecutionVerdict::timeout:
      return "timeout";
  }
  return "?";
}

bool is_lone_empty_aggregate(const ResultSet& result, const sql::Node& query) {
  if (result.rows.size() != 1) return false;
  for (const Value& v : result.rows[0])
    if (!(v.is_null() || (v.type == ValueType::Integer && v.integer == 0) ||
          (v.type == ValueType::Real && v.real == 0.0)))
      return false;
  const sql::Node* select = main_select(query);
  if (!select || !select->list(sql::Slot::GroupBy).empty()) return false;
  for (const sql::Node* c : select->list(sql::Slot::Columns))
    if (has_aggregate(*c)) return true;
  return false;
}

ExecutionCheck check_execution(const Connection& db, const std::string& sql, const sql::Node& query, int timeout_ms) {
  QueryLimits limits;
  limits.timeout_ms = timeout_ms;
  limits.max_rows = 2;  // non-empty and "not a lone row" need no more
  QueryOutcome outcome = db.query(sql, limits);
  ExecutionCheck check;
  check.elapsed_ms = outcome.elapsed_ms;
  if (outcome.status == QueryStatus::Timeout) {
    check.verdict = ExecutionVerdict::timeout;
    check.message = outcome.message;
  } else if (outcome.status == QueryStatus::Error) {
    check.verdict = ExecutionVerdict::error;
    check.message = outcome.message;
  } else if (outcome.result.rows.empty()) {
    check.verdict = ExecutionVerdict::empty_result;
    check.message = "no rows";
  } else if (is_lone_empty_aggregate(outcome.result, query)) {
    check.verdict = ExecutionVerdict::empty_result;
    check.message = "a single NULL/0 from an aggregate";
  }
  return check;
}

}  // namespace chokepoint::jqe
