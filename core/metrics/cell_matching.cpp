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

// Rows of one side after projection, stored flat (row r occupies [start[r], start[r + 1]) of values and ids), so a
// small result costs a handful of allocations rather than two per row: values in comparison order and the sorted id
// multiset.
struct Side {
  std::vector<uint32_t> start{0};
  std::vector<const Value*> values;  // projected (positional) or value-sorted (NC) rows
  std::vector<uint32_t> ids;
  std::vector<size_t> order;  // canonical order: order[rank] = original row index

  size_t rows() const { return start.size() - 1; }
  size_t width(size_t r) const { return start[r + 1] - start[r]; }
  const Value* const* values_of(size_t r) const { return values.data() + start[r]; }
  const uint32_t* ids_of(size_t r) const { return ids.data() + start[r]; }
  void end_row() { start.push_back(static_cast<uint32_t>(values.size())); }
};

bool row_values_less(const Side& s, size_t a, size_t b) {
  const size_t wa = s.width(a), wb = s.width(b), n = std::min(wa, wb);
  const Value* const* x = s.values_of(a);
  const Value* const* y = s.values_of(b);
  for (size_t i = 0; i < n; ++i) {
    if (value_less(*x[i], *y[i])) return true;
    if (value_less(*y[i], *x[i])) return false;
  }
  return wa < wb;
}

class Interner {
 public:
  explicit Interner(size_t cells) { map_.reserve(cells); }
  uint32_t id(uint32_t slot, const Value* v) {
    auto placed = map_.emplace(CellKey{slot, v}, static_cast<uint32_t>(map_.size()));
    return placed.first->second;
  }

 private:
  std::unordered_map<CellKey, uint32_t, CellKeyHash, CellKeyEqual> map_;
};

void finish_side(Side& s) {
  s.order.resize(s.rows());
  std::iota(s.order.begin(), s.order.end(), size_t{0});
  std::stable_sort(s.order.begin(), s.order.end(), [&](size_t a, size_t b) { return row_values_less(s, a, b); });
  for (size_t r = 0; r < s.rows(); ++r) std::sort(s.ids.begin() + s.start[r], s.ids.begin() + s.start[r + 1]);
}

Side project_positional(const ResultSet& r, const std::vector<ColumnPair>& pairs, bool gold, Interner& in) {
  static const Value kNull;
  Side s;
  s.start.reserve(r.rows.size() + 1);
  s.values.reserve(r.rows.size() * pairs.size());
  s.ids.reserve(r.rows.size() * pairs.size());
  for (const auto& row : r.rows) {
    for (size_t k = 0; k < pairs.size(); ++k) {
      size_t c = gold ? pairs[k].gold : pairs[k].pred;
      const Value* v = c < row.size() ? &row[c] : &kNull;
      s.ids.push_back(in.id(static_cast<uint32_t>(k), v));
      s.values.push_back(v);
    }
    s.end_row();
  }
  finish_side(s);
  return s;
}

Side project_multiset(const ResultSet& r, Interner& in) {
  Side s;
  s.start.reserve(r.rows.size() + 1);
  for (const auto& row : r.rows) {
    const size_t first = s.values.size();
    for (const auto& v : row) s.values.push_back(&v);
    std::stable_sort(s.values.begin() + static_cast<long>(first), s.values.end(),
                     [](const Value* a, const Value* b) { return value_less(*a, *b); });
    for (size_t i = first; i < s.values.size(); ++i) s.ids.push_back(in.id(0, s.values[i]));
    s.end_row();
  }
  finish_side(s);
  return s;
}

size_t shared_cells(const Side& a, size_t ra, const Side& b, size_t rb) {
  const uint32_t *x = a.ids_of(ra), *y = b.ids_of(rb);
  const size_t na = a.width(ra), nb = b.width(rb);
  size_t i = 0, j = 0, n = 0;
  while (i < na && j < nb) {
    if (x[i] < y[j])
      ++i;
    else if (y[j] < x[i])
      ++j;
    else {
      ++n;
      ++i;
      ++j;
    }
  }
  return n;
}

bool same_ids(const Side& a, size_t ra, const Side& b, size_t rb) {
  return a.width(ra) == b.width(rb) && std::equal(a.ids_of(ra), a.ids_of(ra) + a.width(ra), b.ids_of(rb));
}

uint64_t ids_hash(const Side& s, size_t r) {
  uint64_t h = 1469598103934665603ULL;
  for (const uint32_t* x = s.ids_of(r); x != s.ids_of(r) + s.width(r); ++x) h = (h ^ *x) * 1099511628211ULL;
  return h;
}

// True every 256th call once the deadline has passed (a clock read per row would cost more than the matching).
bool out_of_time(const Deadline& deadline, size_t i) { return (i & 255) == 0 && deadline.passed(); }

