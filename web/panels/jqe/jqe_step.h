// The step-by-step view of JQE on one seed (decisions.md §5; thesis §3.1.2): its join query graph, candidate tables
// with their join conditions (numbered JC1, JC2, ... across candidates, as the thesis does), every join-condition
// combination in preference order with its verdict and reason, the isomorphism classes of the generated
// candidates, and each kept expansion as a diff against the seed with its result. Verdicts come from run_jqe (via
// jqe_seed_context.h); this file only arranges them for display.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/db/connection.h"
#include "core/graph/layout.h"
#include "core/jqe/expansion.h"
#include "core/sql/sql_diff.h"

namespace chokepoint::web {

struct StepCondition {
  std::string label;  // "JC1"
  std::string text;   // "bond.molecule_id = molecule.molecule_id"
  int node = -1;      // JQG node it joins
};

struct StepCandidate {
  std::string table;
  double centrality = 0;
  std::vector<StepCondition> conditions;
};

struct StepCombination {
  int candidate = -1;
  std::vector<int> conditions;  // indices in the candidate's conditions
  std::string label;            // "bond: {JC1, JC2}"
  std::string verdict;          // "kept" or a jqe::DiscardReason name
  std::string why;              // the reason in words
  int iso_class = -1;           // class in this seed's run (-1 when unknown)
  jqe::GraphShape shape;
  int expansion = -1;  // index in JqeStepView::expansions when kept
};

struct StepExpansion {
  std::string id;
  std::string label;  // the combination's label
  std::string sql;
  std::vector<sql::DiffRun> diff;
  int iso_class = -1;
  jqe::GraphShape shape;
  QueryOutcome result;  // run read-only within the time limit
};

struct JqeStepView {
  std::string seed_id, db_id, question, sql;
  std::string error;                   // why the seed could not be expanded ("" if it was)
  std::vector<std::string> jqg_nodes;  // "molecule" or "T1 (bond)"
  std::vector<std::pair<int, int>> jqg_edges;
  std::vector<std::string> jqg_edge_conditions;  // per edge, its conditions, one per line
  std::vector<Point2> jqg_layout;
  jqe::GraphShape shape;
  std::vector<StepCandidate> candidates;
  std::vector<StepCombination> combinations;  // in enumeration (preference) order
  uint64_t unexplored = 0;
  std::vector<StepExpansion> expansions;
  int context_members = 0;  // set queries counted in the classes
};

// `context`: queries counted as class members before the seed (jqe_seed_context.h). `db` holds the data for the
// execution check and the results (null: schema-only).
JqeStepView build_jqe_step(const EvalItem& seed, const Schema& schema, const SchemaGraph& graph, const Connection* db,
                           const std::vector<EvalItem>& context, const jqe::JqeOptions& options);

nlohmann::json step_view_json(const JqeStepView& view);

}  // namespace chokepoint::web
