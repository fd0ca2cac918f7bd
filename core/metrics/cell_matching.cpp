// Exact and greedy partial row matching without the quadratic all-pairs scan.
//
// Cells are interned to integer ids (per column pair in positional mode, so ids never collide across columns;
// one id space in NC mode). A row is then a sorted multiset of ids and "shared cells" is the size of a multiset
// intersection in both modes. The greedy of §VI-B-b (repeatedly take the pair with most shared cells) runs level by
// level: after all pairs with more than k shared cells are settled no live pair shares more than k, so at level k
// each gold row (in order) takes the first live predicted row sharing k cells. Candidates come from an inverted
// index, and by pigeonhole a pair sharing k of the gold row's w cells shares one of its w-k+1 rarest cells, so only
// those buckets are scanned.
#include "core/metrics/cell_matching.h"

#include <algorithm>
#include <numeric>
#include <unordered_map>

#include "core/metrics/value_equality.h"

namespace chokepoint {
namespace {

// Values are referenced, not copied: both results outlive the matching.
struct CellKey {
  uint32_t slot;
  const Value* value;
};
struct CellKeyHash {
  size_t operator()(const CellKey& k) const {
    return static_cast<size_t>(python_hash(*k.value) ^ (static_cast<uint64_t>(k.slot) * 0x9e3779b97f4a7c15ULL));
  }
};
struct CellKeyEqual {
  bool operator()(const CellKey& a, const CellKey& b) const {
    return a.slot == b.slot && python_equal(*a.value, *b.value);
  }
};

using ValueRefs = std::vector<const Value*>;

bool refs_less(const ValueRefs& a, const ValueRefs& b) {
  size_t n = std::min(a.size(), b.size());
  for (size_t i = 0; i < n; ++i) {
    if (value_less(*a[i], *b[i])) return true;
    if (value_less(*b[i], *a[i])) return false;
  }
  return a.size() < b.size();
}

// Rows of one side after projection: values in comparison order and the sorted id multiset.
struct Side {
  std::vector<ValueRefs> values;  // projected (positional) or value-sorted (NC) rows
  std::vector<std::vector<uint32_t>> ids;
  std::vector<size_t> order;  // canonical order: order[rank] = original row index
};

class Interner {
 public:
  uint32_t id(uint32_t slot, const Value* v) {
    auto placed = map_.emplace(CellKey{slot, v}, static_cast<uint32_t>(map_.size()));
    return placed.first->second;
  }

