// Stage C of JQE, diversity-aware pruning (thesis §3.2.4; SQLMorph §IV-E; decisions.md §5.5): keep at most n
// expansions per isomorphism class of join query graphs, counting the input set's graphs and every expansion
// already kept as members. Unlike the reference implementation, a class that only the input set occupies is full
// too (its counter was keyed by kept graphs, so dev-only shapes were never pruned).
#pragma once
#include <cstddef>
#include <vector>

#include "core/graph/isomorphism.h"
#include "core/graph/undirected_graph.h"
#include "core/sql/join_query_graph.h"

namespace chokepoint::jqe {

// A JQG as a small labelled graph: node i = JQG node i, label = table name (lower case; the CTE name or "" for a
// derived table), one edge per joined instance pair.
UndirectedGraph to_graph(const sql::JoinQueryGraph& jqg);
// `seed` plus one node labelled `table` joined to each node in `joined` (ascending, no repeats).
UndirectedGraph expanded_graph(const UndirectedGraph& seed, const std::string& table, const std::vector<int>& joined);

class DiversityPruner {
 public:
  // per_pattern <= 0: no cap (every class has room).
  DiversityPruner(IsomorphismMode mode, int per_pattern) : index_(mode), per_pattern_(per_pattern) {}

  // A graph of the input set; returns its class.
  int add_existing(const UndirectedGraph& graph) { return index_.add(graph); }
  // Class of `graph` (-1 if no member yet).
  int find(const UndirectedGraph& graph) const { return index_.find(graph); }
  // Members of a class (0 for -1).
  size_t members(int iso_class) const { return iso_class < 0 ? 0 : index_.member_count(iso_class); }
  bool has_room(int iso_class) const {
    return per_pattern_ <= 0 || members(iso_class) < static_cast<size_t>(per_pattern_);
  }
  // Records a kept expansion and returns its class.
  int keep(const UndirectedGraph& graph) { return index_.add(graph); }
  size_t class_count() const { return index_.class_count(); }

 private:
  IsomorphismIndex index_;
  int per_pattern_;
};

}  // namespace chokepoint::jqe
