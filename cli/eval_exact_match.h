// `chokepoint eval`'s exact set match: Spider's EM and hardness (core/exact_match) of a pair, with our parser and
// with the port of Spider's own parser, on its database's schema as the evaluation reads it.
#pragma once
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/exact_match/exact_match.h"
#include "core/metrics/pair_evaluation.h"

namespace chokepoint::cli {

// Each database's prepared schema; nullopt for a database without one (its pairs are not scored for EM).
using EmSchemas = std::map<std::string, std::optional<em::EmSchema>>;

// schema_of(db_id) for each id: the schema or nullptr; it must be safe to call from `jobs` threads at once (a
// read-only lookup). The schemas are prepared on `jobs` threads.
EmSchemas prepare_em_schemas(const std::vector<std::string>& db_ids,
                             const std::function<const Schema*(const std::string&)>& schema_of, int jobs = 1);

struct PairExactMatch {
  em::ExactMatchResult ours, spider;  // scored = false when there is no schema
};

// One pair, both parsers; pure, so pairs may be matched on several threads. The pair's db_id must be in `schemas`.
PairExactMatch exact_match_pair(const EvalPair& pair, const EmSchemas& schemas);

}  // namespace chokepoint::cli
