// Several gold answers for one question: a BIRD/Spider JSON item whose SQL field is a list, or one gold text holding
// several statements separated by `;`. EX counts a prediction right when it matches any of them (pair_evaluation.h).
#pragma once
#include <string>
#include <vector>

#include "core/dataset/eval_set.h"

namespace chokepoint {

// The statements of `text`, split at each `;` outside quotes ('...', "...", `...`, [...]), comments (-- and /* */)
// and parentheses, each trimmed of surrounding whitespace; pieces holding nothing but whitespace and comments are
// dropped, so a trailing `;` makes no alternative. A text with at most one statement comes back unchanged, as the
// only element (empty text: one empty element), so a single gold runs exactly as written.
std::vector<std::string> split_statements(const std::string& text);

// Every gold answer of an item, in order: the statements of `sql`, then those of each of sql_alternatives.
// The first is the item's gold (`gold_sql` of its pair); never empty.
std::vector<std::string> gold_answers(const EvalItem& item);

}  // namespace chokepoint
