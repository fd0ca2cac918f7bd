// The items of a `chokepoint eval --shard` file: each evaluated pair whole (the worker's codec,
// core/metrics/evaluation_codec.h, plus the fields it leaves out), so merge hands eval the very items a single run
// evaluates and every figure of the report comes from the same code.
#pragma once
#include <string>
#include <vector>

#include "cli/shard_merge.h"
#include "core/base/result.h"
#include "core/metrics/pair_evaluation.h"

namespace chokepoint::cli {

std::string encode_eval_item(const ItemEvaluation& item);
Result<ItemEvaluation> decode_eval_item(const std::string& bytes);

// The items of `pairs` (at gold `positions`) taken out of `merged`, after checking that the gold and prediction
// files are the ones the shards read: each position must be there, for the same id and db_id, and none other.
Result<std::vector<ItemEvaluation>> take_merged_items(MergedShards& merged, const std::string& gold_file,
                                                      const std::string& pred_file, const std::vector<EvalPair>& pairs,
                                                      const std::vector<size_t>& positions);

}  // namespace chokepoint::cli
