// Prompts of the three augmentation strategies (thesis §4.2, appendix B) rendered from prompts/tqa_*.mustache:
// synonym replacement gets the matched tokens only; back-translation and contextual augmentation get the whole
// text, the components with their matched tokens and positions, the SQL and the database name.
#pragma once
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/dataset/eval_set.h"
#include "core/llm/prompt_template.h"
#include "core/tqa/reference_detection.h"

namespace chokepoint::tqa {

enum class Strategy { synonym_replacement, back_translation, contextual_augmentation };
inline constexpr Strategy kAllStrategies[] = {Strategy::synonym_replacement, Strategy::back_translation,
                                              Strategy::contextual_augmentation};
const char* strategy_name(Strategy s);  // "synonym_replacement", ...
const char* strategy_code(Strategy s);  // "SR", "BT", "CA" (thesis Table 4.5)

enum class TextSide { question, evidence };

// The manifest name of the template a strategy uses for a side.
std::string strategy_template(Strategy s, TextSide side);

// JSON text of the matched tokens of all components on one side: [{"token": "character", "position": 20}, ...].
std::string tokens_variable(const ReferenceDetection& refs, TextSide side);
// JSON text of the components: [{"segment", "is_abbreviation", "matched_tokens": [...]}, ...].
std::string components_variable(const ReferenceDetection& refs, TextSide side);
// Every matched token of one side, once per position, in text order.
std::vector<TextToken> matched_tokens(const ReferenceDetection& refs, TextSide side);

// Renders the prompt for one item, strategy and side. `new_question` is used by the evidence prompts of BT and CA.
Result<std::string> render_augmentation_prompt(const PromptLibrary& library, Strategy s, TextSide side,
                                               const EvalItem& item, const std::string& linker_table,
                                               const ReferenceDetection& refs, const std::string& new_question);

}  // namespace chokepoint::tqa
