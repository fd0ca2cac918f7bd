#include "core/tqa/token_lemmas.h"

#include "core/lexicon/morphy.h"

namespace chokepoint::tqa {

std::string token_lemma(const Lexicon& lex, const std::string& lower) {
  for (PartOfSpeech pos : kWordNetPosOrder) {
    std::string l = lemmatize(lex, lower, pos);
    if (l != lower) return l;
  }
  return lower;
}

const std::string& TokenLemmas::operator()(const std::string& lower) {
  auto it = kept_.find(lower);
  if (it == kept_.end()) it = kept_.emplace(lower, token_lemma(lex_, lower)).first;
  return it->second;
}

}  // namespace chokepoint::tqa
