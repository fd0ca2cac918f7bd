// Pairing a gold set with a prediction set into the pairs an evaluation runs: one rule for the CLI, the metrics
// panel and every other front end, so the same files give the same items everywhere.
#pragma once
#include <vector>

#include "core/base/result.h"
#include "core/dataset/eval_set.h"
#include "core/metrics/pair_evaluation.h"

namespace chokepoint {

// One pair per gold item, in gold order: id = the item's key (its position when it has none), the gold item's
// db_id and SQL (its first gold answer; the others, gold_answers of gold_alternatives.h, in gold_alternatives), and
// the prediction aligned by align_predictions (an empty string when a keyed prediction is missing). A gold item
// without a db_id is an error: no database could run it.
Result<std::vector<EvalPair>> pair_gold_with_predictions(const EvalSet& gold, const EvalSet& predictions);

}  // namespace chokepoint
