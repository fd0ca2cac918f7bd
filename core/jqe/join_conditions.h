// Stage B input (thesis Algorithm 1 lines 17–22; decisions.md §5.2): every join condition that can connect a
// candidate table to the query, one per schema label per query instance (a table used twice gives each instance
// its own conditions). Columns are oriented by table name, never by label position, so the candidate's columns
// always land on the candidate: the reference implementation's "swapped join columns" bug cannot occur.
#pragma once
#include <string>
#include <vector>

#include "core/graph/schema_graph.h"
#include "core/sql/join_query_graph.h"

namespace chokepoint::jqe {

struct CandidateCondition {
  int node = -1;                               // JQG node index of the query instance it joins
  std::vector<std::string> node_columns;       // that instance's columns (schema spelling), one per key part
  std::vector<std::string> candidate_columns;  // the candidate's columns, pairwise with node_columns
  LabelSource source = LabelSource::fk;
  // "bond.molecule_id = molecule.molecule_id": candidate first, then the instance by the name the query uses for
  // it (alias or table); composite keys join their parts with " AND ".
  std::string text;
};

// Conditions between schema table `candidate` and the query's base-table instances: grouped by node in FROM
// order, and within a node sorted by text.
std::vector<CandidateCondition> join_conditions(const sql::JoinQueryGraph& jqg, const SchemaGraph& graph,
                                                int candidate);

}  // namespace chokepoint::jqe
