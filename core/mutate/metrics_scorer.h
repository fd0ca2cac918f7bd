// The standard ResultScorer of the sensitivity report: EX under the chosen semantics, then EXP/EXR/F1 under each
// regime through core/metrics. The CLI, the app's mutation lab and the tests all score mutants with it.
#pragma once
#include <vector>

#include "core/metrics/execution_accuracy.h"
#include "core/metrics/regime.h"
#include "core/mutate/sensitivity_run.h"

namespace chokepoint::mutate {

ResultScorer metrics_scorer(ExSemantics semantics, const std::vector<Regime>& regimes);

}  // namespace chokepoint::mutate
