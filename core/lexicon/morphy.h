// WordNet's morphy, exactly as NLTK implements it (wordnet.py `_morphy`): the exception list first (returning the
// form and its listed bases that are lemmas), else the detachment rules applied once (keeping the form itself and
// the results that are lemmas), else applied repeatedly until some result is a lemma. Forms are not lower-cased
// here (NLTK does not either); callers lower-case tokens first.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/lexicon/lexicon.h"

namespace chokepoint {

// NLTK `wn._morphy(form, pos)`: every base form found, in NLTK's order, without duplicates.
std::vector<std::string> morphy_all(const Lexicon& lex, std::string_view form, PartOfSpeech pos,
                                    bool check_exceptions = true);

// NLTK `wn.morphy(form, pos)`: the first base form; with no pos, tries noun, verb, adjective, adverb in turn.
std::optional<std::string> morphy(const Lexicon& lex, std::string_view form,
                                  std::optional<PartOfSpeech> pos = std::nullopt);

// NLTK `WordNetLemmatizer().lemmatize(word, pos)`: the shortest base form from morphy_all, or the word itself.
// This is why "better" (adjective) gives "good" although morphy's first answer is "better".
std::string lemmatize(const Lexicon& lex, std::string_view word, PartOfSpeech pos = PartOfSpeech::noun);

// True if the word, after morphy, is a WordNet lemma in some part of speech (the "word vs abbreviation" test).
bool is_wordnet_word(const Lexicon& lex, std::string_view word);

// NLTK `wn.synsets(word, pos)`: lower-cases, runs morphy per part of speech, and lists the senses of every base form.
std::vector<SynsetId> synsets_of(const Lexicon& lex, std::string_view word,
                                 std::optional<PartOfSpeech> pos = std::nullopt);

}  // namespace chokepoint
