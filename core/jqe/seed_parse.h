// A seed as JQE sees it: unnested (thesis §3.3.1: CTEs and FROM subqueries inlined where they are plain
// select-project-joins, core/sql/unnesting.h), parsed, names resolved, and its main scope's join query graph (thesis
// §3.1.2), or the reason JQE skips it. Shared by the driver, the diversity index's context queries and the
// step-through view.
#pragma once
#include <string>

#include "core/base/result.h"
#include "core/dataset/eval_set.h"
#include "core/graph/undirected_graph.h"
#include "core/schema/schema.h"
#include "core/sql/ast.h"
#include "core/sql/join_query_graph.h"
#include "core/sql/name_resolution.h"
#include "core/sql/unnesting.h"

namespace chokepoint::jqe {

struct ParsedSeed {
  sql::Unnesting unnesting;  // what was inlined and what stays a derived node; sql is the text `tree` was parsed from
  sql::NodePtr tree;
  sql::NameResolution names;
  sql::JoinQueryGraph jqg;  // the main scope's
  UndirectedGraph graph;    // jqg as a plain graph, for the isomorphism index
};

// Error (the skip reason JQE records) for a parse error, a compound query, no main SELECT or an empty FROM. With
// `unnest` off the seed is parsed as written (unnesting.sql is then the seed's text and nothing is listed).
Result<ParsedSeed> parse_seed(const EvalItem& seed, const Schema& schema, bool unnest = true);

}  // namespace chokepoint::jqe
