// A word's lemma as reference detection reads it: WordNet's Morphy tried for a noun, then a verb, an adjective and an
// adverb, the first form that differs from the word winning. TokenLemmas keeps each word's lemma for a job, since a
// benchmark's texts repeat their words and a lemma is up to four Morphy lookups in the lexicon.
#pragma once
#include <string>
#include <unordered_map>

#include "core/lexicon/lexicon.h"

namespace chokepoint::tqa {

// The lemma of a lower-cased word, or the word itself when no part of speech changes it.
std::string token_lemma(const Lexicon& lex, const std::string& lower);

// token_lemma with the answers kept. Not thread-safe; one per job.
class TokenLemmas {
 public:
  explicit TokenLemmas(const Lexicon& lex) : lex_(lex) {}
  const std::string& operator()(const std::string& lower);
  const Lexicon& lexicon() const { return lex_; }

 private:
  const Lexicon& lex_;
  std::unordered_map<std::string, std::string> kept_;  // lower-cased word -> its lemma
};

}  // namespace chokepoint::tqa
