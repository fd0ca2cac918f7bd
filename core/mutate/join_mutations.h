// The join family of SQLMorph Table IX, on the joins of the outer FROM clause only (the reference implementation's
// join_break reached joins anywhere in the tree; notes §7.1-9).
#pragma once
#include <vector>

#include "core/mutate/mutant.h"

namespace chokepoint::mutate {

// join_break: one mutant per join with ON or USING, the condition removed (a cartesian product).
std::vector<Mutant> join_break(const sql::Node& query);
// join_type_to_left: one mutant per join that is not already a LEFT join (plain, INNER, CROSS, comma, RIGHT, FULL),
// turned into LEFT JOIN (NATURAL joins into NATURAL LEFT JOIN).
std::vector<Mutant> join_type_to_left(const sql::Node& query);

}  // namespace chokepoint::mutate
