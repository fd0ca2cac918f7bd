// BigTable-0.2k's changed filter conditions (004 §3.3: "altering ... filtering conditions"): one comparison of the
// gold query's outer WHERE, `column = value` with the value a literal the question mentions word for word, gets
// another value of the same column, taken from the database, that still gives the query a non-empty result; every
// literal of the query spelt the same, and the mentions in the question and evidence, change with it. A value only
// the evidence names is left alone: the evidence maps a phrase of the question to it ("triple bond refers to '#'"),
// and a new value would make that mapping false. Pure but for reading the database.
#pragma once
#include <cstdint>
#include <string>

#include "core/base/result.h"
#include "core/db/connection.h"

namespace chokepoint::runner {

struct FilterValueChange {
  std::string sql, question, evidence;  // the item after the change
  std::string comparison;               // the comparison before, as printed ("T1.name = 'Alice'")
  std::string from, to;                 // the value before and after, as written in the question
  size_t tried = 0;                     // candidate values run before one kept the result non-empty
};

// An error says why the item keeps its values: no such comparison, the value is not mentioned, no other value of
// the column, or every candidate (at most `max_tries`, in a seeded order) emptied the result.
Result<FilterValueChange> change_filter_value(const std::string& sql, const std::string& question,
                                              const std::string& evidence, const Connection& db, uint64_t seed,
                                              const QueryLimits& limits, size_t max_tries = 20);

// Replaces each mention of `from` in `text` that stands as its own token (no letter or digit on either side) by `to`;
// how many it replaced.
size_t replace_mentions(std::string& text, const std::string& from, const std::string& to);

}  // namespace chokepoint::runner
