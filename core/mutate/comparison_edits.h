// Edits of comparison operators shared by the WHERE and HAVING operators. Names match behaviour (decisions.md §7):
// a stricter bound keeps fewer rows ("<=" -> "<"), a looser one keeps more ("<" -> "<="). The reference
// implementation has where_strengthen/where_weaken the other way round (notes §5); Table IX's names are kept here
// with the behaviour they name.
#pragma once
#include <string>
#include <vector>

#include "core/mutate/mutant.h"
#include "core/sql/ast.h"

namespace chokepoint::mutate {

// "=" <-> "!=" (also "==" -> "!=", "<>" -> "="), ">" <-> "<", ">=" <-> "<="; "" for anything else.
std::string flipped_comparison(const std::string& op);
// ">=" -> ">", "<=" -> "<"; "" otherwise.
std::string stricter_comparison(const std::string& op);
// ">" -> ">=", "<" -> "<="; "" otherwise.
std::string looser_comparison(const std::string& op);

using ComparisonRewrite = std::string (*)(const std::string& op);

// One mutant per comparison in `clause` of each outer SELECT (outside subqueries) that `rewrite` maps to another
// operator, in pre-order; descriptions read `WHERE: "a > 1" -> "a < 1"`.
std::vector<Mutant> rewrite_comparisons(const char* op, const sql::Node& query, sql::Slot clause,
                                        ComparisonRewrite rewrite);

// One mutant per outer SELECT that has `clause`, with the clause removed.
std::vector<Mutant> remove_clause(const char* op, const sql::Node& query, sql::Slot clause);

// "WHERE" / "HAVING", for descriptions.
const char* clause_name(sql::Slot clause);

}  // namespace chokepoint::mutate
