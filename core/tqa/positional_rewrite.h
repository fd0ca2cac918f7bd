// Synonym replacement's in-place rewrite (thesis §4.2, Prompt B.1): the model returns one synonym per matched token
// with the token's position, and only those characters change; the rest of the text stays byte-identical.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/base/result.h"
#include "core/llm/answer_parser.h"
#include "core/tqa/reference_detection.h"

namespace chokepoint::tqa {

// Replaces each matched token (by its position) with the synonym the model gave for that position, right to left
// so earlier offsets stay valid. Errors when a position names no matched token, when a matched token got no
// synonym, or when a synonym is empty or spans lines.
Result<std::string> replace_at_positions(std::string_view text, const std::vector<TextToken>& matched,
                                         const std::vector<PositionedToken>& synonyms);

}  // namespace chokepoint::tqa
