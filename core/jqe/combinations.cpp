// Lazy enumeration of join-condition combinations in preference order.
#include "core/jqe/combinations.h"

#include <algorithm>
#include <limits>
#include <map>

#include "core/schema/schema.h"

namespace chokepoint::jqe {
namespace {

std::map<int, int> per_node_counts(const CandidateSpec& c) {
  std::map<int, int> counts;
  for (int n : c.condition_nodes) ++counts[n];
  return counts;
}

int max_size(const CandidateSpec& c, int cap) {
  int total = 0;
  for (const auto& [node, count] : per_node_counts(c)) total += cap > 0 ? std::min(cap, count) : count;
  return total;
}

uint64_t sat_mul(uint64_t a, uint64_t b) {
  if (a && b > std::numeric_limits<uint64_t>::max() / a) return std::numeric_limits<uint64_t>::max();
  return a * b;
}

uint64_t sat_add(uint64_t a, uint64_t b) {
  return a > std::numeric_limits<uint64_t>::max() - b ? std::numeric_limits<uint64_t>::max() : a + b;
}

}  // namespace

CombinationEnumerator::CombinationEnumerator(std::vector<CandidateSpec> candidates, const Preferences& prefs)
    : candidates_(std::move(candidates)), max_per_pair_(prefs.max_conditions_per_pair) {
  for (size_t i = 0; i < candidates_.size(); ++i)
    for (int k = 1, top = max_size(candidates_[i], max_per_pair_); k <= top; ++k)
      units_.push_back(Unit{static_cast<int>(i), k});
  bool complexity_keyed = false;
  for (const auto& k : prefs.order) complexity_keyed = complexity_keyed || k.key == SortKey::complexity;
  auto order = prefs.order;
  std::stable_sort(units_.begin(), units_.end(), [&](const Unit& a, const Unit& b) {
    const CandidateSpec& ca = candidates_[static_cast<size_t>(a.candidate)];
    const CandidateSpec& cb = candidates_[static_cast<size_t>(b.candidate)];
    for (const auto& key : order) {
      const bool asc = key.direction == Direction::ascending;
      if (key.key == SortKey::complexity) {
        if (a.size != b.size) return asc ? a.size < b.size : a.size > b.size;
      } else if (ca.centrality != cb.centrality) {
        return asc ? ca.centrality < cb.centrality : ca.centrality > cb.centrality;
      }
    }
    const std::string la = to_lower_ascii(ca.name), lb = to_lower_ascii(cb.name);
    if (la != lb) return la < lb;
    if (ca.name != cb.name) return ca.name < cb.name;
    if (a.candidate != b.candidate) return a.candidate < b.candidate;
    return complexity_keyed ? false : a.size < b.size;
  });
}

// The admissible k-subsets of a unit are produced directly, in lexicographic order, instead of walking every
// k-subset and dropping those over the per-pair cap: with BIRD's 22 labels between Match and Player a unit has
// C(44, 4) = 135,751 subsets, and skipping the inadmissible ones made a single next() cost ~15 ms, a whole frame
// in the browser. The per-pair cap is a partition matroid, so the smallest admissible completion of a prefix is the
// greedy one (smallest indices first).
bool CombinationEnumerator::greedy_fill(size_t from, int after, std::map<int, int>& counts) {
  const Unit& unit = units_[unit_];
  const auto& nodes = candidates_[static_cast<size_t>(unit.candidate)].condition_nodes;
  const int m = static_cast<int>(nodes.size());
  current_.resize(from);
  for (int v = after + 1; v < m && static_cast<int>(current_.size()) < unit.size; ++v) {
    if (max_per_pair_ > 0 && counts[nodes[static_cast<size_t>(v)]] >= max_per_pair_) continue;
    ++counts[nodes[static_cast<size_t>(v)]];
    current_.push_back(v);
  }
  if (static_cast<int>(current_.size()) == unit.size) return true;
  for (size_t j = from; j < current_.size(); ++j) --counts[nodes[static_cast<size_t>(current_[j])]];
  current_.resize(from);
  return false;
}

bool CombinationEnumerator::advance() {
  const Unit& unit = units_[unit_];
  const auto& nodes = candidates_[static_cast<size_t>(unit.candidate)].condition_nodes;
  const int m = static_cast<int>(nodes.size());
  std::map<int, int> counts;  // conditions per query node in current_
  if (current_.empty()) return unit.size <= m && greedy_fill(0, -1, counts);
  for (int i : current_) ++counts[nodes[static_cast<size_t>(i)]];
  // The rightmost position that can take a larger index with an admissible completion after it.
  for (size_t i = current_.size(); i-- > 0;) {
    for (size_t j = i; j < current_.size(); ++j) --counts[nodes[static_cast<size_t>(current_[j])]];
    const int old = current_[i];
    current_.resize(i);
    for (int v = old + 1; v < m; ++v) {
      if (max_per_pair_ > 0 && counts[nodes[static_cast<size_t>(v)]] >= max_per_pair_) continue;
      ++counts[nodes[static_cast<size_t>(v)]];
      current_.push_back(v);
      if (greedy_fill(i + 1, v, counts)) return true;
      current_.pop_back();
      --counts[nodes[static_cast<size_t>(v)]];
    }
  }
  return false;
}

bool CombinationEnumerator::next(Combination& out) {
  while (unit_ < units_.size()) {
    if (advance()) {
      out.candidate = units_[unit_].candidate;
      out.conditions = current_;
      ++yielded_;
      return true;
    }
    current_.clear();
    ++unit_;
  }
  return false;
}

uint64_t combination_count(const CandidateSpec& candidate, int max_per_pair) {
  uint64_t product = 1;
  for (const auto& [node, count] : per_node_counts(candidate)) {
    // Σ_{j=0}^{min(cap, count)} C(count, j)
    uint64_t sum = 0, binom = 1;
    const int top = max_per_pair > 0 ? std::min(max_per_pair, count) : count;
    for (int j = 0; j <= top; ++j) {
      sum = sat_add(sum, binom);
      if (j < count) binom = sat_mul(binom, static_cast<uint64_t>(count - j)) / static_cast<uint64_t>(j + 1);
    }
    product = sat_mul(product, sum);
  }
  return product == std::numeric_limits<uint64_t>::max() ? product : product - 1;
}

}  // namespace chokepoint::jqe
