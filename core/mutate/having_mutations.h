// The HAVING family of SQLMorph Table IX, on the outer query only.
#pragma once
#include <vector>

#include "core/mutate/mutant.h"

namespace chokepoint::mutate {

// having_condition_flip: one mutant per comparison in HAVING: "=" <-> "!=", ">" <-> "<", ">=" <-> "<=".
std::vector<Mutant> having_condition_flip(const sql::Node& query);
// having_remove: the HAVING clause dropped (GROUP BY stays).
std::vector<Mutant> having_remove(const sql::Node& query);

}  // namespace chokepoint::mutate
