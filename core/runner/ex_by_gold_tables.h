// EX by the number of tables the gold query reads (004 Table 4): 1, 2, 3 and more than 3, counted by name
// resolution as the BigTable subsets count them (bigtable_subset.h's gold_tables). `eval` reports it for a
// prediction file, `predict` for every format of every model it runs.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/metrics/pair_evaluation.h"
#include "core/schema/schema.h"

namespace chokepoint::runner {

struct GoldTablesStratum {
  std::string tables;  // "1", "2", "3", ">3"
  size_t n = 0;        // scored items whose gold query reads that many tables
  size_t right = 0;    // of those, with EX = 1
  double ex = 0;       // percent, two decimals; 0 when n = 0
};

// The schema of a database, or nullptr when it has none (its items are left out).
using SchemaOf = std::function<const Schema*(const std::string& db_id)>;

// The four strata in order. Only scored items count; an item whose gold query does not parse or reads no table is
// left out. items[i] is the evaluation of pairs[i].
std::vector<GoldTablesStratum> ex_by_gold_tables(const std::vector<EvalPair>& pairs,
                                                 const std::vector<ItemEvaluation>& items, const SchemaOf& schema_of);

// The same in two steps, for callers that count on several threads: the number of tables a pair's gold reads (0
// when the schema is nullptr, the gold does not parse or reads no table; pure), and the strata of items[i] over
// counts[i].
size_t gold_table_count(const EvalPair& pair, const Schema* schema);
std::vector<GoldTablesStratum> ex_by_gold_table_counts(const std::vector<size_t>& counts,
                                                       const std::vector<ItemEvaluation>& items);

// [{"tables": "1", "n": 3, "ex": 33.33}, ...]: the form `eval` writes as by_gold_tables.
nlohmann::json gold_tables_strata_json(const std::vector<GoldTablesStratum>& strata);

}  // namespace chokepoint::runner
