// Per-item explanation of the fine-grained metrics: for each regime the score, the column pairs with their
// similarity, and the gold and predicted results side by side with matched rows and counted cells coloured.
#pragma once
#include <vector>

#include "core/metrics/pair_evaluation.h"

namespace chokepoint::web {

// `question` and `evidence`: what the gold item asked ("" when the gold set has none).
void draw_item_explanation(const EvalPair& pair, const ItemEvaluation& item, const std::vector<Regime>& regimes,
                           const std::string& question = "", const std::string& evidence = "");

}  // namespace chokepoint::web
