// Drawing many random databases and distilling a suite from them (see distilled_suite.h).
#include "core/testdb/distilled_suite.h"

#include <algorithm>

namespace chokepoint::testdb {

std::vector<CoverStep> greedy_cover(const std::vector<std::vector<bool>>& kills, size_t max_sets) {
  std::vector<CoverStep> steps;
  if (kills.empty()) return steps;
  std::vector<bool> covered(kills.front().size(), false);
  std::vector<bool> picked(kills.size(), false);
  while (max_sets == 0 || steps.size() < max_sets) {
    CoverStep best;
    for (size_t s = 0; s < kills.size(); ++s) {
      if (picked[s]) continue;
      size_t gain = 0;
      for (size_t e = 0; e < covered.size() && e < kills[s].size(); ++e) gain += kills[s][e] && !covered[e];
      if (gain > best.gained) best = {s, gain};  // strict: the earliest row wins a tie
    }
    if (best.gained == 0) break;
    picked[best.set] = true;
    for (size_t e = 0; e < covered.size() && e < kills[best.set].size(); ++e)
      if (kills[best.set][e]) covered[e] = true;
    steps.push_back(best);
  }
  return steps;
}

Result<DistilledSuite> distill_test_suite(const Connection& original, const Schema& schema,
                                          const std::vector<SuiteItem>& items, const DistilledSuiteOptions& options) {
  auto source = draw_source(original, schema, items, options.values_per_column, options.limits);
  if (!source.ok()) return Error{source.error()};
  DistilledSuite suite;
  for (const auto& item : items) suite.mutants += item.mutants.size();
  auto draw = [&](size_t i) {
    RandomDatabaseOptions ro;
    ro.seed = draw_seed(options.seed, schema.db_id, i);
    ro.max_rows = options.max_rows;
    return random_database(source->script, schema, source->uniques, source->pools, ro);
  };

  // One row per draw: which mutants (all items' in order) it kills.
  std::vector<std::vector<bool>> kills;
  for (size_t i = 0; i < options.draws; ++i) {
    auto db = draw(i);
    if (!db.ok()) return Error{db.error()};
    std::vector<bool> row;
    row.reserve(suite.mutants);
    for (const auto& item : items) {
      std::vector<bool> told;
      const auto g =
          discriminate_gold(db->db, item.gold_sql, item.mutants, options.semantics, options.limits, 0, &told);
      suite.queries += g.queries;
      row.insert(row.end(), told.begin(), told.end());
    }
    kills.push_back(std::move(row));
    ++suite.draws;
  }
  std::vector<bool> reach(suite.mutants, false), covered(suite.mutants, false);
  for (const auto& row : kills)
    for (size_t e = 0; e < row.size(); ++e) reach[e] = reach[e] || row[e];
  for (bool r : reach) suite.killable += r;

  for (const CoverStep& step : greedy_cover(kills, options.max_databases)) {
    auto db = draw(step.set);  // the same seed gives the same database (random_database.h)
    if (!db.ok()) return Error{db.error()};
    SuiteMember m{step.set,         draw_seed(options.seed, schema.db_id, step.set), 0, step.gained, db->stats,
                  std::move(db->db)};
    for (size_t e = 0; e < suite.mutants; ++e) {
      m.killed_alone += kills[step.set][e];
      covered[e] = covered[e] || kills[step.set][e];
    }
    suite.killed_by_best_single = std::max(suite.killed_by_best_single, m.killed_alone);
    suite.members.push_back(std::move(m));
  }
  size_t offset = 0;
  for (const auto& item : items) {
    size_t killed = 0;
    for (size_t j = 0; j < item.mutants.size(); ++j) killed += covered[offset + j];
    suite.item_killed.push_back(killed);
    offset += item.mutants.size();
  }
  for (bool c : covered) suite.killed_by_suite += c;
  return suite;
}

std::string suite_file_name(const std::string& db_id, size_t index) {
  return index == 0 ? db_id + ".sqlite" : db_id + "_" + std::to_string(index) + ".sqlite";
}

}  // namespace chokepoint::testdb
