// A mutant: the gold query with exactly one edit made by one operator of SQLMorph Table IX, plus a sentence saying
// which node changed from what to what. Every operator is a pure function from the gold tree to its candidate
// mutants, one per possible edit site, in pre-order of the sites (deterministic, no randomness).
#pragma once
#include <string>
#include <vector>

#include "core/sql/ast.h"

namespace chokepoint::mutate {

struct Mutant {
  std::string op;           // operator name, e.g. "where_strengthen"
  std::string description;  // the edit, e.g. `WHERE: "age >= 20" -> "age > 20"`
  sql::NodePtr tree;        // the whole mutated query
};

// An operator: all its single-edit candidates on `query` (a Select or Compound root). Candidates may still fail to
// prepare; mutant_generation.h filters them.
using MutationOperator = std::vector<Mutant> (*)(const sql::Node& query);

}  // namespace chokepoint::mutate
