// A single left-to-right scan over the evidence. The value part of a definition is where BIRD writes SQL
// fragments ("refers to element = 'i'"), so schema words are excluded there only; in the prose half ("atoms with
// the element iodine") the same word is a genuine mention.
#include "core/tqa/evidence_exclusions.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace chokepoint::tqa {
namespace {

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || (c & 0x80); }

bool is_schema_name(const std::string& word, const Schema& schema) {
  for (const auto& t : schema.tables) {
    if (iequals(t.name, word)) return true;
    if (t.find_column(word)) return true;
  }
  return false;
}

// Value parts: from the end of each trigger phrase to the next ';' (or the end).
std::vector<TextSpan> value_parts(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::vector<TextSpan> parts;
  for (std::string_view trigger : {"refers to", "refer to", "referring to", "means", "="}) {
    size_t at = 0;
    while ((at = lower.find(trigger, at)) != std::string::npos) {
      size_t start = at + trigger.size();
      bool whole_word = trigger == "=" ||
                        ((at == 0 || !word_char(lower[at - 1])) && (start >= lower.size() || !word_char(lower[start])));
      if (whole_word) {
        size_t end = lower.find(';', start);
        parts.push_back({start, end == std::string::npos ? lower.size() : end});
      }
      at = start;
    }
  }
  return parts;
}

void merge(std::vector<TextSpan>& spans) {
  std::sort(spans.begin(), spans.end(), [](const TextSpan& a, const TextSpan& b) {
    return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;
  });
  std::vector<TextSpan> out;
  for (const auto& s : spans) {
    if (s.end <= s.begin) continue;
    if (!out.empty() && s.begin <= out.back().end)
      out.back().end = std::max(out.back().end, s.end);
    else
      out.push_back(s);
  }
  spans = std::move(out);
}

}  // namespace

std::vector<TextSpan> evidence_exclusions(std::string_view text, const Schema& schema) {
  std::vector<TextSpan> spans;
  // Quoted values: '...', "...", `...`. An apostrophe inside a word ("don't", "players'") does not open a quote.
  for (size_t i = 0; i < text.size(); ++i) {
    char q = text[i];
    if (q != '\'' && q != '"' && q != '`') continue;
    if (q == '\'' && i > 0 && std::isalpha(static_cast<unsigned char>(text[i - 1]))) continue;
    size_t close = text.find(q, i + 1);
    if (close == std::string_view::npos) break;
    spans.push_back({i, close + 1});
    i = close;
  }
  const std::vector<TextSpan> values = value_parts(text);
  // Identifier-like runs: letters, digits, '_' and '.' between word characters.
  size_t i = 0;
  while (i < text.size()) {
    if (!word_char(text[i])) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < text.size() &&
           (word_char(text[j]) || (text[j] == '.' && j + 1 < text.size() && word_char(text[j + 1]) && j > i)))
      ++j;
    std::string_view run = text.substr(i, j - i);
    bool identifier = run.find('_') != std::string_view::npos ||
                      (run.find('.') != std::string_view::npos && std::any_of(run.begin(), run.end(), [](char c) {
                         return std::isalpha(static_cast<unsigned char>(c));
                       }));
    for (size_t k = 1; k < run.size() && !identifier; ++k)  // CamelCase: a capital after a lower-case letter
      identifier =
          std::islower(static_cast<unsigned char>(run[k - 1])) && std::isupper(static_cast<unsigned char>(run[k]));
    size_t after = j;
    while (after < text.size() && text[after] == ' ') ++after;
    bool call = after < text.size() && text[after] == '(';
    bool in_value = std::any_of(values.begin(), values.end(), [&](const TextSpan& v) { return v.contains(i); });
    if (identifier || call || (in_value && is_schema_name(std::string(run), schema))) spans.push_back({i, j});
    i = j;
  }
  merge(spans);
  return spans;
}

}  // namespace chokepoint::tqa
