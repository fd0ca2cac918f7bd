// Tokens come from the lexicon's offset-keeping tokenizer, so a matched token's position addresses the raw text
// and a rewrite (synonym replacement) can overwrite exactly its characters.
#include "core/tqa/reference_detection.h"

#include <algorithm>
#include <cctype>

#include "core/lexicon/fuzzy_ratio.h"
#include "core/lexicon/tokenizer.h"
#include "core/lexicon/wu_palmer.h"
#include "core/tqa/stopwords.h"

namespace chokepoint::tqa {
namespace {

std::string lower_ascii(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// The tokens of `text` that can be references; `lemma_of(lower)` gives a word's lemma.
template <class LemmaOf>
std::vector<TextToken> collect_candidate_tokens(std::string_view text, const std::vector<TextSpan>& excluded,
                                                LemmaOf&& lemma_of) {
  std::vector<TextToken> out;
  for (const Token& t : tokenize(text)) {
    if (t.kind != TokenKind::word || t.quoted || t.length < 2) continue;
    bool hidden =
        std::any_of(excluded.begin(), excluded.end(), [&](const TextSpan& s) { return s.contains(t.offset); });
    if (hidden) continue;
    TextToken tok;
    tok.text = t.text;
    tok.lower = lower_ascii(t.text);
    if (is_stopword(tok.lower)) continue;
    tok.lemma = lemma_of(tok.lower);
    tok.position = t.offset;
    tok.length = t.length;
    out.push_back(std::move(tok));
  }
  return out;
}

}  // namespace

std::vector<TextToken> candidate_tokens(const Lexicon& lex, std::string_view text,
                                        const std::vector<TextSpan>& excluded) {
  return collect_candidate_tokens(text, excluded, [&](const std::string& lower) { return token_lemma(lex, lower); });
}

std::vector<TextToken> candidate_tokens(TokenLemmas& lemmas, std::string_view text,
                                        const std::vector<TextSpan>& excluded) {
  return collect_candidate_tokens(text, excluded, lemmas);
}

bool ReferenceMatcher::matches(const LinkerComponent& component, const TextToken& token) {
  if (component.is_abbreviation) return abbreviation_matches(component.segment, token.lower);
  if (token.lemma == component.lemma || token.lower == component.segment) return true;
  // The key is built in a buffer kept between calls: most lookups hit, and a new string for each (longer than the
  // wasm build's 10-byte short-string buffer) cost an allocation there.
  key_buffer_.assign(component.lemma);
  key_buffer_ += '\t';
  key_buffer_ += token.lower;
  auto it = word_cache_.find(key_buffer_);
  if (it != word_cache_.end()) return it->second;
  auto sim = similarity_(component.lemma, token.lower);
  bool hit = sim && *sim >= kWuPalmerThreshold;
  word_cache_.emplace(key_buffer_, hit);
  return hit;
}

std::vector<TextToken> ReferenceMatcher::matching_tokens(const LinkerComponent& component,
                                                         const std::vector<TextToken>& tokens) {
  std::vector<TextToken> out;
  for (const auto& t : tokens)
    if (matches(component, t)) out.push_back(t);
  return out;
}

size_t ReferenceDetection::components_in_question() const {
  return static_cast<size_t>(std::count_if(components.begin(), components.end(),
                                           [](const ComponentReferences& c) { return !c.question.empty(); }));
}
size_t ReferenceDetection::components_in_evidence() const {
  return static_cast<size_t>(std::count_if(components.begin(), components.end(),
                                           [](const ComponentReferences& c) { return !c.evidence.empty(); }));
}
size_t ReferenceDetection::question_tokens() const {
  size_t n = 0;
  for (const auto& c : components) n += c.question.size();
  return n;
}
size_t ReferenceDetection::evidence_tokens() const {
  size_t n = 0;
  for (const auto& c : components) n += c.evidence.size();
  return n;
}

ReferenceDetection detect_references(ReferenceMatcher& matcher, const std::vector<LinkerComponent>& components,
                                     std::string_view question, std::string_view evidence, const Schema& schema) {
  const std::vector<TextToken> q = candidate_tokens(matcher.lemmas(), question);
  const std::vector<TextToken> e = candidate_tokens(matcher.lemmas(), evidence, evidence_exclusions(evidence, schema));
  ReferenceDetection out;
  for (const auto& c : components) {
    ComponentReferences refs;
    refs.component = c;
    refs.question = matcher.matching_tokens(c, q);
    refs.evidence = matcher.matching_tokens(c, e);
    out.components.push_back(std::move(refs));
  }
  return out;
}

}  // namespace chokepoint::tqa
