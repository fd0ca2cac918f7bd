// Indel ratios. partial_ratio follows rapidfuzz (fuzz_py.py partial_ratio_short_needle): windows of the longer
// string of the shorter's length, plus its prefixes and suffixes shorter than that; equal lengths try both orders.
#include "core/lexicon/fuzzy_ratio.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace chokepoint {

size_t longest_common_subsequence(std::string_view a, std::string_view b) {
  if (a.size() < b.size()) std::swap(a, b);
  std::vector<size_t> row(b.size() + 1, 0);
  for (char ca : a) {
    size_t diagonal = 0;  // row[j-1] of the previous line
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t above = row[j];
      row[j] = ca == b[j - 1] ? diagonal + 1 : std::max(row[j], row[j - 1]);
      diagonal = above;
    }
  }
  return row[b.size()];
}

double ratio(std::string_view a, std::string_view b) {
  if (a.empty() || b.empty()) return 0.0;
  return 100.0 * 2.0 * static_cast<double>(longest_common_subsequence(a, b)) / static_cast<double>(a.size() + b.size());
}

namespace {

double partial_one_way(std::string_view shorter, std::string_view longer) {
  const size_t n = shorter.size(), m = longer.size();
  if (longer.find(shorter) != std::string_view::npos) return 100.0;
  double best = 0.0;
  for (size_t i = 1; i < n && i <= m; ++i) best = std::max(best, ratio(shorter, longer.substr(0, i)));
  for (size_t i = 0; i + n <= m; ++i) best = std::max(best, ratio(shorter, longer.substr(i, n)));
  for (size_t i = m > n ? m - n + 1 : 1; i < m; ++i) best = std::max(best, ratio(shorter, longer.substr(i)));
  return best;
}

}  // namespace

double partial_ratio(std::string_view a, std::string_view b) {
  if (a.empty() || b.empty()) return 0.0;
  if (a.size() > b.size()) std::swap(a, b);
  double best = partial_one_way(a, b);
  if (a.size() == b.size() && best < 100.0) best = std::max(best, partial_one_way(b, a));
  return best;
}

std::string strip_vowels(std::string_view text) {
  std::string out;
  for (char c : text) {
    char l = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (l != 'a' && l != 'e' && l != 'i' && l != 'o' && l != 'u') out.push_back(l);
  }
  return out;
}

bool abbreviation_matches(std::string_view abbreviation, std::string_view token) {
  std::string a = strip_vowels(abbreviation), t = strip_vowels(token);
  if (a.size() < 2 || t.size() < 2) return false;
  return partial_ratio(a, t) == 100.0;
}

}  // namespace chokepoint
