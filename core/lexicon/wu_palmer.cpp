// Wu–Palmer after NLTK (nltk/corpus/reader/wordnet.py: wup_similarity, lowest_common_hypernyms,
// shortest_path_distance, _shortest_hypernym_paths). The fake root is an id outside the synset range; its name
// "*ROOT*" sorts before every real synset name, which is what makes NLTK prefer it among depth-0 ties.
#include "core/lexicon/wu_palmer.h"

#include <algorithm>
#include <limits>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/lexicon/morphy.h"

namespace chokepoint {
namespace {

constexpr uint32_t kFakeRoot = std::numeric_limits<uint32_t>::max();

bool needs_root(const Lexicon& lex, SynsetId s) { return lex.pos(s) != PartOfSpeech::noun; }

// NLTK's _shortest_hypernym_paths without the fake root: breadth-first distance to every ancestor (self at 0).
// A flat vector: hypernym closures are a few dozen synsets, so linear scans beat hashing.
struct Ancestors {
  std::vector<std::pair<uint32_t, int>> dist;
  int farthest = 0;  // the fake root sits one past this when simulated
  int find(uint32_t s) const {
    for (const auto& [node, d] : dist)
      if (node == s) return d;
    return -1;
  }
};

// The queue is a vector read from a moving head: a std::deque allocates a 4 KB block for the few dozen entries, which
// in the wasm build cost more than the walk.
Ancestors ancestors_of(const Lexicon& lex, uint32_t s) {
  Ancestors out;
  out.dist.reserve(32);
  std::vector<std::pair<uint32_t, int>> queue{{s, 0}};
  queue.reserve(64);
  for (size_t head = 0; head < queue.size(); ++head) {
    const auto [node, d] = queue[head];
    if (out.find(node) >= 0) continue;
    out.dist.push_back({node, d});
    out.farthest = std::max(out.farthest, d);
    for (uint32_t h : lex.hypernyms(node)) queue.push_back({h, d + 1});
    for (uint32_t h : lex.instance_hypernyms(node)) queue.push_back({h, d + 1});
  }
  return out;
}

// shortest_path_distance between two synsets given their ancestor maps.
std::optional<int> distance(const Ancestors& a, const Ancestors& b, bool simulate_root) {
  std::optional<int> best;
  for (const auto& [node, d1] : a.dist) {
    int d2 = b.find(node);
    if (d2 >= 0 && (!best || d1 + d2 < *best)) best = d1 + d2;
  }
  if (simulate_root) {
    int via_root = a.farthest + 1 + b.farthest + 1;
    if (!best || via_root < *best) best = via_root;
  }
  return best;
}

std::optional<double> wup(const Lexicon& lex, SynsetId a, const Ancestors& aa, SynsetId b, const Ancestors& ab,
                          bool simulate_root) {
  const bool simulate = simulate_root && (needs_root(lex, a) || needs_root(lex, b));
  // lowest_common_hypernyms(use_min_depth=True): common ancestors-or-self of greatest min depth, plus the fake root
  // (min depth 0) when simulated.
  int deepest = simulate ? 0 : -1;
  std::vector<uint32_t> lowest;
  if (simulate) lowest.push_back(kFakeRoot);
  for (const auto& entry : aa.dist) {
    if (ab.find(entry.first) < 0) continue;
    int d = lex.min_depth(entry.first);
    if (d > deepest) {
      deepest = d;
      lowest.clear();
    }
    if (d == deepest) lowest.push_back(entry.first);
  }
  if (lowest.empty()) return std::nullopt;
  uint32_t subsumer;
  if (std::find(lowest.begin(), lowest.end(), a) != lowest.end()) {
    subsumer = a;
  } else if (lowest.size() == 1) {
    subsumer = lowest.front();
  } else {
    // sorted(...)[0]: by name; "*ROOT*" sorts before every real name.
    auto name_of = [&](uint32_t s) { return s == kFakeRoot ? std::string("*ROOT*") : lex.name(s); };
    subsumer = *std::min_element(lowest.begin(), lowest.end(),
                                 [&](uint32_t x, uint32_t y) { return name_of(x) < name_of(y); });
  }
  int depth, len1, len2;
  if (subsumer == kFakeRoot) {
    depth = 1;
    len1 = aa.farthest + 1;  // the only ancestor shared with {*ROOT*: 0}
    len2 = ab.farthest + 1;
  } else {
    depth = lex.max_depth(subsumer) + 1;
    Ancestors as = ancestors_of(lex, subsumer);
    auto d1 = a == subsumer ? std::optional<int>(0) : distance(aa, as, simulate);
    auto d2 = b == subsumer ? std::optional<int>(0) : distance(ab, as, simulate);
    if (!d1 || !d2) return std::nullopt;
    len1 = *d1;
    len2 = *d2;
  }
  return 2.0 * depth / (len1 + depth + len2 + depth);
}

}  // namespace

std::optional<int> shortest_path_distance(const Lexicon& lex, SynsetId a, SynsetId b, bool simulate_root) {
  if (a == b) return 0;
  return distance(ancestors_of(lex, a), ancestors_of(lex, b), simulate_root);
}

std::optional<double> wup_similarity(const Lexicon& lex, SynsetId a, SynsetId b, bool simulate_root) {
  return wup(lex, a, ancestors_of(lex, a), b, ancestors_of(lex, b), simulate_root);
}

namespace {

// The best wup_similarity over every pair of the two words' synsets (simulated root), given their ancestors.
std::optional<double> best_pair(const Lexicon& lex, const std::vector<SynsetId>& s1,
                                const std::vector<const Ancestors*>& a1, const std::vector<SynsetId>& s2,
                                const std::vector<const Ancestors*>& a2) {
  std::optional<double> best;
  for (size_t i = 0; i < s1.size(); ++i)
    for (size_t j = 0; j < s2.size(); ++j) {
      auto w = wup(lex, s1[i], *a1[i], s2[j], *a2[j], true);
      if (w && (!best || *w > *best)) best = w;
    }
  return best;
}

}  // namespace

std::optional<double> word_similarity(const Lexicon& lex, std::string_view word1, std::string_view word2,
                                      std::optional<PartOfSpeech> pos) {
  auto s1 = synsets_of(lex, word1, pos);
  auto s2 = synsets_of(lex, word2, pos);
  std::vector<Ancestors> ancestors;
  ancestors.reserve(s1.size() + s2.size());
  for (SynsetId s : s1) ancestors.push_back(ancestors_of(lex, s));
  for (SynsetId s : s2) ancestors.push_back(ancestors_of(lex, s));
  std::vector<const Ancestors*> a1, a2;
  for (size_t i = 0; i < s1.size(); ++i) a1.push_back(&ancestors[i]);
  for (size_t j = 0; j < s2.size(); ++j) a2.push_back(&ancestors[s1.size() + j]);
  return best_pair(lex, s1, a1, s2, a2);
}

struct WordSimilarity::Caches {
  std::map<std::string, std::vector<SynsetId>, std::less<>> synsets;  // word -> synsets_of(word), any part of speech
  std::unordered_map<SynsetId, Ancestors> ancestors;                  // node-based: references stay valid
};

WordSimilarity::WordSimilarity(const Lexicon& lex) : lex_(&lex), caches_(std::make_unique<Caches>()) {}
WordSimilarity::~WordSimilarity() = default;
WordSimilarity::WordSimilarity(WordSimilarity&&) noexcept = default;

std::optional<double> WordSimilarity::operator()(std::string_view word1, std::string_view word2) {
  auto synsets = [&](std::string_view word) -> const std::vector<SynsetId>& {
    auto it = caches_->synsets.find(word);
    if (it == caches_->synsets.end()) it = caches_->synsets.emplace(std::string(word), synsets_of(*lex_, word)).first;
    return it->second;
  };
  auto ancestors = [&](const std::vector<SynsetId>& ids) {
    std::vector<const Ancestors*> out;
    out.reserve(ids.size());
    for (SynsetId s : ids) {
      auto it = caches_->ancestors.find(s);
      if (it == caches_->ancestors.end()) it = caches_->ancestors.emplace(s, ancestors_of(*lex_, s)).first;
      out.push_back(&it->second);
    }
    return out;
  };
  const auto& s1 = synsets(word1);
  const auto& s2 = synsets(word2);
  return best_pair(*lex_, s1, ancestors(s1), s2, ancestors(s2));
}

}  // namespace chokepoint
