// Near-duplicate predicates (003 §2.3, footnote 4): thefuzz's token_set_ratio, threshold 70. A user proposing a
// predicate sees which catalogue predicates it repeats ("contains a JOIN" vs "uses a JOIN" scores 71). The paper's
// 187 are not free of such pairs (129 within-aspect pairs score >= 70: notes §2.3), so this flags, never removes.
#pragma once
#include <string_view>
#include <vector>

#include "core/sqlspace/feature_catalogue.h"

namespace chokepoint::sqlspace {

constexpr int kNearDuplicateThreshold = 70;  // 003 footnote 4 (85 in ablation B.2)

// thefuzz.fuzz.token_set_ratio with its defaults (force_ascii, full_process), as thefuzz 0.20 computes it through
// rapidfuzz: Latin-1 characters dropped, lower case, every non-alphanumeric character a space; then the token sets'
// intersection and both differences, sorted and joined, compared by the Indel ratio in rapidfuzz's three ways;
// 100 when one set contains the other. Unrounded 0..100.
double token_set_similarity(std::string_view a, std::string_view b);
// thefuzz's integer score: the similarity rounded half to even, as Python's round().
int token_set_ratio(std::string_view a, std::string_view b);

struct NearDuplicate {
  int id = 0;     // the catalogue feature it resembles
  int score = 0;  // token_set_ratio
};

// Catalogue predicates scoring >= threshold against `predicate`, highest score first, then by id.
std::vector<NearDuplicate> near_duplicates(const FeatureCatalogue& catalogue, std::string_view predicate,
                                           int threshold = kNearDuplicateThreshold);

struct NearDuplicatePair {
  int first = 0, second = 0;  // ids, first < second
  int score = 0;
};
// Every pair of the catalogue scoring >= threshold, in id order; `same_aspect` keeps pairs within one aspect.
std::vector<NearDuplicatePair> near_duplicate_pairs(const FeatureCatalogue& catalogue, bool same_aspect,
                                                    int threshold = kNearDuplicateThreshold);

}  // namespace chokepoint::sqlspace
