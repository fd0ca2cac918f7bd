// Reference detection (thesis §4.2, Algorithm 2 lines 17-30): which question and evidence tokens refer to a
// component of the linker table. Text is tokenised with offsets and lemmatised (WordNet morphy); stopwords,
// one-letter tokens and numbers never match, nor do the evidence's values and attributes (evidence_exclusions.h).
// An abbreviation component matches a token when the vowel-stripped partial ratio is 100 ("img" vs "image"); a word
// component matches when the lemmas are equal or the best Wu–Palmer similarity of their senses is >= 0.95.
#pragma once
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/lexicon/lexicon.h"
#include "core/lexicon/wu_palmer.h"
#include "core/schema/schema.h"
#include "core/tqa/evidence_exclusions.h"
#include "core/tqa/linker_table.h"
#include "core/tqa/token_lemmas.h"

namespace chokepoint::tqa {

constexpr double kWuPalmerThreshold = 0.95;  // thesis §4.2 (the reference code's default 0.85 is overridden)

// A word of the text that may be matched: its spelling, position and lemma.
struct TextToken {
  std::string text;     // as written
  std::string lower;    // lower-cased
  std::string lemma;    // morphy base form (noun first, then verb, adjective, adverb), else `lower`
  size_t position = 0;  // byte offset in the original text (the thesis' "position")
  size_t length = 0;
};

// Word tokens of `text` that can be references: not quoted, not in `excluded`, not stopwords, 2+ characters.
std::vector<TextToken> candidate_tokens(const Lexicon& lex, std::string_view text,
                                        const std::vector<TextSpan>& excluded = {});
// The same tokens, with the lemmas a job has already read taken from `lemmas`.
std::vector<TextToken> candidate_tokens(TokenLemmas& lemmas, std::string_view text,
                                        const std::vector<TextSpan>& excluded = {});

// The matching rule with a cache of word-pair similarities (Wu–Palmer over all sense pairs is the expensive part,
// and the same pairs recur across a benchmark). Not thread-safe; one per job.
class ReferenceMatcher {
 public:
  explicit ReferenceMatcher(const Lexicon& lex) : lex_(lex), similarity_(lex), lemmas_(lex) {}
  bool matches(const LinkerComponent& component, const TextToken& token);
  std::vector<TextToken> matching_tokens(const LinkerComponent& component, const std::vector<TextToken>& tokens);
  const Lexicon& lexicon() const { return lex_; }
  TokenLemmas& lemmas() { return lemmas_; }  // the job's lemmas, for candidate_tokens

 private:
  const Lexicon& lex_;
  std::map<std::string, bool> word_cache_;  // "lemma\ttoken" -> Wu–Palmer >= threshold
  std::string key_buffer_;                  // the key of the last lookup
  WordSimilarity similarity_;               // each word's synsets and their hypernyms, kept for new pairs
  TokenLemmas lemmas_;                      // each word's lemma, kept
};

struct ComponentReferences {
  LinkerComponent component;
  std::vector<TextToken> question;  // matched tokens, in text order
  std::vector<TextToken> evidence;
};

struct ReferenceDetection {
  std::vector<ComponentReferences> components;  // one per linker component, in name order
  size_t components_in_question() const;        // components with at least one question match
  size_t components_in_evidence() const;
  size_t question_tokens() const;  // matched tokens summed over components
  size_t evidence_tokens() const;
};

// Lines 17-30 for one item. `schema` drives the evidence exclusions.
ReferenceDetection detect_references(ReferenceMatcher& matcher, const std::vector<LinkerComponent>& components,
                                     std::string_view question, std::string_view evidence, const Schema& schema);

}  // namespace chokepoint::tqa
