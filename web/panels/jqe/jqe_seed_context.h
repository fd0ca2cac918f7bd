// Running JQE on one seed while keeping the whole-set semantics of the diversity cap (PRODUCT.md §5.5): the
// isomorphism index of a whole run holds every input query and every expansion kept so far. The step-through view
// expands one chosen seed on request, so this file keeps the set's classes (one representative query per class and
// its member count, cached per set) and hands run_jqe, with the seed, min(count, n) copies of each representative
// under a "members" database whose schema graph has no edges: they are parsed into the index but have no candidate
// tables, so they are never expanded. The batch needs none of this: it runs the core's resumable job over the set.
#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/graph/isomorphism.h"
#include "core/jqe/expansion.h"
#include "core/schema/schema.h"
#include "core/sql/ast.h"
#include "core/sql/join_query_graph.h"
#include "core/sql/name_resolution.h"

namespace chokepoint::web {

// A query's parse, names and main-scope join query graph, as the JQE driver builds them; error when the driver
// would skip the query (parse error, compound query, no main SELECT, empty FROM).
struct ParsedQuery {
  sql::NodePtr tree;
  sql::NameResolution names;
  sql::JoinQueryGraph jqg;
};
Result<std::shared_ptr<ParsedQuery>> parse_query_for_jqe(const std::string& sql, const Schema& schema);

// Isomorphism classes of the queries added so far, each with its first query as representative.
class ClassMembers {
 public:
  explicit ClassMembers(IsomorphismMode mode) : index_(mode) {}
  // Adds a query's main-scope graph; returns its class, or -1 when the query is skipped by JQE.
  int add(const jqe::JqeSeed& query, const Schema& schema);
  // Adds an already built graph (an expansion); returns its class.
  int add_graph(const UndirectedGraph& graph, const jqe::JqeSeed& query);
  int find(const UndirectedGraph& graph) const { return index_.find(graph); }
  size_t class_count() const { return index_.class_count(); }
  size_t member_count(int c) const { return index_.member_count(c); }
  // Each class's representative, min(members, per_pattern) times; nothing when per_pattern <= 0 (no cap).
  std::vector<jqe::JqeSeed> context(int per_pattern) const;

 private:
  IsomorphismIndex index_;
  std::vector<jqe::JqeSeed> representatives_;
};

// run_jqe on `seed` with `context` counted as class members first. The returned run holds only the seed's records
// (its seed record first, then any later rounds), with indices relative to that.
jqe::JqeRun run_jqe_in_context(const jqe::JqeSeed& seed, const std::vector<jqe::JqeSeed>& context,
                               const std::map<std::string, jqe::JqeDatabase>& databases,
                               const jqe::JqeOptions& options);

}  // namespace chokepoint::web
