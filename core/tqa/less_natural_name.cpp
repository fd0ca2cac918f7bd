// Syllable-based abbreviation, the pattern of SQLMorph's few-shot pairs (WtTp, P_Nm), without a dictionary so the
// same name always gives the same abbreviation, in every table (foreign-key pairs stay equal).
#include "core/tqa/less_natural_name.h"

#include <cctype>

#include "core/lexicon/identifier_segmentation.h"

namespace chokepoint::tqa {
namespace {

bool vowel(char c) {
  c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u' || c == 'y';
}

std::string abbreviate_word(const std::string& w) {
  if (w.size() <= 2 || !std::isalpha(static_cast<unsigned char>(w[0]))) return w;
  size_t i = 1;
  while (i < w.size() && vowel(w[i])) ++i;  // the first vowel group (none when the word starts with one)
  if (i == 1 && !vowel(w[0])) {
    while (i < w.size() && !vowel(w[i])) ++i;  // "Str|ength": skip the opening cluster, then its vowels
    while (i < w.size() && vowel(w[i])) ++i;
  }
  size_t j = i;
  while (j < w.size() && !vowel(w[j]) && std::isalpha(static_cast<unsigned char>(w[j]))) ++j;
  if (j == i) return w.substr(0, 2);  // no consonant after the vowels ("Area")
  char second = w[j - 1];
  return std::string(1, w[0]) + second;
}

}  // namespace

std::string abbreviate_identifier(std::string_view identifier) {
  std::vector<std::string> pieces = split_identifier(identifier);
  // Glue pieces when the original has no separator between them (CamelCase); otherwise join with '_'.
  bool separators = false;
  for (char c : identifier)
    if (!std::isalnum(static_cast<unsigned char>(c))) separators = true;
  std::string out;
  for (const auto& p : pieces) {
    if (!out.empty() && separators) out += '_';
    out += abbreviate_word(p);
  }
  return out.empty() ? std::string(identifier) : out;
}

}  // namespace chokepoint::tqa
