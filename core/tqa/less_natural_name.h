// Deterministic less-natural names (SQLMorph §V, "WaterTemperature -> WtTp"): each word of the identifier keeps its
// first letter and the consonant that opens its second syllable (the last consonant of the first cluster after the
// first vowel: Wa|ter -> Wt, Tem|pe -> Tp, A|tom -> At); words of 2 letters or fewer and digits stay; the
// identifier's style is kept (CamelCase pieces are glued, other separators become '_'). The LLM option uses
// prompts/tqa_abbreviate_identifier.mustache instead.
#pragma once
#include <string>
#include <string_view>

namespace chokepoint::tqa {

std::string abbreviate_identifier(std::string_view identifier);

}  // namespace chokepoint::tqa
