// EM for a pair list: one prepared EmSchema per database, both parsers per pair.
#include "cli/eval_exact_match.h"

#include <map>

namespace chokepoint::cli {

PairExactMatch exact_match_pairs(const std::vector<EvalPair>& pairs,
                                 const std::function<const Schema*(const std::string&)>& schema_of) {
  std::map<std::string, std::optional<em::EmSchema>> prepared;
  PairExactMatch out;
  for (const auto& p : pairs) {
    auto found = prepared.find(p.db_id);
    if (found == prepared.end()) {
      const Schema* schema = schema_of(p.db_id);
      found =
          prepared.emplace(p.db_id, schema ? std::optional<em::EmSchema>(em::prepare_em_schema(*schema)) : std::nullopt)
              .first;
    }
    if (!found->second) {
      em::ExactMatchResult none;
      none.gold_error = "no schema for database '" + p.db_id + "'";
      out.ours.push_back(none);
      out.spider.push_back(none);
      continue;
    }
    out.ours.push_back(em::exact_match(p.gold_sql, p.pred_sql, *found->second, em::EmParser::Ours));
    out.spider.push_back(em::exact_match(p.gold_sql, p.pred_sql, *found->second, em::EmParser::Spider));
  }
  return out;
}

}  // namespace chokepoint::cli
