// EM of a pair: one prepared EmSchema per database, both parsers.
#include "cli/eval_exact_match.h"

#include "cli/parallel_for.h"

namespace chokepoint::cli {

EmSchemas prepare_em_schemas(const std::vector<std::string>& db_ids,
                             const std::function<const Schema*(const std::string&)>& schema_of, int jobs) {
  std::vector<std::optional<em::EmSchema>> prepared(db_ids.size());
  parallel_for(db_ids.size(), jobs, [&](size_t i, size_t) {
    if (const Schema* schema = schema_of(db_ids[i])) prepared[i] = em::prepare_em_schema(*schema);
  });
  EmSchemas out;
  for (size_t i = 0; i < db_ids.size(); ++i) out.emplace(db_ids[i], std::move(prepared[i]));
  return out;
}

PairExactMatch exact_match_pair(const EvalPair& pair, const EmSchemas& schemas) {
  PairExactMatch out;
  const auto& schema = schemas.at(pair.db_id);
  if (!schema) {
    out.ours.gold_error = "no schema for database '" + pair.db_id + "'";
    out.spider = out.ours;
    return out;
  }
  out.ours = em::exact_match(pair.gold_sql, pair.pred_sql, *schema, em::EmParser::Ours);
  out.spider = em::exact_match(pair.gold_sql, pair.pred_sql, *schema, em::EmParser::Spider);
  return out;
}

}  // namespace chokepoint::cli
