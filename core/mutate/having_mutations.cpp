// HAVING operators: comparison flips and clause removal.
#include "core/mutate/having_mutations.h"

#include "core/mutate/comparison_edits.h"

namespace chokepoint::mutate {

std::vector<Mutant> having_condition_flip(const sql::Node& query) {
  return rewrite_comparisons("having_condition_flip", query, sql::Slot::Having, flipped_comparison);
}

std::vector<Mutant> having_remove(const sql::Node& query) {
  return remove_clause("having_remove", query, sql::Slot::Having);
}

}  // namespace chokepoint::mutate
