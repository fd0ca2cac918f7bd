// WordNet's parts of speech with NLTK's one-letter codes ('n', 'v', 'a', 's', 'r'). Adjective satellites ('s') live in
// the adjective files and share the adjective index and exception list, exactly as in NLTK.
#pragma once
#include <array>
#include <optional>
#include <string_view>

namespace chokepoint {

enum class PartOfSpeech : unsigned char { noun, verb, adjective, adverb, adjective_satellite };

// NLTK's POS_LIST order, used when no part of speech is given (morphy, synsets).
inline constexpr std::array<PartOfSpeech, 4> kWordNetPosOrder = {PartOfSpeech::noun, PartOfSpeech::verb,
                                                                 PartOfSpeech::adjective, PartOfSpeech::adverb};

inline char pos_letter(PartOfSpeech pos) {
  switch (pos) {
    case PartOfSpeech::noun:
      return 'n';
    case PartOfSpeech::verb:
      return 'v';
    case PartOfSpeech::adjective:
      return 'a';
    case PartOfSpeech::adverb:
      return 'r';
    case PartOfSpeech::adjective_satellite:
      return 's';
  }
  return '?';
}

inline std::optional<PartOfSpeech> pos_from_letter(char c) {
  switch (c) {
    case 'n':
      return PartOfSpeech::noun;
    case 'v':
      return PartOfSpeech::verb;
    case 'a':
      return PartOfSpeech::adjective;
    case 'r':
      return PartOfSpeech::adverb;
    case 's':
      return PartOfSpeech::adjective_satellite;
    default:
      return std::nullopt;
  }
}

// Accepts NLTK letters and the words "noun", "verb", "adj"/"adjective", "adv"/"adverb".
inline std::optional<PartOfSpeech> parse_pos(std::string_view text) {
  if (text.size() == 1) return pos_from_letter(text[0]);
  if (text == "noun") return PartOfSpeech::noun;
  if (text == "verb") return PartOfSpeech::verb;
  if (text == "adj" || text == "adjective") return PartOfSpeech::adjective;
  if (text == "adv" || text == "adverb") return PartOfSpeech::adverb;
  return std::nullopt;
}

// The data/index file a part of speech lives in: 0 noun, 1 verb, 2 adjective (and satellites), 3 adverb.
inline int pos_file(PartOfSpeech pos) {
  switch (pos) {
    case PartOfSpeech::noun:
      return 0;
    case PartOfSpeech::verb:
      return 1;
    case PartOfSpeech::adjective:
    case PartOfSpeech::adjective_satellite:
      return 2;
    case PartOfSpeech::adverb:
      return 3;
  }
  return 0;
}

}  // namespace chokepoint
