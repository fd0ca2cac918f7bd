// Gold/prediction pairing.
#include "core/metrics/eval_pairs.h"

#include <iterator>
#include <string>

#include "core/dataset/eval_set_loader.h"
#include "core/dataset/gold_alternatives.h"

namespace chokepoint {

Result<std::vector<EvalPair>> pair_gold_with_predictions(const EvalSet& gold, const EvalSet& predictions) {
  auto aligned = align_predictions(gold, predictions);
  if (!aligned.ok()) return Error{aligned.error()};
  std::vector<EvalPair> pairs;
  pairs.reserve(gold.items.size());
  for (size_t i = 0; i < gold.items.size(); ++i) {
    const EvalItem& g = gold.items[i];
    if (g.db_id.empty()) return Error{"gold item " + std::to_string(i + 1) + " has no db_id"};
    auto answers = gold_answers(g);
    EvalPair pair{g.key.empty() ? std::to_string(i) : g.key, g.db_id, std::move(answers.front()), (*aligned)[i]};
    pair.gold_alternatives.assign(std::make_move_iterator(answers.begin() + 1), std::make_move_iterator(answers.end()));
    pairs.push_back(std::move(pair));
  }
  return pairs;
}

}  // namespace chokepoint
