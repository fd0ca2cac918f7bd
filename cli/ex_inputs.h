// What `errors` and `debug` start from: gold and predictions paired as `eval` pairs them, EX options (semantics
// from the gold's benchmark unless --semantics says, --timeout-ms, no fine-grained regimes), and the databases.
// Also the end both share: the full report to --out, the summary on stdout.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/cli_inputs.h"
#include "cli/command.h"
#include "core/dataset/eval_set.h"
#include "core/metrics/pair_evaluation.h"

namespace chokepoint::cli {

struct ExInputs {
  EvalSet gold;
  std::vector<EvalPair> pairs;
  EvaluationOptions options;
  OpenDatabases open;
  size_t skipped_no_database = 0;  // items whose database is missing (only with --skip-missing)
};
// Reads --gold, --pred, --db-root, --semantics and --timeout-ms; errors are the line to print. Items whose database
// is missing under --db-root are an error unless --skip-missing (cli/missing_databases.h), so every command using
// this declares --skip-missing.
Result<ExInputs> read_ex_inputs(const FlagValues& r);
// The same, refused when there are pairs but none of the gold's databases opened (the timing commands would have
// nothing to run).
Result<ExInputs> read_ex_inputs_with_databases(const FlagValues& r);

// Writes summary plus {"items": items} to `path` and prints the summary; 0, or fail_input's 2 when it cannot write.
int finish_report(const std::string& path, const nlohmann::json& summary, nlohmann::json items);

}  // namespace chokepoint::cli
