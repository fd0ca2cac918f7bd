// Gold/prediction pairing.
#include "core/metrics/eval_pairs.h"

#include <string>

#include "core/dataset/eval_set_loader.h"

namespace chokepoint {

Result<std::vector<EvalPair>> pair_gold_with_predictions(const EvalSet& gold, const EvalSet& predictions) {
  auto aligned = align_predictions(gold, predictions);
  if (!aligned.ok()) return Error{aligned.error()};
  std::vector<EvalPair> pairs;
  pairs.reserve(gold.items.size());
  for (size_t i = 0; i < gold.items.size(); ++i) {
    const EvalItem& g = gold.items[i];
    if (g.db_id.empty()) return Error{"gold item " + std::to_string(i + 1) + " has no db_id"};
    pairs.push_back({g.key.empty() ? std::to_string(i) : g.key, g.db_id, g.sql, (*aligned)[i]});
  }
  return pairs;
}

}  // namespace chokepoint
