// Splits schema identifiers into segments and labels each as word or abbreviation (thesis §4.2, line 16 of
// Algorithm 2): first on separators (snake_case, spaces, dots, hyphens), then on case changes (camelCase, "ActorID"
// -> Actor, ID), then digits from letters, and finally dictionary segmentation of run-together lower-case words
// ("moviecharacters" -> movie, characters) using the lexicon's lemmas.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/lexicon/lexicon.h"

namespace chokepoint {

enum class SegmentKind { word, abbreviation, number };

struct Segment {
  std::string text;   // lower-cased segment
  std::string lemma;  // morphy base form for words ("characters" -> "character"), else the text
  SegmentKind kind = SegmentKind::abbreviation;
  bool all_caps = false;  // written in capitals in the identifier ("ID"): callers may treat it as an abbreviation
};

// Separator, case and digit splitting only (no dictionary): "WaterTemperature" -> {"Water", "Temperature"},
// "HTMLParser" -> {"HTML", "Parser"}, "u2base" -> {"u", "2", "base"}. Original spelling kept.
std::vector<std::string> split_identifier(std::string_view identifier);

// Dictionary segmentation of one lower-case letter run. If the run is itself a WordNet word (after morphy) it stays
// whole; otherwise the cover by WordNet words (2+ letters) with the fewest segments, ties broken by the larger sum
// of squared lengths (longer segments). If no full cover exists the run
// stays whole (it is then an abbreviation such as "img" or "wtrtmp"). Remaining ties keep the split whose last
// segment starts earliest.
std::vector<std::string> segment_words(const Lexicon& lex, std::string_view run);

// The whole pipeline: split_identifier, dictionary segmentation of each letter piece, classification.
std::vector<Segment> segment_identifier(const Lexicon& lex, std::string_view identifier);

}  // namespace chokepoint
