// Tolerant set, bag and list equality of rows: exact-part groups, numeric windows, bipartite matching.
#include "core/metrics/tolerant_matching.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>
#include <utility>

namespace chokepoint {
namespace {

bool is_number(const Value& v) { return v.type == ValueType::Integer || v.type == ValueType::Real; }

long double number_of(const Value& v) {
  return v.type == ValueType::Integer ? static_cast<long double>(v.integer) : static_cast<long double>(v.real);
}

// The hash of what tolerant rows must share exactly: width, each cell's class, every non-numeric value.
uint64_t exact_part_hash(const Row& r) {
  uint64_t h = 0xcbf29ce484222325ULL ^ r.size();
  for (const auto& v : r) {
    const uint64_t x = is_number(v) ? 0x6e756d626572ULL : python_hash(v);
    h = (h ^ x) * 0x100000001b3ULL;
    h ^= h >> 29;
  }
  return h;
}

// One group of rows sharing an exact part (or a hash collision: rows_tolerant_equal still decides every pair).
struct Group {
  std::vector<size_t> gold, pred;  // row positions, sorted by the key column's value when there is one
  int key = -1;                    // a column numeric in every row of the group, for windows; -1: none
};

std::vector<Group> group_rows(const std::vector<Row>& gold, const std::vector<Row>& pred) {
  std::unordered_map<uint64_t, size_t> at;
  std::vector<Group> groups;
  auto place = [&](const std::vector<Row>& rows, bool is_gold) {
    for (size_t i = 0; i < rows.size(); ++i) {
      auto [it, inserted] = at.emplace(exact_part_hash(rows[i]), groups.size());
      if (inserted) groups.emplace_back();
      (is_gold ? groups[it->second].gold : groups[it->second].pred).push_back(i);
    }
  };
  place(gold, true);
  place(pred, false);
  for (auto& g : groups) {
    const Row& first = g.gold.empty() ? pred[g.pred.front()] : gold[g.gold.front()];
    for (size_t c = 0; c < first.size() && g.key < 0; ++c) {
      bool all = true;
      for (size_t i : g.gold) all = all && c < gold[i].size() && is_number(gold[i][c]);
      for (size_t i : g.pred) all = all && c < pred[i].size() && is_number(pred[i][c]);
      if (all) g.key = static_cast<int>(c);
    }
    if (g.key < 0) continue;
    const size_t k = static_cast<size_t>(g.key);
    // NaN sorts last and is never inside a window (NaN equals nothing, as in Python).
    auto by_key = [k](const std::vector<Row>& rows) {
      return [&rows, k](size_t a, size_t b) {
        const long double x = number_of(rows[a][k]), y = number_of(rows[b][k]);
        if (std::isnan(x) || std::isnan(y)) return !std::isnan(x) && std::isnan(y);
        return x < y;
      };
    };
    std::stable_sort(g.gold.begin(), g.gold.end(), by_key(gold));
    std::stable_sort(g.pred.begin(), g.pred.end(), by_key(pred));
  }
  return groups;
}

// The positions [lo, hi) of `sorted` (rows sorted by column `key`) whose value can be within tolerance of x:
// |x - y| <= rel * |y| implies |y| <= |x| / (1 - rel), so the window's half-width is max(abs, rel |x| / (1 - rel)),
// widened a little against rounding. With rel >= 1 every value can be, and the window is everything.
std::pair<size_t, size_t> window(const std::vector<size_t>& sorted, const std::vector<Row>& rows, int key,
                                 const Value& v, const NumericTolerance& t) {
  if (key < 0 || t.rel >= 1) return {0, sorted.size()};
  const long double x = number_of(v);
  if (std::isnan(x)) return {sorted.size(), sorted.size()};
  long double half = std::max(static_cast<long double>(t.abs), t.rel * std::fabs(x) / (1 - t.rel));
  half = half * (1 + 1e-9L) + std::numeric_limits<long double>::min();
  const size_t k = static_cast<size_t>(key);
  auto lo = std::lower_bound(sorted.begin(), sorted.end(), x - half,
                             [&](size_t i, long double bound) { return number_of(rows[i][k]) < bound; });
  auto hi = std::upper_bound(lo, sorted.end(), x + half,
                             [&](long double bound, size_t i) { return bound < number_of(rows[i][k]); });
  return {static_cast<size_t>(lo - sorted.begin()), static_cast<size_t>(hi - sorted.begin())};
}

bool has_partner(const Row& row, int key, const std::vector<size_t>& others, const std::vector<Row>& other_rows,
                 const NumericTolerance& t) {
  auto [lo, hi] = window(others, other_rows, key, key < 0 ? Value::null() : row[static_cast<size_t>(key)], t);
  for (size_t p = lo; p < hi; ++p)
    if (rows_tolerant_equal(row, other_rows[others[p]], t)) return true;
  return false;
}

// A perfect matching of one group's gold and pred rows: greedy first (skipping taken pred rows through a
// next-free table), then an augmenting path (breadth first) for each gold row the greedy left alone.
bool match_group(const Group& g, const std::vector<Row>& gold, const std::vector<Row>& pred, const NumericTolerance& t,
                 const Deadline& deadline) {
  const size_t n = g.gold.size();
  if (n != g.pred.size()) return false;
  const auto gold_value = [&](size_t u) { return g.key < 0 ? Value::null() : gold[g.gold[u]][size_t(g.key)]; };
  const auto fits = [&](size_t u, size_t p) { return rows_tolerant_equal(gold[g.gold[u]], pred[g.pred[p]], t); };
  constexpr size_t kFree = std::numeric_limits<size_t>::max();
  std::vector<size_t> gold_match(n, kFree), pred_match(n, kFree), next_free(n + 1);
  for (size_t p = 0; p <= n; ++p) next_free[p] = p;
  auto find_free = [&](size_t p) {
    size_t root = p;
    while (next_free[root] != root) root = next_free[root];
    while (next_free[p] != root) p = std::exchange(next_free[p], root);
    return root;
  };
  for (size_t u = 0; u < n; ++u) {
    auto [lo, hi] = window(g.pred, pred, g.key, gold_value(u), t);
    for (size_t p = find_free(lo); p < hi; p = find_free(p + 1)) {
      if (!fits(u, p)) continue;
      gold_match[u] = p;
      pred_match[p] = u;
      next_free[p] = p + 1;
      break;
    }
  }
  std::vector<size_t> parent(n);
  std::vector<char> seen(n);
  for (size_t root = 0; root < n; ++root) {
    if (gold_match[root] != kFree) continue;
    if (deadline.passed()) return false;
    std::fill(seen.begin(), seen.end(), 0);
    std::vector<size_t> queue(1, root);  // gold rows to extend paths from, breadth first
    size_t end = kFree;                  // a free pred row reached
    for (size_t head = 0; head < queue.size() && end == kFree; ++head) {
      const size_t u = queue[head];
      auto [lo, hi] = window(g.pred, pred, g.key, gold_value(u), t);
      for (size_t p = lo; p < hi; ++p) {
        if (seen[p] || !fits(u, p)) continue;
        seen[p] = 1;
        parent[p] = u;
        if (pred_match[p] == kFree) {
          end = p;
          break;
        }
        queue.push_back(pred_match[p]);
      }
    }
    if (end == kFree) return false;  // this gold row can have no partner in any perfect matching
    for (size_t p = end; p != kFree;) {
      const size_t u = parent[p];
      const size_t previous = gold_match[u];
      gold_match[u] = p;
      pred_match[p] = u;
      p = previous;
    }
  }
  return true;
}

}  // namespace

bool tolerant_list_match(const std::vector<Row>& gold, const std::vector<Row>& pred,
                         const NumericTolerance& tolerance) {
  if (gold.size() != pred.size()) return false;
  for (size_t i = 0; i < gold.size(); ++i)
    if (!rows_tolerant_equal(gold[i], pred[i], tolerance)) return false;
  return true;
}

bool tolerant_bag_match(const std::vector<Row>& gold, const std::vector<Row>& pred, const NumericTolerance& tolerance,
                        const Deadline& deadline) {
  if (gold.size() != pred.size()) return false;
  for (const auto& g : group_rows(gold, pred))
    if (!match_group(g, gold, pred, tolerance, deadline)) return false;
  return !deadline.passed();
}

bool tolerant_set_match(const std::vector<Row>& gold, const std::vector<Row>& pred, const NumericTolerance& tolerance,
                        const Deadline& deadline) {
  for (const auto& g : group_rows(gold, pred)) {
    if (g.gold.empty() || g.pred.empty()) return false;
    if (deadline.passed()) return false;
    for (size_t i : g.gold)
      if (!has_partner(gold[i], g.key, g.pred, pred, tolerance)) return false;
    for (size_t i : g.pred)
      if (!has_partner(pred[i], g.key, g.gold, gold, tolerance)) return false;
  }
  return true;
}

}  // namespace chokepoint
