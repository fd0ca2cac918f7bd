// Fuzzy string ratios on the Indel distance (insertions and deletions only), as rapidfuzz and fuzzywuzzy (with
// python-Levenshtein) compute them, plus the vowel stripping TQA uses to match abbreviations ("img" vs "image":
// "mg" is inside "mg", so the partial ratio is 100). Bytes are compared as they are (ASCII identifiers and tokens).
#pragma once
#include <string>
#include <string_view>

namespace chokepoint {

// Length of the longest common subsequence.
size_t longest_common_subsequence(std::string_view a, std::string_view b);

// 100 * (1 - indel / (|a| + |b|)) = 100 * 2 * LCS / (|a| + |b|); 0 when either is empty (fuzzywuzzy's convention).
double ratio(std::string_view a, std::string_view b);

// rapidfuzz's partial_ratio: the best ratio between the shorter string and any window of the longer of the same
// length, including windows cut by either end; 100 exactly when the shorter is a substring of the longer.
double partial_ratio(std::string_view a, std::string_view b);

// Lower-cases and removes a, e, i, o, u.
std::string strip_vowels(std::string_view text);

// Thesis §4.2: an abbreviation matches a token when the vowel-stripped partial ratio is 100. Both stripped forms must
// keep at least 2 characters (the reference implementation's guard), so "a" or "io" match nothing.
bool abbreviation_matches(std::string_view abbreviation, std::string_view token);

}  // namespace chokepoint
