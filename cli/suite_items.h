// The items a test suite must tell apart, as `testsuite` and `testsuite distill` build them: each gold query with
// its single-error mutants (the 15 operators of core/mutate, as `chokepoint mutate` makes them) on its database.
#pragma once
#include <vector>

#include "core/dataset/eval_set.h"
#include "core/db/connection.h"
#include "core/testdb/testsuite_baseline.h"

namespace chokepoint::cli {

// One SuiteItem per item, in order; a gold the mutator cannot parse gets no mutants and is counted in `unparsed`.
std::vector<testdb::SuiteItem> suite_items(const std::vector<EvalItem>& items, const Connection& original,
                                           size_t& unparsed);

}  // namespace chokepoint::cli
