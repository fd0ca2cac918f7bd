// Gold validation: before any model is scored, each gold query runs as its own prediction under the chosen
// semantics and limits, so a user sees the ceiling a perfect model could reach and which golds cannot serve as
// references: errors, golds slower than the limit, empty results, results that differ between two runs, and
// ORDER BY ... LIMIT cuts through ties (tie_probe.h). `chokepoint eval --validate-gold` prints this report.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/metrics/evaluation_job.h"
#include "core/metrics/execution_accuracy.h"

namespace chokepoint::evaluation {

enum class GoldDefect {
  Error,             // SQLite refused or failed the gold
  Slow,              // stopped at the time limit
  NoDatabase,        // the item's database could not be opened
  Empty,             // ran and returned no row: any other empty result matches it
  Truncated,         // hit the row or size cap: compared on the rows read
  NonDeterministic,  // two runs gave results that are not equal under the semantics
  TieDependent,      // ORDER BY ... LIMIT n keeps one member of a tie: the n-th and (n+1)-th rows sort equal
};
const char* gold_defect_name(GoldDefect d);  // "error", "slow", "no_database", "empty", "truncated", ...

struct GoldCheck {
  std::string id, db_id;
  std::vector<GoldDefect> defects;  // in enum order
  bool achievable = false;          // ran, and its second run matches the first under the semantics
  bool tie_checked = false;         // the tie probe ran (false: no ORDER BY ... LIMIT, or a shape it skips)
  double ms = 0;                    // the first run's SQLite time
  size_t rows = 0;
  std::string message;  // SQLite's message or the limit reached
};

struct GoldValidation {
  std::vector<GoldCheck> items;
  size_t achievable = 0;
  double ceiling = 0;          // percent of items whose gold is achievable: the best EX any prediction file can get
  std::vector<size_t> counts;  // per GoldDefect, in enum order
};

// One gold: twice on lookup(db_id) within `limits`, then its tie probe when it has one. The app calls it item by item
// within its frame budget; validate_golds is the loop.
GoldCheck validate_gold(const EvalPair& pair, const DatabaseLookup& lookup, ExSemantics semantics,
                        const QueryLimits& limits);
// The counts and the ceiling over `checks` (one per pair, in order).
GoldValidation summarize_gold_checks(std::vector<GoldCheck> checks);
// Runs every gold twice on lookup(db_id) within `limits`, then its tie probe when it has one.
GoldValidation validate_golds(const std::vector<EvalPair>& pairs, const DatabaseLookup& lookup, ExSemantics semantics,
                              const QueryLimits& limits);
// {"n", "achievable", "ceiling", "defects": {"error": k, ...}, "items": [{"id", "db_id", "defects": [...], ...}]}
// (items with at least one defect only, unless all_items).
nlohmann::json gold_validation_json(const GoldValidation& v, bool all_items = false);

}  // namespace chokepoint::evaluation
