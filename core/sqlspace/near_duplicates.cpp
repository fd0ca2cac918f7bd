// token_set_ratio after rapidfuzz fuzz_py.py (token_set_ratio) and thefuzz utils.full_process; the Indel distance
// is the lexicon's longest common subsequence (|a| + |b| - 2 LCS).
#include "core/sqlspace/near_duplicates.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <set>
#include <string>

#include "core/lexicon/fuzzy_ratio.h"

namespace chokepoint::sqlspace {
namespace {

// thefuzz's full_process with force_ascii: characters U+0080..U+00FF are deleted (utils.ascii_only), then
// rapidfuzz's default_process turns every non-alphanumeric character into a space and lower-cases. Beyond U+00FF
// we count the punctuation and symbol blocks (U+2000..U+2BFF: ’, –, ≥) as separators and other characters as
// letters, which is what Unicode's alphanumeric test says for the text predicates hold.
std::set<std::string> processed_tokens(std::string_view s) {
  std::set<std::string> out;
  std::string token;
  auto flush = [&] {
    if (!token.empty()) out.insert(token);
    token.clear();
  };
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      if (std::isalnum(c))
        token += static_cast<char>(std::tolower(c));
      else
        flush();
      ++i;
      continue;
    }
    size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
    len = std::min(len, s.size() - i);
    uint32_t cp = len == 1 ? c : c & (0x7F >> len);
    for (size_t k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    if (cp >= 0x2000 && cp <= 0x2BFF)
      flush();
    else if (cp > 0xFF)
      token.append(s.substr(i, len));
    i += len;
  }
  flush();
  return out;
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

}  // namespace

double token_set_similarity(std::string_view a, std::string_view b) {
  const auto ta = processed_tokens(a), tb = processed_tokens(b);
  if (ta.empty() || tb.empty()) return 0.0;
  std::vector<std::string> sect, ab, ba;  // sets iterate sorted, as rapidfuzz sorts the differences
  std::set_intersection(ta.begin(), ta.end(), tb.begin(), tb.end(), std::back_inserter(sect));
  std::set_difference(ta.begin(), ta.end(), tb.begin(), tb.end(), std::back_inserter(ab));
  std::set_difference(tb.begin(), tb.end(), ta.begin(), ta.end(), std::back_inserter(ba));
  if (!sect.empty() && (ab.empty() || ba.empty())) return 100.0;
  const std::string ab_text = joined(ab), ba_text = joined(ba);
  const double ab_len = static_cast<double>(ab_text.size()), ba_len = static_cast<double>(ba_text.size());
  const double sect_len = static_cast<double>(joined(sect).size());
  const double sep = sect_len > 0 ? 1.0 : 0.0;
  const double sect_ab_len = sect_len + sep + ab_len, sect_ba_len = sect_len + sep + ba_len;
  // "sect ab" against "sect ba": the shared prefix leaves the Indel distance of the differences.
  const double dist = ab_len + ba_len - 2.0 * static_cast<double>(longest_common_subsequence(ab_text, ba_text));
  double best = 100.0 - 100.0 * dist / (sect_ab_len + sect_ba_len);
  if (sect_len == 0) return best;
  // "sect" against "sect ab" (and "sect ba"): only the appended difference differs.
  best = std::max(best, 100.0 - 100.0 * (sep + ab_len) / (sect_len + sect_ab_len));
  best = std::max(best, 100.0 - 100.0 * (sep + ba_len) / (sect_len + sect_ba_len));
  return best;
}

int token_set_ratio(std::string_view a, std::string_view b) {
  return static_cast<int>(std::nearbyint(token_set_similarity(a, b)));  // round half to even, as Python's round()
}

std::vector<NearDuplicate> near_duplicates(const FeatureCatalogue& catalogue, std::string_view predicate,
                                           int threshold) {
  std::vector<NearDuplicate> out;
  for (const Feature& f : catalogue.features()) {
    const int score = token_set_ratio(predicate, f.predicate);
    if (score >= threshold) out.push_back({f.id, score});
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const NearDuplicate& x, const NearDuplicate& y) { return x.score > y.score; });
  return out;
}

std::vector<NearDuplicatePair> near_duplicate_pairs(const FeatureCatalogue& catalogue, bool same_aspect,
                                                    int threshold) {
  std::vector<NearDuplicatePair> out;
  const auto& fs = catalogue.features();
  for (size_t i = 0; i < fs.size(); ++i)
    for (size_t j = i + 1; j < fs.size(); ++j) {
      if (same_aspect && fs[i].aspect != fs[j].aspect) continue;
      const int score = token_set_ratio(fs[i].predicate, fs[j].predicate);
      if (score >= threshold) out.push_back({fs[i].id, fs[j].id, score});
    }
  return out;
}

}  // namespace chokepoint::sqlspace
