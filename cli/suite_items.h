// The items a test suite must tell apart, as `testsuite` and `testsuite distill` build them: each gold query with
// its single-error mutants (the 15 operators of core/mutate, as `chokepoint mutate` makes them) on its database.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "cli/cli_inputs.h"
#include "cli/command.h"
#include "core/dataset/eval_set.h"
#include "core/db/connection.h"
#include "core/metrics/execution_accuracy.h"
#include "core/testdb/testsuite_baseline.h"

namespace chokepoint::cli {

// What both commands start from: the gold set of --gold (refused when it holds predictions or an item has no
// db_id), its items by database, the comparison semantics (--semantics, else the set's benchmark, else BIRD's) and
// the databases open under --db-root (a missing one is an error unless --skip-missing); --out created.
struct SuiteInputs {
  EvalSet set;
  std::map<std::string, std::vector<EvalItem>> by_db;
  ExSemantics semantics = ExSemantics::Bird;
  OpenDatabases open;
};
Result<SuiteInputs> read_suite_inputs(const FlagValues& r, const char* usage);

// One SuiteItem per item, in order; a gold the mutator cannot parse gets no mutants and is counted in `unparsed`.
std::vector<testdb::SuiteItem> suite_items(const std::vector<EvalItem>& items, const Connection& original,
                                           size_t& unparsed);

}  // namespace chokepoint::cli
