// Per-pair gold facts: one parse for the characteristics and the normalised text, two exact matches.
#include "web/panels/metrics/gold_facts.h"

#include "core/sql/printer.h"

namespace chokepoint::web {

void size_gold_facts(GoldFacts& facts, size_t pairs) {
  facts.characteristics.assign(pairs, std::nullopt);
  facts.normalized_gold.assign(pairs, "");
  facts.em.assign(pairs, std::nullopt);
  facts.em_spider.assign(pairs, std::nullopt);
  facts.spider_rejected.assign(pairs, false);
  facts.hardness.assign(pairs, "");
}

void count_gold_facts(GoldFacts& facts, size_t i, const EvalPair& pair, const Schema* schema) {
  if (i >= facts.characteristics.size()) return;
  auto c = sql::sql_characteristics(pair.gold_sql);
  if (c.ok()) facts.characteristics[i] = *c;
  facts.normalized_gold[i] = sql::normalized_sql(pair.gold_sql);
  if (!schema) return;
  auto& prepared = facts.em_schemas[pair.db_id];
  if (!prepared) prepared = std::make_shared<const em::EmSchema>(em::prepare_em_schema(*schema));
  const auto ours = em::exact_match(pair.gold_sql, pair.pred_sql, *prepared, em::EmParser::Ours);
  const auto spider = em::exact_match(pair.gold_sql, pair.pred_sql, *prepared, em::EmParser::Spider);
  if (ours.scored) {
    facts.em[i] = ours.match;
    facts.hardness[i] = em::hardness_name(ours.hardness);
  }
  if (spider.scored) {
    facts.em_spider[i] = spider.match;
    facts.spider_rejected[i] = !spider.pred_error.empty();
  }
}

}  // namespace chokepoint::web