 private:
  std::unordered_map<CellKey, uint32_t, CellKeyHash, CellKeyEqual> map_;
};

void finish_side(Side& s) {
  s.order.resize(s.values.size());
  std::iota(s.order.begin(), s.order.end(), size_t{0});
  std::stable_sort(s.order.begin(), s.order.end(),
                   [&](size_t a, size_t b) { return refs_less(s.values[a], s.values[b]); });
  for (auto& v : s.ids) std::sort(v.begin(), v.end());
}

Side project_positional(const ResultSet& r, const std::vector<ColumnPair>& pairs, bool gold, Interner& in) {
  static const Value kNull;
  Side s;
  s.values.reserve(r.rows.size());
  s.ids.reserve(r.rows.size());
  for (const auto& row : r.rows) {
    ValueRefs proj;
    std::vector<uint32_t> ids;
    proj.reserve(pairs.size());
    ids.reserve(pairs.size());
    for (size_t k = 0; k < pairs.size(); ++k) {
      size_t c = gold ? pairs[k].gold : pairs[k].pred;
      const Value* v = c < row.size() ? &row[c] : &kNull;
      ids.push_back(in.id(static_cast<uint32_t>(k), v));
      proj.push_back(v);
    }
    s.values.push_back(std::move(proj));
    s.ids.push_back(std::move(ids));
  }
  finish_side(s);
  return s;
}

Side project_multiset(const ResultSet& r, Interner& in) {
  Side s;
  s.values.reserve(r.rows.size());
  s.ids.reserve(r.rows.size());
  for (const auto& row : r.rows) {
    ValueRefs vals;
    for (const auto& v : row) vals.push_back(&v);
    std::stable_sort(vals.begin(), vals.end(), [](const Value* a, const Value* b) { return value_less(*a, *b); });
    std::vector<uint32_t> ids;
    for (const Value* v : vals) ids.push_back(in.id(0, v));
    s.values.push_back(std::move(vals));
    s.ids.push_back(std::move(ids));
  }
  finish_side(s);
  return s;
}

size_t shared_cells(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b) {
  size_t i = 0, j = 0, n = 0;
  while (i < a.size() && j < b.size()) {
    if (a[i] < b[j]) ++i;
    else if (b[j] < a[i]) ++j;
    else { ++n; ++i; ++j; }
  }
  return n;
}

struct IdVectorHash {
  size_t operator()(const std::vector<uint32_t>& v) const {
    uint64_t h = 1469598103934665603ULL;
    for (uint32_t x : v) h = (h ^ x) * 1099511628211ULL;
    return static_cast<size_t>(h);
  }
};

CellMatching match_sides(const Side& g, const Side& p, CellRegime regime) {
  CellMatching out;
  const size_t ng = g.ids.size(), np = p.ids.size();
  std::vector<bool> gold_done(ng, false), pred_done(np, false);  // indexed by canonical rank

  // Phase 1: exact matches, as multiset intersection of whole rows; earliest ranks pair first.
  std::unordered_map<std::vector<uint32_t>, std::vector<size_t>, IdVectorHash> by_row;
  for (size_t rank = np; rank-- > 0;) by_row[p.ids[p.order[rank]]].push_back(rank);  // back() = smallest rank
  for (size_t rank = 0; rank < ng; ++rank) {
    const auto& ids = g.ids[g.order[rank]];
    if (ids.empty()) continue;
    auto it = by_row.find(ids);
    if (it == by_row.end() || it->second.empty()) continue;
    size_t pr = it->second.back();
    it->second.pop_back();
    gold_done[rank] = pred_done[pr] = true;
    out.matches.push_back({g.order[rank], p.order[pr], ids.size(), true});
    out.matched_cells += ids.size();
  }
  if (regime == CellRegime::Exact) {
    std::sort(out.matches.begin(), out.matches.end(), [](const RowMatch& a, const RowMatch& b) { return a.gold_row < b.gold_row; });
    return out;
  }

  // Phase 2: greedy partial matches, level by level.
  std::unordered_map<uint32_t, std::vector<size_t>> bucket;  // cell id -> pred ranks, ascending
  size_t wg = 0, wp = 0;
  for (size_t rank = 0; rank < np; ++rank) {
    const auto& ids = p.ids[p.order[rank]];
    wp = std::max(wp, ids.size());
    for (size_t k = 0; k < ids.size(); ++k)
      if (k == 0 || ids[k] != ids[k - 1]) bucket[ids[k]].push_back(rank);
  }
  for (const auto& ids : g.ids) wg = std::max(wg, ids.size());
  std::unordered_map<uint32_t, size_t> head;  // per bucket: entries before head are all matched already
  // Equal widths: the full-overlap level is the exact phase, already done.
  size_t top = wg == wp && wg > 0 ? wg - 1 : std::min(wg, wp);
  for (size_t level = top; level >= 1; --level) {
    for (size_t rank = 0; rank < ng; ++rank) {
      if (gold_done[rank]) continue;
      const auto& ids = g.ids[g.order[rank]];
      if (ids.size() < level) continue;
      // The gold row's cells, rarest bucket first; a missing bucket means a cell nobody shares.
      std::vector<std::pair<size_t, uint32_t>> cells;  // (bucket size, id), one per cell (with multiplicity)
      for (uint32_t id : ids) {
        auto it = bucket.find(id);
        cells.push_back({it == bucket.end() ? 0 : it->second.size(), id});
      }
      std::sort(cells.begin(), cells.end());
      size_t best = np;  // smallest qualifying pred rank
      size_t scan = ids.size() - level + 1;
      for (size_t c = 0; c < scan; ++c) {
        if (cells[c].first == 0) continue;
        if (c > 0 && cells[c].second == cells[c - 1].second) continue;
        auto& list = bucket[cells[c].second];
        size_t& h = head[cells[c].second];
        while (h < list.size() && pred_done[list[h]]) ++h;
        for (size_t e = h; e < list.size() && list[e] < best; ++e) {
          size_t pr = list[e];
          if (pred_done[pr]) continue;
          if (shared_cells(ids, p.ids[p.order[pr]]) >= level) { best = pr; break; }
        }
      }
      if (best == np) continue;
      gold_done[rank] = pred_done[best] = true;
      size_t cells_shared = shared_cells(ids, p.ids[p.order[best]]);
      out.matches.push_back({g.order[rank], p.order[best], cells_shared, false});
      out.matched_cells += cells_shared;
    }
  }
  std::sort(out.matches.begin(), out.matches.end(), [](const RowMatch& a, const RowMatch& b) { return a.gold_row < b.gold_row; });
  return out;
}

}  // namespace

CellMatching match_cells_on_columns(const ResultSet& gold, const ResultSet& pred, const std::vector<ColumnPair>& pairs,
                                    CellRegime regime) {
  if (pairs.empty()) return {};
  Interner in;
  Side g = project_positional(gold, pairs, true, in);
  Side p = project_positional(pred, pairs, false, in);
  return match_sides(g, p, regime);
}

CellMatching match_cells_without_columns(const ResultSet& gold, const ResultSet& pred, CellRegime regime) {
  Interner in;
  Side g = project_multiset(gold, in);
  Side p = project_multiset(pred, in);
  return match_sides(g, p, regime);
}

}  // namespace chokepoint
