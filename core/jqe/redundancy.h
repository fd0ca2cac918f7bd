// Stage B' of JQE (thesis §3.2.3; SQLMorph §IV-D; decisions.md §5.3): a combination is redundant when one of its
// conditions is implied by transitivity. Real equality reasoning, not the reference implementation's cycle
// heuristic: columns (per query instance) form equivalence classes under the query's equi-joins plus the other
// conditions of the combination (union–find); a condition is redundant when every column pair it equates is already
// in one class. So A.id = B.a_id and B.c_id = C.id do not make A.id = C.id redundant (different classes), while
// atom.molecule_id = molecule.molecule_id and bond.molecule_id = molecule.molecule_id do imply
// bond.molecule_id = atom.molecule_id. A composite condition is redundant only if all its parts are implied.
#pragma once
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/jqe/join_conditions.h"
#include "core/sql/join_query_graph.h"

namespace chokepoint::jqe {

class RedundancyChecker {
 public:
  // Base classes from every equi-join of the query's graph (ON, USING, NATURAL and WHERE).
  explicit RedundancyChecker(const sql::JoinQueryGraph& jqg);

  // Position (in `combination`) of the first condition implied by the query plus the combination's other
  // conditions, or -1 if none is. `conditions` are the candidate's; the candidate is a new node of the graph.
  int redundant_condition(const std::vector<CandidateCondition>& conditions, const std::vector<int>& combination);

 private:
  int key(int node, const std::string& column);

  int candidate_node_;
  std::map<std::pair<int, std::string>, int> keys_;  // (node, lower-case column) -> dense id
  std::vector<std::pair<int, int>> base_;            // equalities of the query
};

}  // namespace chokepoint::jqe
