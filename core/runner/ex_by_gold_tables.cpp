// EX per number of gold tables (see ex_by_gold_tables.h).
#include "core/runner/ex_by_gold_tables.h"

#include <algorithm>
#include <cmath>

#include "core/runner/bigtable_subset.h"

namespace chokepoint::runner {

size_t gold_table_count(const EvalPair& pair, const Schema* schema) {
  if (!schema) return 0;
  auto tables = gold_tables(pair.gold_sql, *schema);
  return tables.ok() ? tables->size() : 0;
}

std::vector<GoldTablesStratum> ex_by_gold_table_counts(const std::vector<size_t>& counts,
                                                       const std::vector<ItemEvaluation>& items) {
  std::vector<GoldTablesStratum> strata = {{"1"}, {"2"}, {"3"}, {">3"}};
  for (size_t i = 0; i < items.size() && i < counts.size(); ++i) {
    if (items[i].status != ItemStatus::Scored || counts[i] == 0) continue;
    GoldTablesStratum& s = strata[std::min<size_t>(counts[i], 4) - 1];
    ++s.n;
    s.right += items[i].ex ? 1 : 0;
  }
  for (auto& s : strata)
    s.ex = s.n ? std::round(10000.0 * static_cast<double>(s.right) / static_cast<double>(s.n)) / 100 : 0.0;
  return strata;
}

std::vector<GoldTablesStratum> ex_by_gold_tables(const std::vector<EvalPair>& pairs,
                                                 const std::vector<ItemEvaluation>& items, const SchemaOf& schema_of) {
  std::vector<size_t> counts;
  for (size_t i = 0; i < items.size() && i < pairs.size(); ++i)
    counts.push_back(items[i].status == ItemStatus::Scored ? gold_table_count(pairs[i], schema_of(pairs[i].db_id)) : 0);
  return ex_by_gold_table_counts(counts, items);
}

nlohmann::json gold_tables_strata_json(const std::vector<GoldTablesStratum>& strata) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& s : strata) out.push_back({{"tables", s.tables}, {"n", s.n}, {"ex", s.ex}});
  return out;
}

}  // namespace chokepoint::runner
