// `chokepoint eval --jobs N`: the pairs evaluated by N threads, each with its own DatabasePool (a SQLite connection
// belongs to one thread; the time limit is the connection's own progress handler, so it needs nothing shared).
// Pairs are handed out in order and each item is stored at its pair's position: the output is the --jobs 1 output.
#pragma once
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/metrics/pair_evaluation.h"

namespace chokepoint::cli {

constexpr int kMaxJobs = 64;

// evaluate_pairs(pairs, DatabasePool(db_root), options) with `jobs` threads (1..kMaxJobs); items in pair order.
// A plugged-in embedding function (options.columns.embed) is called by one thread at a time. When stderr is a
// terminal and the run lasts over a second, a line "evaluated 1200/5000 items" is redrawn in place at most four
// times a second and erased at the end. An error only when the SQLite library cannot be used from several threads.
Result<std::vector<ItemEvaluation>> evaluate_in_parallel(const std::vector<EvalPair>& pairs, const std::string& db_root,
                                                         EvaluationOptions options, int jobs);

}  // namespace chokepoint::cli
