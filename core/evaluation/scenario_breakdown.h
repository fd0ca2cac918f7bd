// Scenarios and breakdowns over a set's items by their gold query's SQL characteristics (sql_characteristics.h):
// which pairs a scenario filter keeps, EX and the fine-grained means per value of any one characteristic, and QVT
// over the gold queries. `eval --where/--group-by` and the metrics panel's filter bar and breakdowns share these.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/metrics/pair_evaluation.h"
#include "core/metrics/qvt.h"
#include "core/sql/scenario_filter.h"
#include "core/sql/sql_characteristics.h"

namespace chokepoint::evaluation {

// A pair's gold characteristics; nullopt when its gold does not parse. Pure, so callers may spread pairs over threads.
std::optional<sql::Characteristics> gold_characteristics_of(const EvalPair& pair);

struct ScenarioSelection {
  std::vector<size_t> kept;  // positions of the pairs whose gold matches, in order
  size_t unparsed = 0;       // pairs left out because their gold does not parse
};
ScenarioSelection select_scenario(const std::vector<std::optional<sql::Characteristics>>& characteristics,
                                  const sql::ScenarioFilter& filter);

struct CharacteristicGroup {
  int value = 0;  // -1 for golds that do not parse
  std::vector<size_t> items;
  EvaluationSummary summary;
};
// Items grouped by the value of `c` in their gold, ascending; summaries as `summarize` computes them.
std::vector<CharacteristicGroup> group_by_characteristic(
    const std::vector<std::optional<sql::Characteristics>>& characteristics, const std::vector<ItemEvaluation>& items,
    sql::Characteristic c, const std::vector<Regime>& regimes);
// [{"value": 0, "n": 12, "scored": 12, "ex": 50.0, "soft_f1": 61.2}, ...]
nlohmann::json characteristic_groups_json(const std::vector<CharacteristicGroup>& groups);

// EX and EM per level of a label every item has (Spider's hardness, BIRD's difficulty), levels in `order` first,
// then any other label in sorted order. EX counts scored items; EM counts items whose `em` is set (nullopt: EM
// not computed, e.g. no schema). {"level", "n", "ex", "em_n", "em"} per level, percents with two decimals.
nlohmann::json ex_em_by_level(const std::vector<std::string>& labels, const std::vector<ItemEvaluation>& items,
                              const std::vector<std::optional<bool>>& em, const std::vector<std::string>& order);

// QVT with each gold normalised by our printer (sql::normalized_sql); unscored items left out (qvt.h). In two
// steps, so that callers may compute the keys on several threads: a pair's key (pure), and QVT over keys[i] for
// items[i] (keys past the items are left out).
std::string qvt_key(const EvalPair& pair);
QvtReport qvt_of_keys(std::vector<std::string> keys, const std::vector<ItemEvaluation>& items);
// {"qvt": 75.0, "groups": 2, "items": 5}
nlohmann::json qvt_json(const QvtReport& report);

}  // namespace chokepoint::evaluation
