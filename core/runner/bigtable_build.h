// The steps of BigTable-0.2k (004 §3.3) that need no model, as `chokepoint bigtable` and the app's Run a model >
// BigTable both apply them after the stratified subset (bigtable_subset.h): each item's filter value changed with its
// own seed, then Table 2 of what was built beside the paper's. The model's steps (three-table queries expanded by a
// join, the schema renamed) are the JQE and de-naturalisation steps, run on the built set.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/dataset/eval_set.h"
#include "core/db/connection.h"
#include "core/runner/bigtable_subset.h"

namespace chokepoint::runner {

// 004 Table 2: items and average columns per number of gold tables ("1", "2", "3", ">3").
struct PublishedStratum {
  const char* tables;
  int items;
  double avg_columns;
};
const std::vector<PublishedStratum>& bigtable_published_table2();

// The filter-change step's tally over a set.
struct FilterChangeTally {
  size_t changed = 0;
  std::map<std::string, size_t> unchanged;                           // by filter_kept_name, and "no database"
  nlohmann::ordered_json changes = nlohmann::ordered_json::array();  // {id, comparison, from, to, sql_before}
};

// Changes `item` (the set's item `index`) in place when change_filter_value finds a value, with the seed
// seed + index; counts it either way. `db` null: the item's database is not open.
void change_item_filter(EvalItem& item, size_t index, const Connection* db, uint64_t seed, const QueryLimits& limits,
                        FilterChangeTally& tally);

// Table 2 of a built set counted on the schemas it runs on: [{tables, items, avg_columns (2 decimals), paper_items,
// paper_avg_columns}], one per stratum.
nlohmann::ordered_json bigtable_table2_json(const SubsetReport& counted);

}  // namespace chokepoint::runner
