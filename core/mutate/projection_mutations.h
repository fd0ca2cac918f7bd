// The projection family of SQLMorph Table IX (SELECT list and DISTINCT), on the outer query only.
#pragma once
#include <vector>

#include "core/mutate/mutant.h"

namespace chokepoint::mutate {

// projection_drop: one mutant per result column, removed, when the SELECT has more than one.
std::vector<Mutant> projection_drop(const sql::Node& query);
// add_star_wildcard: when the SELECT list has no "*" or "t.*", append "q.*" where q is the alias (or else the name)
// of the first table or aliased subquery of the FROM clause, or a bare "*" when there is none.
std::vector<Mutant> add_star_wildcard(const sql::Node& query);
// distinct_toggle: DISTINCT removed where present, added where absent (a true toggle, as the name says; Table IX
// describes only the removal, and the report counts both directions under this one name).
std::vector<Mutant> distinct_toggle(const sql::Node& query);

}  // namespace chokepoint::mutate
