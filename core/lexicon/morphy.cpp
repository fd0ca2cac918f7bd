// Morphy after NLTK: the substitution tables below are NLTK's MORPHOLOGICAL_SUBSTITUTIONS, in its order (the order
// decides which base form comes first). One deviation that cannot change a result: intermediate forms are
// de-duplicated, so pathological tokens ("eseseses...") cannot grow the candidate list exponentially.
#include "core/lexicon/morphy.h"
#include "core/base/text.h"

#include <algorithm>
#include <cctype>
#include <utility>

namespace chokepoint {
namespace {

using Rule = std::pair<std::string_view, std::string_view>;

const std::vector<Rule>& rules_for(PartOfSpeech pos) {
  static const std::vector<Rule> noun = {{"s", ""},      {"ses", "s"},   {"ves", "f"},   {"xes", "x"}, {"zes", "z"},
                                         {"ches", "ch"}, {"shes", "sh"}, {"men", "man"}, {"ies", "y"}};
  static const std::vector<Rule> verb = {{"s", ""},   {"ies", "y"}, {"es", "e"},  {"es", ""},
                                         {"ed", "e"}, {"ed", ""},   {"ing", "e"}, {"ing", ""}};
  static const std::vector<Rule> adj = {{"er", ""}, {"est", ""}, {"er", "e"}, {"est", "e"}};
  static const std::vector<Rule> adv = {};
  switch (pos) {
    case PartOfSpeech::noun:
      return noun;
    case PartOfSpeech::verb:
      return verb;
    case PartOfSpeech::adjective:
    case PartOfSpeech::adjective_satellite:
      return adj;
    case PartOfSpeech::adverb:
      return adv;
  }
  return adv;
}

// Each form with each rule's suffix replaced, first occurrences only, found by a scan of what is already out: a
// round's forms all come from the previous round's, only verbs' "es", "ed", "ing" and adjectives' "er", "est" give two
// forms, and one of the two ends in "e", which no rule detaches, so a round holds a few forms however long the token.
std::vector<std::string> apply_rules(const std::vector<std::string>& forms, PartOfSpeech pos) {
  std::vector<std::string> out;
  for (const auto& form : forms)
    for (const auto& [old_suffix, new_suffix] : rules_for(pos))
      if (ends_with(form, old_suffix)) {
        std::string next;
        next.reserve(form.size() - old_suffix.size() + new_suffix.size());
        next.append(form, 0, form.size() - old_suffix.size());
        next += new_suffix;
        if (std::find(out.begin(), out.end(), next) == out.end()) out.push_back(std::move(next));
      }
  return out;
}

// Appends to `out` each of `forms` that is a lemma of `pos` and not already there.
void filter_forms_into(const Lexicon& lex, const std::vector<std::string>& forms, PartOfSpeech pos,
                       std::vector<std::string>& out) {
  for (const auto& f : forms)
    if (lex.has_lemma(f, pos) && std::find(out.begin(), out.end(), f) == out.end()) out.push_back(f);
}

std::vector<std::string> filter_forms(const Lexicon& lex, const std::vector<std::string>& forms, PartOfSpeech pos) {
  std::vector<std::string> out;
  filter_forms_into(lex, forms, pos, out);
  return out;
}

}  // namespace

std::vector<std::string> morphy_all(const Lexicon& lex, std::string_view form, PartOfSpeech pos,
                                    bool check_exceptions) {
  std::string word(form);
  if (check_exceptions) {
    if (const auto* bases = lex.exception_bases(word, pos)) {
      std::vector<std::string> candidates{word};
      for (uint32_t b : *bases) candidates.emplace_back(lex.string_at(b));
      return filter_forms(lex, candidates, pos);
    }
  }
  // NLTK filters [word] + the first round's forms together: the word itself, then those forms.
  std::vector<std::string> results;
  if (lex.has_lemma(word, pos)) results.push_back(word);
  std::vector<std::string> forms = apply_rules({std::move(word)}, pos);
  filter_forms_into(lex, forms, pos, results);
  if (!results.empty()) return results;
  while (!forms.empty()) {
    forms = apply_rules(forms, pos);
    results = filter_forms(lex, forms, pos);
    if (!results.empty()) return results;
  }
  return {};
}

std::optional<std::string> morphy(const Lexicon& lex, std::string_view form, std::optional<PartOfSpeech> pos) {
  if (pos) {
    auto all = morphy_all(lex, form, *pos);
    if (all.empty()) return std::nullopt;
    return all.front();
  }
  for (auto p : kWordNetPosOrder) {
    auto all = morphy_all(lex, form, p);
    if (!all.empty()) return all.front();
  }
  return std::nullopt;
}

std::string lemmatize(const Lexicon& lex, std::string_view word, PartOfSpeech pos) {
  auto all = morphy_all(lex, word, pos);
  if (all.empty()) return std::string(word);
  // min(lemmas, key=len): the first of the shortest.
  return *std::min_element(all.begin(), all.end(),
                           [](const std::string& a, const std::string& b) { return a.size() < b.size(); });
}

bool is_wordnet_word(const Lexicon& lex, std::string_view word) {
  for (auto p : kWordNetPosOrder)
    if (!morphy_all(lex, word, p).empty()) return true;
  return false;
}

std::vector<SynsetId> synsets_of(const Lexicon& lex, std::string_view word, std::optional<PartOfSpeech> pos) {
  std::string lowered = to_lower_ascii(word);
  std::vector<PartOfSpeech> order;
  if (pos)
    order.push_back(*pos);
  else
    order.assign(kWordNetPosOrder.begin(), kWordNetPosOrder.end());
  std::vector<SynsetId> out;
  for (auto p : order)
    for (const auto& form : morphy_all(lex, lowered, p))
      for (SynsetId s : lex.senses(form, p)) out.push_back(s);
  return out;
}

}  // namespace chokepoint
