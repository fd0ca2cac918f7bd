// EX per number of gold tables (see ex_by_gold_tables.h).
#include "core/runner/ex_by_gold_tables.h"

#include <algorithm>
#include <cmath>

#include "core/runner/bigtable_subset.h"

namespace chokepoint::runner {

std::vector<GoldTablesStratum> ex_by_gold_tables(const std::vector<EvalPair>& pairs,
                                                 const std::vector<ItemEvaluation>& items, const SchemaOf& schema_of) {
  std::vector<GoldTablesStratum> strata = {{"1"}, {"2"}, {"3"}, {">3"}};
  for (size_t i = 0; i < items.size() && i < pairs.size(); ++i) {
    if (items[i].status != ItemStatus::Scored) continue;
    const Schema* schema = schema_of(pairs[i].db_id);
    if (!schema) continue;
    auto tables = gold_tables(pairs[i].gold_sql, *schema);
    if (!tables.ok() || tables->empty()) continue;
    GoldTablesStratum& s = strata[std::min<size_t>(tables->size(), 4) - 1];
    ++s.n;
    s.right += items[i].ex ? 1 : 0;
  }
  for (auto& s : strata)
    s.ex = s.n ? std::round(10000.0 * static_cast<double>(s.right) / static_cast<double>(s.n)) / 100 : 0.0;
  return strata;
}

nlohmann::json gold_tables_strata_json(const std::vector<GoldTablesStratum>& strata) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& s : strata) out.push_back({{"tables", s.tables}, {"n", s.n}, {"ex", s.ex}});
  return out;
}

}  // namespace chokepoint::runner
