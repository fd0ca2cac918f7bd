// BigTable-0.2k's changed filter conditions (004 §3.3: "altering ... filtering conditions"): one comparison of the
// gold query's outer WHERE, `column = value` with the value a literal the question mentions word for word, gets
// another value of the same column, taken from the database, that still gives the query a non-empty result; every
// literal of the query spelt the same, and the mentions in the question and evidence, change with it. A value only
// the evidence names is left alone: the evidence maps a phrase of the question to it ("triple bond refers to '#'"),
// and a new value would make that mapping false. Pure but for reading the database.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "core/db/connection.h"

namespace chokepoint::runner {

struct FilterValueChange {
  std::string sql, question, evidence;  // the item after the change
  std::string comparison;               // the comparison before, as printed ("T1.name = 'Alice'")
  std::string from, to;                 // the value before and after, as written in the question
  size_t tried = 0;                     // candidate values run before one kept the result non-empty
};

// Why an item keeps its values, as a code a report can count (filter_kept_name gives each one's words).
enum class FilterKept {
  unparsable,           // the gold query does not parse
  no_where,             // not a single SELECT with a WHERE
  not_mentioned,        // no `column = value` of the WHERE whose value the question mentions
  unreadable_values,    // the column's other values could not be read from the database
  no_other_value,       // the column has no other usable value
  every_value_empties,  // every candidate tried (at most max_tries) gave an empty result or failed
};
const char* filter_kept_name(FilterKept reason);  // e.g. "no other value keeps a non-empty result"

// Either the change or why there is none: `kept` and `detail` (the reason with its particulars: the parser's
// message, the column, how many values were tried) are meaningful only when `change` is empty.
struct FilterValueOutcome {
  std::optional<FilterValueChange> change;
  FilterKept kept = FilterKept::not_mentioned;
  std::string detail;
  bool changed() const { return change.has_value(); }
};

// The candidates are other values of the column in a seeded order, at most `max_tries` of them run.
FilterValueOutcome change_filter_value(const std::string& sql, const std::string& question, const std::string& evidence,
                                       const Connection& db, uint64_t seed, const QueryLimits& limits,
                                       size_t max_tries = 20);

// Replaces each mention of `from` in `text` that stands as its own token (no letter or digit on either side) by `to`;
// how many it replaced.
size_t replace_mentions(std::string& text, const std::string& from, const std::string& to);

}  // namespace chokepoint::runner
