// `chokepoint eval`'s exact set match: Spider's EM and hardness (core/exact_match) for every pair, with our parser
// and with the port of Spider's own parser, on each database's schema as the evaluation reads it.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/exact_match/exact_match.h"
#include "core/metrics/pair_evaluation.h"

namespace chokepoint::cli {

struct PairExactMatch {
  std::vector<em::ExactMatchResult> ours, spider;  // one per pair; scored = false when there is no schema
};

// schema_of(db_id): the database's schema, or nullptr (its pairs are not scored for EM); called from this thread
// only. The pairs are matched by `jobs` threads (exact matching is pure), each result at its pair's position.
PairExactMatch exact_match_pairs(const std::vector<EvalPair>& pairs,
                                 const std::function<const Schema*(const std::string&)>& schema_of, int jobs = 1);

}  // namespace chokepoint::cli
