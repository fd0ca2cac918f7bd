// The WHERE family of SQLMorph Table IX, on the outer query only.
#pragma once
#include <vector>

#include "core/mutate/mutant.h"

namespace chokepoint::mutate {

// where_predicate_delete: one mutant per leaf predicate of an AND/OR condition (through parentheses): the leaf's
// AND/OR node is replaced by the other operand, so the rest of the condition keeps its connectives (the reference
// implementation rebuilt everything with AND, turning ORs into ANDs). Needs at least two predicates.
std::vector<Mutant> where_predicate_delete(const sql::Node& query);
// where_condition_flip: one mutant per comparison: "=" <-> "!=", ">" <-> "<", ">=" <-> "<=".
std::vector<Mutant> where_condition_flip(const sql::Node& query);
// where_strengthen: one mutant per bound made stricter: ">=" -> ">", "<=" -> "<" (fewer rows).
std::vector<Mutant> where_strengthen(const sql::Node& query);
// where_weaken: one mutant per bound made looser: ">" -> ">=", "<" -> "<=" (more rows).
std::vector<Mutant> where_weaken(const sql::Node& query);
// where_remove: the WHERE clause dropped.
std::vector<Mutant> where_remove(const sql::Node& query);

}  // namespace chokepoint::mutate
