// Stage B of JQE (thesis Algorithm 1 lines 23–31, SQLMorph Alg. 1 line 11): the non-empty subsets of a candidate's
// join conditions, enumerated lazily in preference order. The power set is never built: the enumerator sorts
// (candidate, size) units by the preference keys and walks each unit's k-subsets in lexicographic order, so memory
// is O(candidates × conditions) however many combinations there are (BIRD's Match–Player edge alone has 22 labels).
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/jqe/preferences.h"

namespace chokepoint::jqe {

// What the enumerator needs to know about a candidate table.
struct CandidateSpec {
  std::string name;                  // table name, the tie-break after the preference keys
  double centrality = 0;             // in the schema graph (preferences.h)
  std::vector<int> condition_nodes;  // for each condition, the query instance (JQG node) it joins
};

// One join-condition combination: a candidate and a non-empty set of its conditions (ascending indices).
struct Combination {
  int candidate = -1;
  std::vector<int> conditions;
};

// Yields every combination admitted by prefs.max_conditions_per_pair exactly once, in the order: preference keys
// (complexity = number of conditions, centrality), then candidate name (case-insensitive), then — when complexity is
// not a key — size ascending, then the conditions' indices lexicographically.
class CombinationEnumerator {
 public:
  CombinationEnumerator(std::vector<CandidateSpec> candidates, const Preferences& prefs);
  // False when exhausted.
  bool next(Combination& out);
  uint64_t yielded() const { return yielded_; }

 private:
  struct Unit {
    int candidate;
    int size;
  };
  // Moves current_ to the next admissible k-subset of the current unit; false at the end (current_ then empty).
  bool advance();
  // Fills current_[from..) with the smallest indices > after that keep every node within the cap; false (current_
  // cut back to `from`, counts restored) when too few remain.
  bool greedy_fill(size_t from, int after, std::map<int, int>& counts);

  std::vector<CandidateSpec> candidates_;
  int max_per_pair_;
  std::vector<Unit> units_;
  size_t unit_ = 0;
  std::vector<int> current_;  // indices of the current subset; empty before the unit starts
  uint64_t yielded_ = 0;
};

// Number of combinations a candidate admits under the per-pair cap (0 = unlimited); saturates at UINT64_MAX.
uint64_t combination_count(const CandidateSpec& candidate, int max_per_pair);

}  // namespace chokepoint::jqe
