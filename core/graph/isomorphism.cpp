// Isomorphism invariants (colour refinement) and exact tests (Boost VF2), see isomorphism.h.
#include "core/graph/isomorphism.h"

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/vf2_sub_graph_iso.hpp>
#include <string>

#include "core/schema/schema.h"

namespace chokepoint {
namespace {

// splitmix64 finaliser: a fixed, platform-independent mix.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

std::uint64_t combine(std::uint64_t seed, std::uint64_t value) { return mix(seed ^ mix(value)); }

std::uint64_t hash_text(const std::string& text) {
  std::uint64_t h = 0xcbf29ce484222325ULL;  // FNV-1a
  for (unsigned char c : text) h = (h ^ c) * 0x100000001b3ULL;
  return h;
}

std::string node_key(const UndirectedGraph& g, int v, IsomorphismMode mode) {
  return mode == IsomorphismMode::by_tables ? to_lower_ascii(g.label(v)) : std::string();
}

using BoostGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;

BoostGraph to_boost(const UndirectedGraph& g) {
  BoostGraph b(g.node_count());
  for (const auto& [u, v] : g.edges()) boost::add_edge(static_cast<size_t>(u), static_cast<size_t>(v), b);
  return b;
}

// Stops VF2 at the first mapping found.
struct StopAtFirst {
  template <typename Map1To2, typename Map2To1>
  bool operator()(const Map1To2&, const Map2To1&) const {
    return false;
  }
};

struct SameLabel {
  const std::vector<std::string>* a;
  const std::vector<std::string>* b;
  bool operator()(size_t u, size_t v) const { return (*a)[u] == (*b)[v]; }
};

}  // namespace

std::uint64_t isomorphism_invariant(const UndirectedGraph& graph, IsomorphismMode mode) {
  const size_t n = graph.node_count();
  std::vector<std::uint64_t> colour(n);
  for (size_t v = 0; v < n; ++v)
    colour[v] = combine(hash_text(node_key(graph, static_cast<int>(v), mode)), graph.degree(static_cast<int>(v)));
  // Refinement: a node's next colour hashes its colour with the sorted colours of its neighbours.
  const size_t rounds = std::min<size_t>(n, 4);
  std::vector<std::uint64_t> next(n), around;
  for (size_t r = 0; r < rounds; ++r) {
    for (size_t v = 0; v < n; ++v) {
      around.clear();
      for (int w : graph.neighbours(static_cast<int>(v))) around.push_back(colour[static_cast<size_t>(w)]);
      std::sort(around.begin(), around.end());
      std::uint64_t h = combine(0x51ed2701ULL, colour[v]);
      for (auto c : around) h = combine(h, c);
      next[v] = h;
    }
    colour.swap(next);
  }
  std::sort(colour.begin(), colour.end());
  std::uint64_t h = combine(combine(0x15a7e11dULL, n), graph.edge_count());
  for (auto c : colour) h = combine(h, c);
  return h;
}

bool are_isomorphic(const UndirectedGraph& a, const UndirectedGraph& b, IsomorphismMode mode) {
  if (a.node_count() != b.node_count() || a.edge_count() != b.edge_count()) return false;
  if (a.node_count() == 0) return true;
  if (isomorphism_invariant(a, mode) != isomorphism_invariant(b, mode)) return false;
  const BoostGraph ga = to_boost(a);
  const BoostGraph gb = to_boost(b);
  if (mode == IsomorphismMode::structural) return boost::vf2_graph_iso(ga, gb, StopAtFirst());
  std::vector<std::string> la, lb;
  for (size_t v = 0; v < a.node_count(); ++v) la.push_back(node_key(a, static_cast<int>(v), mode));
  for (size_t v = 0; v < b.node_count(); ++v) lb.push_back(node_key(b, static_cast<int>(v), mode));
  return boost::vf2_graph_iso(ga, gb, StopAtFirst(), boost::vertex_order_by_mult(ga),
                              boost::vertices_equivalent(SameLabel{&la, &lb}));
}

int IsomorphismIndex::find_with(const UndirectedGraph& graph, std::uint64_t invariant) const {
  auto range = buckets_.equal_range(invariant);
  for (auto it = range.first; it != range.second; ++it)
    if (are_isomorphic(representatives_[static_cast<size_t>(it->second)], graph, mode_)) return it->second;
  return -1;
}

int IsomorphismIndex::find(const UndirectedGraph& graph) const {
  return find_with(graph, isomorphism_invariant(graph, mode_));
}

int IsomorphismIndex::add(const UndirectedGraph& graph) {
  const std::uint64_t invariant = isomorphism_invariant(graph, mode_);
  int id = find_with(graph, invariant);
  if (id < 0) {
    id = static_cast<int>(representatives_.size());
    representatives_.push_back(graph);
    members_.push_back(0);
    buckets_.emplace(invariant, id);
  }
  ++members_[static_cast<size_t>(id)];
  return id;
}

}  // namespace chokepoint
