// BigTable-style subsets (004 §3.3, Table 2): a fixed number of items for each number of tables the gold query uses
// (1, 2, 3, more than 3), drawn with a seeded shuffle so the same set, seed and size always give the same subset
// (natively and in wasm: the generator and the shuffle are ours, not the standard library's). Tables are counted by
// name resolution on the schema: the distinct base tables the gold query reads, in any subquery or CTE.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/dataset/eval_set.h"
#include "core/schema/schema.h"

namespace chokepoint::runner {

struct SubsetStratum {
  std::string label;       // "1", "2", "3", ">3"
  size_t available = 0;    // items of the set with that many tables
  size_t taken = 0;        // in the subset: min(per_stratum, available)
  double avg_columns = 0;  // over the taken items: columns of the gold query's tables, summed (Table 2's statistic)
};

struct SubsetReport {
  EvalSet subset;  // in the set's order
  std::vector<SubsetStratum> strata;
  size_t unresolved = 0;           // items whose gold query did not parse or whose database has no schema
  std::vector<std::string> notes;  // e.g. "stratum >3: only 20 items, all taken"
};

// The distinct base tables a query reads (schema spelling, sorted); an error when it does not parse.
Result<std::vector<std::string>> gold_tables(const std::string& sql, const Schema& schema);

Result<SubsetReport> bigtable_subset(const EvalSet& set, const std::map<std::string, Schema>& schemas,
                                     size_t per_stratum, uint64_t seed);

}  // namespace chokepoint::runner
