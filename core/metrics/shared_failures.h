// Metrics restricted to the items every system failed (SQLMorph Table XI, Fig. 5): EX says nothing there, EXP and
// EXR still rank how close each system came. Runs are aligned by position (same evaluation set).
#pragma once
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/metrics/pair_evaluation.h"

namespace chokepoint {

struct SystemRun {
  std::string name;
  std::vector<ItemEvaluation> items;
};

// Positions scored in every run with EX = 0 in every run. Fails when the runs have different lengths.
Result<std::vector<size_t>> shared_failure_positions(const std::vector<SystemRun>& runs);

struct SharedFailureRow {
  std::string system;
  EvaluationSummary summary;  // over the shared failures only (ex is 0 by construction)
};

// One row per system, as Table XI: EX and the means of each regime over the shared failures.
Result<std::vector<SharedFailureRow>> shared_failure_table(const std::vector<SystemRun>& runs,
                                                           const std::vector<Regime>& regimes);

}  // namespace chokepoint
