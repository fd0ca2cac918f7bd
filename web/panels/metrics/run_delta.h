// ΔEX of the shown run against the pinned one (thesis Table 3.7's layout). Item by item when both runs hold the same
// items; else, when the shown run's gold is an expanded set (its items carry jqe.seed_id, as `chokepoint jqe` writes
// them) and the pinned run's gold holds the seeds, each expansion against its own seed, many per seed: what
// `chokepoint eval --baseline R --align seed_id` and `study jqe-delta` count. Pairs not scored on either side, and
// expansions whose seed the pinned run lacks, are counted apart, never as EX = 0 (core/metrics/baseline_comparison.h,
// as the CLI counts them).
#pragma once
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "core/metrics/transitions.h"
#include "web/app_state.h"
#include "web/panels/metrics/metrics_run.h"

namespace chokepoint::web {

struct RunDelta {
  std::shared_ptr<const MetricsRun> run, base;  // the runs it was computed for
  std::string align;                            // "item" or "seed_id"; empty when the runs cannot be aligned
  std::string why;                              // why not, when align is empty
  DeltaExTable table;                           // over the pairs scored on both sides
  size_t unscored = 0;                          // pairs not scored in one run or the other
  size_t unmatched = 0;                         // expansions whose seed is not among the pinned run's items
};

// The delta of `run` against `base`, computed again only when either changed (the gold's file is read once).
const RunDelta& run_delta(const AppState& state, RunDelta& cache, const std::shared_ptr<const MetricsRun>& run,
                          const std::shared_ptr<const MetricsRun>& base);
void draw_run_delta(const RunDelta& delta);
// {align, why, n, plus, minus, zero_correct, zero_wrong, mean_delta, unscored, unmatched}.
nlohmann::json run_delta_json(const RunDelta& delta);

}  // namespace chokepoint::web
