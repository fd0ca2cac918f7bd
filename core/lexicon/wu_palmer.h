// Wu–Palmer similarity computed exactly as NLTK's Synset.wup_similarity with its defaults (simulate_root=True):
// the subsumer is the common hypernym of greatest *min* depth (NLTK keeps use_min_depth=True for NLTK2
// compatibility), ties go to the synset itself if it is among them, else the smallest name ("*ROOT*" first);
// depth = max_depth(subsumer) + 1; each side adds its shortest path distance to the subsumer. Non-noun pairs get
// NLTK's fake "*ROOT*" above all taxonomies (verbs have many roots), so e.g. hit.v.01 vs slap.v.01 = 0.25.
#pragma once
#include <memory>
#include <optional>
#include <string_view>

#include "core/lexicon/lexicon.h"

namespace chokepoint {

// nullopt where NLTK returns None (no common subsumer, e.g. simulate_root=false across verb taxonomies).
std::optional<double> wup_similarity(const Lexicon& lex, SynsetId a, SynsetId b, bool simulate_root = true);

// NLTK's shortest_path_distance(a, b, simulate_root): the fewest hypernym edges from both to a common ancestor.
std::optional<int> shortest_path_distance(const Lexicon& lex, SynsetId a, SynsetId b, bool simulate_root);

// Word-level similarity used by linker-table matching: the maximum wup_similarity over all pairs of synsets of the
// two words (wn.synsets, i.e. after morphy), restricted to one part of speech when given; nullopt if no pair scores.
std::optional<double> word_similarity(const Lexicon& lex, std::string_view word1, std::string_view word2,
                                      std::optional<PartOfSpeech> pos = std::nullopt);

// word_similarity over any part of speech, keeping each word's synsets and each synset's hypernym distances between
// calls: a job compares a few hundred words pairwise, and finding those again was most of a new pair's cost. The same
// values as word_similarity. Not thread-safe; one per job.
class WordSimilarity {
 public:
  explicit WordSimilarity(const Lexicon& lex);
  ~WordSimilarity();
  WordSimilarity(WordSimilarity&&) noexcept;
  std::optional<double> operator()(std::string_view word1, std::string_view word2);

 private:
  struct Caches;
  const Lexicon* lex_;
  std::unique_ptr<Caches> caches_;
};

}  // namespace chokepoint
