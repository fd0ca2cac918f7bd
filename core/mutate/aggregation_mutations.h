// The aggregation operator of SQLMorph Table IX, on aggregates of the outer SELECT list and HAVING clause.
#pragma once
#include <vector>

#include "core/mutate/mutant.h"

namespace chokepoint::mutate {

// aggregation_swap: one mutant per one-argument aggregate: SUM <-> AVG, MIN <-> MAX, COUNT -> SUM (DISTINCT kept,
// the name's letter case kept). COUNT(*) is skipped: SUM(*) is not SQL (the reference implementation produced it,
// and it failed to execute; notes §7.1-9). Two-argument MIN/MAX are scalar functions, not aggregates, and skipped.
std::vector<Mutant> aggregation_swap(const sql::Node& query);

// The swapped aggregate name for `name` (any case, answer in the same case style), or "" when there is none.
std::string swapped_aggregate(const std::string& name);

}  // namespace chokepoint::mutate
