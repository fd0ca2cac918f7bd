// The LIMIT family of SQLMorph Table IX, on the outer LIMIT (of the root SELECT or compound) when it is a plain
// integer. Deterministic where the reference implementation drew a random number (n -> 2n + randint(1, 5)).
#pragma once
#include <vector>

#include "core/mutate/mutant.h"

namespace chokepoint::mutate {

// limit_increase: LIMIT n -> LIMIT 2n (LIMIT 0 -> LIMIT 1).
std::vector<Mutant> limit_increase(const sql::Node& query);
// limit_decrease: LIMIT n -> LIMIT max(1, n / 2); nothing when n <= 1 (the edit would not change the query).
std::vector<Mutant> limit_decrease(const sql::Node& query);

}  // namespace chokepoint::mutate
