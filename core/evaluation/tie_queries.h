// Tie-aware EX (`chokepoint eval --tie-aware` and the metrics panel's option): the queries it runs for each gold
// (EvalPair::tie), built here because core/metrics may not parse SQL: sql::tie_probe's probe, the probe and the gold
// without their LIMIT and OFFSET.
#pragma once
#include <vector>

#include "core/metrics/pair_evaluation.h"

namespace chokepoint::evaluation {

// Fills pair.tie for every pair whose gold_sql has a top-level ORDER BY ... LIMIT n the probe rewrites faithfully
// (sql::tie_probe); leaves the others empty. Returns how many were filled.
size_t fill_tie_queries(std::vector<EvalPair>& pairs);

}  // namespace chokepoint::evaluation
