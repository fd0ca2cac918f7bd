// Identifier naturalness on the SNAILS scale SQLMorph §V uses: N1 regular (whole words), N2 low (shortened but
// readable), N3 least (heavy abbreviations, codes). Two sources, always labelled: the LLM classifier
// (prompts/tqa_naturalness.mustache) or, with no LLM configured, a deterministic dictionary-coverage heuristic.
#pragma once
#include <string>
#include <string_view>

#include "core/base/result.h"
#include "core/lexicon/lexicon.h"

namespace chokepoint::tqa {

enum class Naturalness { N1 = 1, N2 = 2, N3 = 3 };
const char* naturalness_name(Naturalness n);  // "N1", "N2", "N3"

enum class NaturalnessSource { heuristic, llm };
const char* naturalness_source_name(NaturalnessSource s);  // "dictionary-coverage heuristic", "llm classifier"

// The heuristic: split the identifier (separators, case, digits, dictionary segmentation); a WordNet word (or stopword)
// segment scores 1, a non-word of 4+ letters 0.5 (a readable truncation: "Wintr", "Custmr"), anything shorter 0; the
// letter-weighted mean gives N1 at >= 0.9, N2 at >= 0.4, else N3. WinterWeather N1, WintrWthr N2, WWth N3.
Naturalness heuristic_naturalness(const Lexicon& lex, std::string_view identifier);

// The classifier's answer: the first N1/N2/N3 in it (case-insensitive); an error when there is none.
Result<Naturalness> parse_naturalness(const std::string& answer);

}  // namespace chokepoint::tqa
