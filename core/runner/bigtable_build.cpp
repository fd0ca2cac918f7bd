// BigTable-0.2k's steps without a model (see bigtable_build.h).
#include "core/runner/bigtable_build.h"

#include <cmath>

#include "core/runner/filter_value_change.h"

namespace chokepoint::runner {

const std::vector<PublishedStratum>& bigtable_published_table2() {
  static const std::vector<PublishedStratum> table = {
      {"1", 50, 23.30}, {"2", 50, 56.94}, {"3", 50, 31.73}, {">3", 50, 29.04}};
  return table;
}

void change_item_filter(EvalItem& item, size_t index, const Connection* db, uint64_t seed, const QueryLimits& limits,
                        FilterChangeTally& tally) {
  if (!db) {
    ++tally.unchanged["no database"];
    return;
  }
  auto c = change_filter_value(item.sql, item.question, item.evidence, *db, seed + index, limits);
  if (!c.changed()) {
    ++tally.unchanged[filter_kept_name(c.kept)];
    return;
  }
  tally.changes.push_back({{"id", item.key},
                           {"comparison", c.change->comparison},
                           {"from", c.change->from},
                           {"to", c.change->to},
                           {"sql_before", item.sql}});
  item.sql = c.change->sql;
  item.question = c.change->question;
  item.evidence = c.change->evidence;
  ++tally.changed;
}

nlohmann::ordered_json bigtable_table2_json(const SubsetReport& counted) {
  const auto& paper = bigtable_published_table2();
  nlohmann::ordered_json strata = nlohmann::ordered_json::array();
  for (size_t k = 0; k < counted.strata.size() && k < paper.size(); ++k) {
    const auto& s = counted.strata[k];
    strata.push_back({{"tables", s.label},
                      {"items", s.taken},
                      {"avg_columns", std::round(s.avg_columns * 100.0) / 100.0},
                      {"paper_items", paper[k].items},
                      {"paper_avg_columns", paper[k].avg_columns}});
  }
  return strata;
}

}  // namespace chokepoint::runner
