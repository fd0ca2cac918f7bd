// The error taxonomy of 004 §5 for a failed prediction. A System Error is a query SQLite would not run; its message is
// normalised to a kind ("no such column", "syntax error", ...). A Result Error runs but gives the wrong result; it
// gets exactly one of five subcategories, decided in the paper's order, the first that applies:
//   1. Table Query: the distinct base tables read differ (excessive / missing / incorrect).
//   2. Column Selection: the base columns of the main SELECT list differ (excessive / missing / incorrect).
//   3. Join Columns: the column pairs the tables are joined on differ (ON, USING, NATURAL and WHERE equalities).
//   4. Condition Filter: the WHERE and HAVING conjuncts differ, compared as printed after parsing (our rule; the
//      paper asks an LLM here, which error_category_llm.h adds as an option).
//   5. Data Processing: none of the above (aggregation, arithmetic, ordering, limits, DISTINCT, ...).
// Every classification carries the evidence that decided it. Names compare without case.
#pragma once
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/db/connection.h"
#include "core/metrics/pair_evaluation.h"
#include "core/schema/schema.h"

namespace chokepoint::diagnosis {

enum class ErrorClass { SystemError, ResultError };
enum class ResultErrorKind { None, TableQuery, ColumnSelection, JoinColumns, ConditionFilter, DataProcessing };
enum class ErrorDirection { None, Excessive, Missing, Incorrect };

const char* result_error_kind_name(ResultErrorKind k);  // "table_query", ...
const char* error_direction_name(ErrorDirection d);     // "excessive", "missing", "incorrect", ""

// What decided a classification: the rules here, or the optional LLM classifier (error_category_llm.h).
enum class ErrorDecider { Rule, Llm };
const char* error_decider_name(ErrorDecider d);  // "rule", "llm"

struct ErrorClassification;
// The one name a report counts a failure under: the System Error's kind, the Result Error's subcategory, or
// "unclassified" for a Result Error our parser could not read.
std::string error_category(const ErrorClassification& c);

struct ErrorClassification {
  ErrorClass error_class = ErrorClass::ResultError;
  std::string system_kind;  // System Error: the normalised kind
  ResultErrorKind kind = ResultErrorKind::None;
  ErrorDirection direction = ErrorDirection::None;
  std::vector<std::string> evidence;  // lines that decided it
  ErrorDecider decided_by = ErrorDecider::Rule;
};

// SQLite's message (or the query status) as one kind: "no such column", "no such table", "no such function",
// "syntax error", "ambiguous column", "misuse of aggregate", "wrong number of arguments", "timeout", "empty",
// "several statements", "not a query", or "other".
std::string system_error_kind(QueryStatus status, const std::string& message);

// A prediction SQLite ran whose result is wrong, against its gold query on the same schema. An error when either
// does not parse (the caller counts it as a System Error).
Result<ErrorClassification> classify_result_error(const std::string& pred_sql, const std::string& gold_sql,
                                                  const Schema& schema);

// A failed item of an evaluation (scored, EX = 0): a System Error when the prediction did not run (its status and
// SQLite's message give the kind; an empty prediction is "empty"), else the Result Error rules above. An item whose
// queries do not parse with our parser although SQLite ran them is a Result Error of kind None, with the reason.
ErrorClassification classify_failed_item(const ItemEvaluation& item, const EvalPair& pair, const Schema& schema);

}  // namespace chokepoint::diagnosis
