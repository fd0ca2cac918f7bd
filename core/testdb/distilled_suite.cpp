// Drawing many random databases and distilling a suite from them (see distilled_suite.h).
#include "core/testdb/distilled_suite.h"

#include <algorithm>

#include "core/testdb/distill_job.h"

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
  DistillJob job(original, schema, items, options);
  while (!job.finished()) job.step();
  return job.take();
}

std::string suite_file_name(const std::string& db_id, size_t index) {
  return index == 0 ? db_id + ".sqlite" : db_id + "_" + std::to_string(index) + ".sqlite";
}

void DistilledManifest::add(const std::string& db_id, size_t items, const DistilledSuite& suite) {
  nlohmann::ordered_json members = nlohmann::ordered_json::array();
  for (size_t k = 0; k < suite.members.size(); ++k) {
    const auto& m = suite.members[k];
    members.push_back(nlohmann::ordered_json{{"file", db_id + "/" + suite_file_name(db_id, k)},
                                             {"draw", m.draw},
                                             {"draw_seed", m.seed},
                                             {"killed_alone", m.killed_alone},
                                             {"newly_killed", m.newly_killed},
                                             {"rows", m.stats.rows}});
  }
  mutants += suite.mutants;
  killed_by_suite += suite.killed_by_suite;
  killed_by_best_single += suite.killed_by_best_single;
  databases.push_back(nlohmann::ordered_json{{"db_id", db_id},
                                             {"items", items},
                                             {"suite", suite.members.size()},
                                             {"draws", suite.draws},
                                             {"mutants", suite.mutants},
                                             {"killable", suite.killable},
                                             {"killed_by_suite", suite.killed_by_suite},
                                             {"killed_by_best_single", suite.killed_by_best_single},
                                             {"members", members}});
}

nlohmann::ordered_json DistilledManifest::json(const std::string& set, const DistilledSuiteOptions& options) const {
  return {{"kind", "distilled test suite"},
          {"set", set},
          {"seed", options.seed},
          {"draws", options.draws},
          {"max_databases", options.max_databases},
          {"rows", options.max_rows},
          {"semantics", ex_semantics_name(options.semantics)},
          {"databases", databases},
          {"databases_missing", missing},
          {"golds_unparsed", golds_unparsed},
          {"mutants", mutants},
          {"killed_by_suite", killed_by_suite},
          {"killed_by_best_single_total", killed_by_best_single}};
}

}  // namespace chokepoint::testdb
