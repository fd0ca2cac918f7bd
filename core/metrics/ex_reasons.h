// Why EX is 0 for a pair whose queries both ran, in words a user can act on. EXP/EXR/F1 can be 1 while EX is 0
// (the same cells in another row order, with other duplicates, or in other columns), and a reader of the scores
// needs the reason beside them. Each reason is one short sentence; the list is empty when EX is 1.
#pragma once
#include <string>
#include <vector>

#include "core/db/value.h"
#include "core/metrics/execution_accuracy.h"

namespace chokepoint {

// Checked in this order, all that apply: a result cut by a cap; a different number of columns; for BIRD, the same
// rows with the columns in another order; for Spider, the same rows in another order when the gold has ORDER BY,
// or the same distinct rows with other duplicate counts; otherwise how many rows each side has that the other lacks.
std::vector<std::string> ex_zero_reasons(ExSemantics semantics, const std::string& gold_sql, const ResultSet& gold,
                                         const ResultSet& pred);

}  // namespace chokepoint
