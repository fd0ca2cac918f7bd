// Loading any supported evaluation or prediction file, and aligning predictions with their gold set.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/dataset/eval_set.h"

namespace chokepoint {

Result<EvalSet> parse_eval_set(const std::string& text, DatasetFormat format);
Result<EvalSet> parse_eval_set_auto(const std::string& text);  // detect_format, then parse
// Set and prediction files are parsed whole, and a JSON document takes several times its size in memory, so a file
// above this is refused with its size named (Spider's train set is 25 MB; BIRD's dev set 1 MB).
constexpr size_t kMaxSetFileBytes = 64u << 20;
Result<EvalSet> load_eval_set(const std::string& path);  // reads the file (see above), then parse_eval_set_auto

// The predicted SQL for each gold item, in gold order. A prediction dict is matched by key = the gold item's
// position (BIRD's evaluator does the same); a missing key gives an empty prediction. Every other format aligns by
// position and must have as many items as the gold set. A prediction carrying a db_id that differs from the gold
// item's is an error (the files are not aligned).
Result<std::vector<std::string>> align_predictions(const EvalSet& gold, const EvalSet& predictions);

}  // namespace chokepoint
