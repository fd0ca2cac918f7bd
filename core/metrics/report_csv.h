// The per-item evaluation report as CSV, one row per item: what the app's "Export CSV" downloads and what
// `chokepoint eval --csv` writes, byte for byte the same for the same run.
#pragma once
#include <string>
#include <vector>

#include "core/metrics/pair_evaluation.h"

namespace chokepoint {

// Per-item facts the report adds beside the scores; either vector may be empty (then its column is empty).
struct CsvItemFacts {
  std::vector<std::string> difficulty;  // from the gold set
  std::vector<int> joins;               // joins in the gold query's main join query graph (-1 unknown)
};

// Columns: id, db_id, difficulty, joins, status (scored | gold_error | no_database), prediction (ok | error |
// timeout; empty when the item was not scored, so a failed prediction is never just "scored"), ex, then EXP, EXR,
// F1 per regime (empty when not scored), gold_sql, pred_sql, message (why it failed; "truncated: <cap>" for a cut
// result). Text fields are always quoted (RFC 4180: a quote is doubled), so commas, quotes and newlines in SQL survive.
std::string evaluation_csv(const std::vector<EvalPair>& pairs, const std::vector<ItemEvaluation>& items,
                           const std::vector<Regime>& regimes, const CsvItemFacts& facts = {});

}  // namespace chokepoint
