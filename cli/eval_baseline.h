// eval --baseline REPORT.json: the ΔEX transitions of this run against an earlier eval report (thesis Table 3.7),
// pairing items by id, or with --align seed_id each expansion of `chokepoint jqe`'s set with its seed.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/base/result.h"
#include "core/metrics/pair_evaluation.h"

namespace chokepoint::cli {

// {"file", "align", "n", "plus", "minus", "zero_correct", "zero_wrong", "mean_delta", "unscored", "unmatched",
//  "unmatched_ids"}: n counts the pairs scored on both sides; unscored the pairs not scored on one of them;
// unmatched the run's items whose id (or seed) the baseline lacks, the first ten named. items[k] is the gold file's
// item positions[k]; `gold_path` is read only for --align seed_id.
Result<nlohmann::json> compare_with_baseline(const std::string& baseline_path, const std::string& align,
                                             const std::string& gold_path, const std::vector<ItemEvaluation>& items,
                                             const std::vector<size_t>& positions);

}  // namespace chokepoint::cli
