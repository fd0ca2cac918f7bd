// Transitive redundancy by union–find over column equivalence classes.
#include "core/jqe/redundancy.h"

#include <numeric>

#include "core/schema/schema.h"

namespace chokepoint::jqe {
namespace {

struct UnionFind {
  std::vector<int> parent;
  explicit UnionFind(size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
  int find(int x) {
    while (parent[static_cast<size_t>(x)] != x) {
      parent[static_cast<size_t>(x)] = parent[static_cast<size_t>(parent[static_cast<size_t>(x)])];
      x = parent[static_cast<size_t>(x)];
    }
    return x;
  }
  void unite(int a, int b) { parent[static_cast<size_t>(find(a))] = find(b); }
};

}  // namespace

RedundancyChecker::RedundancyChecker(const sql::JoinQueryGraph& jqg)
    : candidate_node_(static_cast<int>(jqg.nodes.size())) {
  for (const auto& edge : jqg.edges)
    for (const auto& c : edge.conditions) {
      int a = jqg.node_of_instance(c.left_instance), b = jqg.node_of_instance(c.right_instance);
      if (a < 0 || b < 0) continue;
      base_.emplace_back(key(a, c.left_column), key(b, c.right_column));
    }
}

int RedundancyChecker::key(int node, const std::string& column) {
  auto k = std::make_pair(node, to_lower_ascii(column));
  auto it = keys_.find(k);
  if (it != keys_.end()) return it->second;
  int id = static_cast<int>(keys_.size());
  keys_.emplace(std::move(k), id);
  return id;
}

int RedundancyChecker::redundant_condition(const std::vector<CandidateCondition>& conditions,
                                           const std::vector<int>& combination) {
  // Intern every column first so the union–find can be sized once.
  std::vector<std::vector<std::pair<int, int>>> pairs;
  for (int index : combination) {
    const CandidateCondition& c = conditions[static_cast<size_t>(index)];
    std::vector<std::pair<int, int>> p;
    for (size_t i = 0; i < c.node_columns.size(); ++i)
      p.emplace_back(key(c.node, c.node_columns[i]), key(candidate_node_, c.candidate_columns[i]));
    pairs.push_back(std::move(p));
  }
  for (size_t skip = 0; skip < pairs.size(); ++skip) {
    UnionFind uf(keys_.size());
    for (const auto& [a, b] : base_) uf.unite(a, b);
    for (size_t other = 0; other < pairs.size(); ++other)
      if (other != skip)
        for (const auto& [a, b] : pairs[other]) uf.unite(a, b);
    bool implied = true;
    for (const auto& [a, b] : pairs[skip]) implied = implied && uf.find(a) == uf.find(b);
    if (implied) return static_cast<int>(skip);
  }
  return -1;
}

}  // namespace chokepoint::jqe
