// Row comparisons under a numeric tolerance (EvaluationOptions::abs_tolerance, rel_tolerance): the set, bag and
// list equalities EX uses, with tolerant_equal in place of Python's `==`. Only EX calls these, and only when a
// tolerance is set; the exact path keeps its hash sets (execution_accuracy.cpp).
//
// Why no hashing: "within tolerance" is not transitive (0 ~ 1 ~ 2 with abs 1, but 0 !~ 2), so no hash or rounding
// grid can put every pair of equal numbers into one bucket, and a bag cannot be counted down greedily (gold {0, 1}
// against {1, 2}: taking the exact pair 1-1 first strands 0 and 2, while 0-1, 1-2 matches). So:
//  - rows are grouped by their exact part (types and every non-numeric cell, hashed): tolerant rows must agree there;
//  - inside a group, rows are sorted by one numeric column and a row's partners are looked up in the window that
//    the tolerance allows around its value (a prefilter; every candidate is then checked with rows_tolerant_equal);
//  - a bag is a perfect bipartite matching (greedy, then augmenting paths: exact whatever the greedy chose), a set
//    is "every row of each side has a partner on the other", a list is position by position.
#pragma once
#include <vector>

#include "core/base/deadline.h"
#include "core/db/value.h"
#include "core/metrics/value_equality.h"

namespace chokepoint {

// Same length and rows pairwise tolerant-equal.
bool tolerant_list_match(const std::vector<Row>& gold, const std::vector<Row>& pred, const NumericTolerance& tolerance);
// A one-to-one pairing of gold and pred rows, each pair tolerant-equal (bags: same sizes). False once `deadline`
// passes (the caller reports the item as a timeout).
bool tolerant_bag_match(const std::vector<Row>& gold, const std::vector<Row>& pred, const NumericTolerance& tolerance,
                        const Deadline& deadline = Deadline::never());
// Each row of either side is tolerant-equal to some row of the other (BIRD's set equality; duplicates ignored).
bool tolerant_set_match(const std::vector<Row>& gold, const std::vector<Row>& pred, const NumericTolerance& tolerance,
                        const Deadline& deadline = Deadline::never());

}  // namespace chokepoint
