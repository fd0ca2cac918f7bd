// The 15 single-error mutation operators of SQLMorph Table IX, in the row order of Table X (the report's layout).
#pragma once
#include <string>
#include <vector>

#include "core/mutate/mutant.h"

namespace chokepoint::mutate {

struct OperatorInfo {
  const char* name;     // Table IX name
  const char* summary;  // what the operator does, as implemented (names match behaviour)
  MutationOperator apply;
};

const std::vector<OperatorInfo>& mutation_operators();
// The operator called `name`, or nullptr.
const OperatorInfo* find_operator(const std::string& name);

}  // namespace chokepoint::mutate
