// Isomorphism of join query graphs, the test behind JQE's diversity-aware pruning (decisions.md §5.5; thesis §3.3):
// `structural` ignores node labels (the reference implementation's nx.is_isomorphic), `by_tables` requires a
// bijection that maps each node to one with the same label (table name, compared case-insensitively). Join keys
// on edges are ignored in both, as in the thesis. Exact checks use Boost's VF2; a canonical invariant buckets
// graphs first so that only graphs with equal invariants are compared.
#pragma once
#include <cstdint>
#include <map>
#include <vector>

#include "core/graph/undirected_graph.h"

namespace chokepoint {

enum class IsomorphismMode { structural, by_tables };

// Equal for isomorphic graphs (the converse may fail; are_isomorphic decides). Deterministic on every platform:
// node and edge counts plus colour refinement (Weisfeiler–Leman) hashed with fixed 64-bit mixing.
std::uint64_t isomorphism_invariant(const UndirectedGraph& graph, IsomorphismMode mode);

bool are_isomorphic(const UndirectedGraph& a, const UndirectedGraph& b, IsomorphismMode mode);

// A growing set of isomorphism classes: JQE adds the input set's graphs and every kept expansion, and asks how many
// members a candidate's class already has ("keep at most n per class").
class IsomorphismIndex {
 public:
  explicit IsomorphismIndex(IsomorphismMode mode) : mode_(mode) {}

  // Class of a graph isomorphic to `graph`, or -1 if none was added.
  int find(const UndirectedGraph& graph) const;
  // Adds `graph` and returns its class (an existing one, or a new id = previous class_count()).
  int add(const UndirectedGraph& graph);

  size_t class_count() const { return representatives_.size(); }
  size_t member_count(int class_id) const { return members_[static_cast<size_t>(class_id)]; }
  const UndirectedGraph& representative(int class_id) const { return representatives_[static_cast<size_t>(class_id)]; }

 private:
  int find_with(const UndirectedGraph& graph, std::uint64_t invariant) const;

  IsomorphismMode mode_;
  std::multimap<std::uint64_t, int> buckets_;  // invariant -> class ids
  std::vector<UndirectedGraph> representatives_;
  std::vector<size_t> members_;
};

}  // namespace chokepoint
