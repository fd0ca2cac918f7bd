// The operator table: one line per operator of SQLMorph Table IX.
#include "core/mutate/operator_registry.h"

#include "core/mutate/aggregation_mutations.h"
#include "core/mutate/having_mutations.h"
#include "core/mutate/join_mutations.h"
#include "core/mutate/limit_mutations.h"
#include "core/mutate/projection_mutations.h"
#include "core/mutate/where_mutations.h"

namespace chokepoint::mutate {

const std::vector<OperatorInfo>& mutation_operators() {
  static const std::vector<OperatorInfo> kOperators = {
      {"projection_drop", "remove one result column (when more than one)", projection_drop},
      {"add_star_wildcard", "append alias.* (or table.*, or *) when the SELECT has no star", add_star_wildcard},
      {"distinct_toggle", "remove DISTINCT where present, add it where absent", distinct_toggle},
      {"where_predicate_delete", "remove one predicate of an AND/OR condition", where_predicate_delete},
      {"where_condition_flip", "flip a comparison: = <-> !=, > <-> <, >= <-> <=", where_condition_flip},
      {"where_remove", "remove the WHERE clause", where_remove},
      {"where_strengthen", "make a bound stricter: >= -> >, <= -> <", where_strengthen},
      {"where_weaken", "make a bound looser: > -> >=, < -> <=", where_weaken},
      {"having_condition_flip", "flip a comparison in HAVING", having_condition_flip},
      {"having_remove", "remove the HAVING clause", having_remove},
      {"join_break", "remove a join's ON/USING condition (cartesian product)", join_break},
      {"join_type_to_left", "turn a non-LEFT join into a LEFT JOIN", join_type_to_left},
      {"limit_increase", "double an integer LIMIT", limit_increase},
      {"limit_decrease", "halve an integer LIMIT (at least 1)", limit_decrease},
      {"aggregation_swap", "swap an aggregate: SUM <-> AVG, MIN <-> MAX, COUNT(x) -> SUM(x)", aggregation_swap},
  };
  return kOperators;
}

const OperatorInfo* find_operator(const std::string& name) {
  for (const auto& op : mutation_operators())
    if (name == op.name) return &op;
  return nullptr;
}

}  // namespace chokepoint::mutate
