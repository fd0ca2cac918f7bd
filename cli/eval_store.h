// `eval --store RUNS.sqlite`: the evaluation appended as a run to a run store (core/runs/run_store.h), with the
// settings that produced it and the CLI's clock for its timestamp (the core reads no clock).
#pragma once
#include <string>
#include <vector>

#include "cli/command.h"
#include "core/base/result.h"
#include "core/metrics/pair_evaluation.h"
#include "core/runs/run_store.h"

namespace chokepoint::cli {

// The current UTC time as "2026-11-25T13:40:00Z".
std::string utc_timestamp();

// The store at `path`, created when missing; an error value (the file untouched) when it is not a store.
Result<runs::RunStore> open_store_for_eval(const std::string& path);

// Appends the run: eval's arguments (without --out, --csv, --jobs, --store and --run-label, which change no score),
// semantics, regimes and limits as its settings; every pair with its evaluated item. Returns the run id.
Result<int64_t> store_eval_run(runs::RunStore& store, const Args& args, const std::string& label,
                               const EvaluationOptions& options, const std::string& em_mode,
                               const std::vector<EvalPair>& pairs, const std::vector<ItemEvaluation>& items);

}  // namespace chokepoint::cli
