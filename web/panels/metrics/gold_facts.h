// What the metrics panel knows about each pair besides its evaluation, counted a slice per frame while the run
// evaluates: the gold query's NL2SQL360 characteristics (scenario filter, group by), its normalised text (QVT) and
// Spider's exact set match with our parser and with Spider's (EM, hardness). The joins of SQLMorph Fig. 3 are
// counted in the same slice (MetricsRun::joins).
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/exact_match/exact_match.h"
#include "core/metrics/pair_evaluation.h"
#include "core/sql/sql_characteristics.h"

namespace chokepoint::web {

struct GoldFacts {
  std::vector<std::optional<sql::Characteristics>> characteristics;  // nullopt: the gold does not parse
  std::vector<std::string> normalized_gold;                          // sql::normalized_sql, QVT's group key
  std::vector<std::optional<bool>> em, em_spider;                    // nullopt: no schema, or the gold cannot be read
  std::vector<bool> spider_rejected;  // Spider's parser cannot read the prediction (EM 0 there)
  std::vector<std::string> hardness;  // Spider's hardness of the gold ("" unknown)
  std::map<std::string, std::shared_ptr<const em::EmSchema>> em_schemas;  // prepared once per database
};

void size_gold_facts(GoldFacts& facts, size_t pairs);
// Facts of pair i; `schema` is its database's (nullptr when not loaded: no EM).
void count_gold_facts(GoldFacts& facts, size_t i, const EvalPair& pair, const Schema* schema);

}  // namespace chokepoint::web