CellMatching match_sides(const Side& g, const Side& p, CellRegime regime, const Deadline& deadline) {
  CellMatching out;
  const size_t ng = g.rows(), np = p.rows();
  std::vector<bool> gold_done(ng, false), pred_done(np, false);  // indexed by canonical rank

  // Phase 1: exact matches, as multiset intersection of whole rows; earliest ranks pair first. Rows are bucketed by
  // the hash of their ids (ascending ranks); a bucket's head skips the ranks already taken.
  std::unordered_map<uint64_t, std::pair<size_t, std::vector<size_t>>> by_row;  // hash -> (head, pred ranks)
  by_row.reserve(np);
  for (size_t rank = 0; rank < np; ++rank) by_row[ids_hash(p, p.order[rank])].second.push_back(rank);
  for (size_t rank = 0; rank < ng; ++rank) {
    if (out_of_time(deadline, rank)) {
      out.stopped = true;
      return out;
    }
    const size_t gr = g.order[rank];
    if (g.width(gr) == 0) continue;
    auto it = by_row.find(ids_hash(g, gr));
    if (it == by_row.end()) continue;
    auto& [head, list] = it->second;
    while (head < list.size() && pred_done[list[head]]) ++head;
    size_t pr = np;
    for (size_t e = head; e < list.size(); ++e)
      if (!pred_done[list[e]] && same_ids(g, gr, p, p.order[list[e]])) {
        pr = list[e];
        break;
      }
    if (pr == np) continue;
    gold_done[rank] = pred_done[pr] = true;
    out.matches.push_back({gr, p.order[pr], g.width(gr), true});
    out.matched_cells += g.width(gr);
  }
  if (regime == CellRegime::Exact) {
    std::sort(out.matches.begin(), out.matches.end(),
              [](const RowMatch& a, const RowMatch& b) { return a.gold_row < b.gold_row; });
    return out;
  }

  // Phase 2: greedy partial matches, level by level.
  std::unordered_map<uint32_t, std::vector<size_t>> bucket;  // cell id -> pred ranks, ascending
  size_t wg = 0, wp = 0;
  for (size_t rank = 0; rank < np; ++rank) {
    const size_t pr = p.order[rank];
    const uint32_t* ids = p.ids_of(pr);
    wp = std::max(wp, p.width(pr));
    for (size_t k = 0; k < p.width(pr); ++k)
      if (k == 0 || ids[k] != ids[k - 1]) bucket[ids[k]].push_back(rank);
  }
  for (size_t r = 0; r < ng; ++r) wg = std::max(wg, g.width(r));
  std::unordered_map<uint32_t, size_t> head;  // per bucket: entries before head are all matched already
  // Equal widths: the full-overlap level is the exact phase, already done.
  size_t top = wg == wp && wg > 0 ? wg - 1 : std::min(wg, wp);
  std::vector<std::pair<size_t, uint32_t>> cells;
  for (size_t level = top; level >= 1; --level) {
    for (size_t rank = 0; rank < ng; ++rank) {
      if (out_of_time(deadline, rank)) {
        out.stopped = true;
        return out;
      }
      if (gold_done[rank]) continue;
      const size_t gr = g.order[rank];
      const size_t width = g.width(gr);
      if (width < level) continue;
      // The gold row's cells, rarest bucket first; a missing bucket means a cell nobody shares.
      cells.clear();  // (bucket size, id), one per cell (with multiplicity)
      for (const uint32_t* id = g.ids_of(gr); id != g.ids_of(gr) + width; ++id) {
        auto it = bucket.find(*id);
        cells.push_back({it == bucket.end() ? 0 : it->second.size(), *id});
      }
      std::sort(cells.begin(), cells.end());
      size_t best = np;  // smallest qualifying pred rank
      size_t scan = width - level + 1;
      for (size_t c = 0; c < scan; ++c) {
        if (cells[c].first == 0) continue;
        if (c > 0 && cells[c].second == cells[c - 1].second) continue;
        auto& list = bucket[cells[c].second];
        size_t& h = head[cells[c].second];
        while (h < list.size() && pred_done[list[h]]) ++h;
        for (size_t e = h; e < list.size() && list[e] < best; ++e) {
          size_t pr = list[e];
          if (pred_done[pr]) continue;
          if (shared_cells(g, gr, p, p.order[pr]) >= level) {
            best = pr;
            break;
          }
        }
      }
      if (best == np) continue;
      gold_done[rank] = pred_done[best] = true;
      size_t cells_shared = shared_cells(g, gr, p, p.order[best]);
      out.matches.push_back({gr, p.order[best], cells_shared, false});
      out.matched_cells += cells_shared;
    }
  }
  std::sort(out.matches.begin(), out.matches.end(),
            [](const RowMatch& a, const RowMatch& b) { return a.gold_row < b.gold_row; });
  return out;
}

}  // namespace

CellMatching match_cells_on_columns(const ResultSet& gold, const ResultSet& pred, const std::vector<ColumnPair>& pairs,
                                    CellRegime regime, const Deadline& deadline) {
  if (pairs.empty()) return {};
  Interner in((gold.rows.size() + pred.rows.size()) * pairs.size());
  Side g = project_positional(gold, pairs, true, in);
  Side p = project_positional(pred, pairs, false, in);
  return match_sides(g, p, regime, deadline);
}

CellMatching match_cells_without_columns(const ResultSet& gold, const ResultSet& pred, CellRegime regime,
                                         const Deadline& deadline) {
  Interner in(gold.rows.size() * (gold.rows.empty() ? 0 : gold.rows[0].size()) +
              pred.rows.size() * (pred.rows.empty() ? 0 : pred.rows[0].size()));
  Side g = project_multiset(gold, in);
  Side p = project_multiset(pred, in);
  return match_sides(g, p, regime, deadline);
}

}  // namespace chokepoint
