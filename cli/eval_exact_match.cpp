// EM for a pair list: one prepared EmSchema per database, both parsers per pair, on `jobs` threads.
#include "cli/eval_exact_match.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <thread>

namespace chokepoint::cli {

PairExactMatch exact_match_pairs(const std::vector<EvalPair>& pairs,
                                 const std::function<const Schema*(const std::string&)>& schema_of, int jobs) {
  // The schemas first, on this thread (schema_of reads databases through one pool).
  std::map<std::string, std::optional<em::EmSchema>> prepared;
  for (const auto& p : pairs)
    if (!prepared.count(p.db_id)) {
      const Schema* schema = schema_of(p.db_id);
      prepared.emplace(p.db_id, schema ? std::optional<em::EmSchema>(em::prepare_em_schema(*schema)) : std::nullopt);
    }
  PairExactMatch out;
  out.ours.resize(pairs.size());
  out.spider.resize(pairs.size());
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i = next++; i < pairs.size(); i = next++) {
      const auto& p = pairs[i];
      const auto& schema = prepared.at(p.db_id);
      if (!schema) {
        out.ours[i].gold_error = "no schema for database '" + p.db_id + "'";
        out.spider[i] = out.ours[i];
        continue;
      }
      out.ours[i] = em::exact_match(p.gold_sql, p.pred_sql, *schema, em::EmParser::Ours);
      out.spider[i] = em::exact_match(p.gold_sql, p.pred_sql, *schema, em::EmParser::Spider);
    }
  };
  const size_t threads = std::min<size_t>(std::max(1, jobs), std::max<size_t>(1, pairs.size()));
  std::vector<std::thread> workers;
  for (size_t t = 1; t < threads; ++t) workers.emplace_back(work);
  work();
  for (auto& w : workers) w.join();
  return out;
}

}  // namespace chokepoint::cli
