// The items of a `chokepoint mutate --shard` file: for each gold query of the shard, what the sensitivity run gives
// for it alone (its scored mutants, rejected candidates, or why it was skipped). The run has no state from one gold
// to the next, so these parts joined in gold order are the whole run, and merge tabulates them (SQLMorph Table X)
// with the single run's code.
#pragma once
#include <string>

#include "core/base/result.h"
#include "core/mutate/sensitivity_run.h"

namespace chokepoint::cli {

// `part` is run_sensitivity over one gold query (its `golds` is not encoded: the merged run counts the gold file).
std::string encode_gold_sensitivity(const mutate::SensitivityRun& part);
Result<mutate::SensitivityRun> decode_gold_sensitivity(const std::string& bytes);

// Appends the next gold's part to `run` as run_sensitivity would have: mutants, rejected and skipped in gold order,
// the first scorer error kept.
void append_gold_sensitivity(mutate::SensitivityRun& run, mutate::SensitivityRun part);

}  // namespace chokepoint::cli
