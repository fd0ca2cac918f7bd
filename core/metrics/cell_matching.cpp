// Exact and greedy partial row matching without the quadratic all-pairs scan.
//
// Cells are interned to integer ids (per column pair in positional mode, so ids never collide across columns;
// one id space in NC mode). A row is then a sorted multiset of ids and "shared cells" is the size of a multiset
// intersection in both modes. The greedy of §VI-B-b (repeatedly take the pair with most shared cells) runs level by
// level: after all pairs with more than k shared cells are settled no live pair shares more than k, so at level k
// each gold row (in order) takes the first live predicted row sharing k cells. Candidates come from an inverted
// index, and by pigeonhole a pair sharing k of the gold row's w cells shares one of its w-k+1 rarest cells, so only
// those buckets are scanned.
//
// Everything lives in flat arrays of CellMatcher::Buffers (an open-addressing interner, rows as offsets into one
// array, the exact phase's row buckets as a sorted array, the inverted index as offsets per cell id), so a matching
// allocates nothing per row or cell and a matcher reused across a pair's matchings hardly allocates at all.
#include "core/metrics/cell_matching.h"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <utility>

#include "core/metrics/value_equality.h"

namespace chokepoint {
namespace {

// Rows of one side after projection, stored flat (row r occupies [start[r], start[r + 1]) of values and ids): values
// in comparison order and the sorted id multiset.
struct Side {
  std::vector<uint32_t> start;
  std::vector<const Value*> values;  // projected (positional) or value-sorted (NC) rows
  std::vector<uint32_t> ids;
  std::vector<uint32_t> order;  // canonical order: order[rank] = original row index

  void clear() {
    start.assign(1, 0);
    values.clear();
    ids.clear();
    order.clear();
  }
  size_t rows() const { return start.size() - 1; }
  size_t width(size_t r) const { return start[r + 1] - start[r]; }
  const Value* const* values_of(size_t r) const { return values.data() + start[r]; }
  const uint32_t* ids_of(size_t r) const { return ids.data() + start[r]; }
  void end_row() { start.push_back(static_cast<uint32_t>(values.size())); }
};

// Lexicographic value order of two rows, shorter first on a common prefix: -1, 0 or 1.
int compare_row_values(const Side& s, size_t a, size_t b) {
  const size_t wa = s.width(a), wb = s.width(b), n = std::min(wa, wb);
  const Value* const* x = s.values_of(a);
  const Value* const* y = s.values_of(b);
  for (size_t i = 0; i < n; ++i)
    if (const int c = value_compare_fast(*x[i], *y[i])) return c;
  return wa < wb ? -1 : wa > wb ? 1 : 0;
}

// Cell ids by (slot, value) under Python equality, in order of first appearance; values are referenced, not copied
// (both results outlive the matching). Open addressing, at most half full.
class Interner {
 public:
  void reset(size_t cells) {
    size_t capacity = 16;
    while (capacity < 2 * cells) capacity <<= 1;
    table_.assign(capacity, 0);
    values_.clear();
    slots_.clear();
    hashes_.clear();
  }
  size_t size() const { return values_.size(); }
  uint32_t id(uint32_t slot, const Value* v) {
    const uint64_t h = python_hash(*v) ^ (static_cast<uint64_t>(slot) * 0x9e3779b97f4a7c15ULL);
    if (2 * (values_.size() + 1) > table_.size()) grow();
    const size_t mask = table_.size() - 1;
    for (size_t i = static_cast<size_t>(h) & mask;; i = (i + 1) & mask) {
      const uint32_t e = table_[i];
      if (e == 0) {
        table_[i] = static_cast<uint32_t>(values_.size() + 1);
        values_.push_back(v);
        slots_.push_back(slot);
        hashes_.push_back(h);
        return static_cast<uint32_t>(values_.size() - 1);
      }
      if (hashes_[e - 1] == h && slots_[e - 1] == slot && python_equal(*values_[e - 1], *v)) return e - 1;
    }
  }

 private:
  void grow() {
    table_.assign(table_.size() * 2, 0);
    const size_t mask = table_.size() - 1;
    for (size_t k = 0; k < hashes_.size(); ++k) {
      size_t i = static_cast<size_t>(hashes_[k]) & mask;
      while (table_[i] != 0) i = (i + 1) & mask;
      table_[i] = static_cast<uint32_t>(k + 1);
    }
  }

  std::vector<uint32_t> table_;  // id + 1, or 0 for an empty slot
  std::vector<const Value*> values_;
  std::vector<uint32_t> slots_;
  std::vector<uint64_t> hashes_;
};

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

void sort_row_ids(Side& s) {
  for (size_t r = 0; r < s.rows(); ++r) std::sort(s.ids.begin() + s.start[r], s.ids.begin() + s.start[r + 1]);
}

// Canonical row order: by values, ties in row order (what a stable sort gives).
void canonical_order(Side& s) {
  s.order.resize(s.rows());
  std::iota(s.order.begin(), s.order.end(), uint32_t{0});
  std::sort(s.order.begin(), s.order.end(), [&](uint32_t a, uint32_t b) {
    const int c = compare_row_values(s, a, b);
    return c != 0 ? c < 0 : a < b;
  });
}

// True every 256th call once the deadline has passed (a clock read per row would cost more than the matching). Not on
// the first row of a loop: the caller checks before each matching, and a small result's loops end before the 256th.
bool out_of_time(const Deadline& deadline, size_t i) { return ((i + 1) & 255) == 0 && deadline.passed(); }

// Values of a row in stable value order: insertion sort for the usual narrow rows (no allocation), stable_sort else.
void sort_row_values(const Value** first, const Value** last) {
  const auto less = [](const Value* a, const Value* b) { return value_less_fast(*a, *b); };
  if (last - first > 32) {
    std::stable_sort(first, last, less);
    return;
  }
  for (const Value** i = first + (first != last); i < last; ++i) {
    const Value* v = *i;
    const Value** j = i;
    for (; j > first && less(v, *(j - 1)); --j) *j = *(j - 1);
    *j = v;
  }
}

}  // namespace

struct CellMatcher::Buffers {
  Interner interner;
  Side gold, pred;
  std::vector<std::pair<uint64_t, uint32_t>> rows_by_hash;  // exact phase: (ids hash, pred rank), sorted
  std::vector<uint32_t> group_head;           // per position of rows_by_hash: its group's first entry not yet matched
  std::vector<uint8_t> gold_done, pred_done;  // indexed by canonical rank
  std::vector<uint32_t> bucket_start;         // partial phase: pred ranks holding cell id k are
  std::vector<uint32_t> bucket;               // bucket[bucket_start[k] .. bucket_start[k + 1]), ascending
  std::vector<uint32_t> bucket_head;          // per cell id: entries before it are all matched already
  std::vector<std::pair<size_t, uint32_t>> cells;  // a gold row's (bucket size, id), rarest first
  std::vector<uint8_t> by_rank;                    // a done array being moved from row order to rank order

  void project_positional(Side& s, const ResultSet& r, const std::vector<ColumnPair>& pairs, bool gold);
  void project_multiset(Side& s, const ResultSet& r);
  CellMatching match_sides(CellRegime regime, const Deadline& deadline);
};

void CellMatcher::Buffers::project_positional(Side& s, const ResultSet& r, const std::vector<ColumnPair>& pairs,
                                              bool is_gold) {
  static const Value kNull;
  s.clear();
  s.start.reserve(r.rows.size() + 1);
  s.values.reserve(r.rows.size() * pairs.size());
  s.ids.reserve(r.rows.size() * pairs.size());
  for (const auto& row : r.rows) {
    for (size_t k = 0; k < pairs.size(); ++k) {
      const size_t c = is_gold ? pairs[k].gold : pairs[k].pred;
      const Value* v = c < row.size() ? &row[c] : &kNull;
      s.ids.push_back(interner.id(static_cast<uint32_t>(k), v));
      s.values.push_back(v);
    }
    s.end_row();
  }
  sort_row_ids(s);
}

void CellMatcher::Buffers::project_multiset(Side& s, const ResultSet& r) {
  s.clear();
  s.start.reserve(r.rows.size() + 1);
  const size_t cells = r.rows.size() * (r.rows.empty() ? 0 : r.rows.front().size());  // exact unless ragged
  s.values.reserve(cells);
  s.ids.reserve(cells);
  for (const auto& row : r.rows) {
    const size_t first = s.values.size();
    for (const auto& v : row) s.values.push_back(&v);
    sort_row_values(s.values.data() + first, s.values.data() + s.values.size());
    for (size_t i = first; i < s.values.size(); ++i) s.ids.push_back(interner.id(0, s.values[i]));
    s.end_row();
  }
  sort_row_ids(s);
}

CellMatching CellMatcher::Buffers::match_sides(CellRegime regime, const Deadline& deadline) {
  Side& g = gold;
  Side& p = pred;
  CellMatching out;
  const size_t ng = g.rows(), np = p.rows();
  out.matches.reserve(std::min(ng, np));  // a row matches at most once on each side
  gold_done.assign(ng, 0);                // by row index in phase 1, by canonical rank in phase 2
  pred_done.assign(np, 0);

  // Phase 1: exact matches, as multiset intersection of whole rows. Each gold row, in canonical order, takes the
  // earliest live predicted row (canonical order) with the same ids. Rows with the same ids hold equal values in
  // the same order, so the canonical order keeps them in row order, and rows with other ids never compete for
  // them: row order gives the same pairs without sorting. Predicted rows are sorted by the hash of their ids (row
  // order within a hash); a hash group's head skips the rows taken.
  rows_by_hash.clear();
  for (size_t r = 0; r < np; ++r) rows_by_hash.push_back({ids_hash(p, r), static_cast<uint32_t>(r)});
  std::sort(rows_by_hash.begin(), rows_by_hash.end());
  group_head.resize(np);
  std::iota(group_head.begin(), group_head.end(), uint32_t{0});
  for (size_t gr = 0; gr < ng; ++gr) {
    if (out_of_time(deadline, gr)) {
      out.stopped = true;
      return out;
    }
    if (g.width(gr) == 0) continue;
    const uint64_t h = ids_hash(g, gr);
    const auto it = std::lower_bound(rows_by_hash.begin(), rows_by_hash.end(), std::pair<uint64_t, uint32_t>{h, 0});
    if (it == rows_by_hash.end() || it->first != h) continue;
    uint32_t& head = group_head[static_cast<size_t>(it - rows_by_hash.begin())];
    while (head < np && rows_by_hash[head].first == h && pred_done[rows_by_hash[head].second]) ++head;
    size_t pr = np;
    for (size_t e = head; e < np && rows_by_hash[e].first == h; ++e) {
      const size_t candidate = rows_by_hash[e].second;
      if (!pred_done[candidate] && same_ids(g, gr, p, candidate)) {
        pr = candidate;
        break;
      }
    }
    if (pr == np) continue;
    gold_done[gr] = pred_done[pr] = 1;
    out.matches.push_back({gr, pr, g.width(gr), true});  // in gold row order
    out.matched_cells += g.width(gr);
  }
  // Partial matches pair live rows only: none are left on a side once every row of it matched exactly.
  if (regime == CellRegime::Exact || out.matches.size() == ng || out.matches.size() == np) return out;

  // Phase 2: greedy partial matches, level by level, in canonical order; the done flags move to ranks.
  canonical_order(g);
  canonical_order(p);
  const auto to_ranks = [this](std::vector<uint8_t>& done, const std::vector<uint32_t>& order) {
    by_rank.resize(done.size());
    for (size_t rank = 0; rank < order.size(); ++rank) by_rank[rank] = done[order[rank]];
    done.swap(by_rank);
  };
  to_ranks(gold_done, g.order);
  to_ranks(pred_done, p.order);
  // Inverted index: cell id -> pred ranks, ascending.
  const size_t nid = interner.size();
  bucket_start.assign(nid + 1, 0);
  size_t wg = 0, wp = 0;
  for (size_t rank = 0; rank < np; ++rank) {
    const size_t pr = p.order[rank];
    const uint32_t* ids = p.ids_of(pr);
    wp = std::max(wp, p.width(pr));
    for (size_t k = 0; k < p.width(pr); ++k)
      if (k == 0 || ids[k] != ids[k - 1]) ++bucket_start[ids[k] + 1];
  }
  for (size_t k = 0; k < nid; ++k) bucket_start[k + 1] += bucket_start[k];
  bucket.resize(bucket_start[nid]);
  bucket_head.assign(bucket_start.begin(), bucket_start.end() - 1);  // the fill cursor first, then the head
  for (size_t rank = 0; rank < np; ++rank) {
    const size_t pr = p.order[rank];
    const uint32_t* ids = p.ids_of(pr);
    for (size_t k = 0; k < p.width(pr); ++k)
      if (k == 0 || ids[k] != ids[k - 1]) bucket[bucket_head[ids[k]]++] = static_cast<uint32_t>(rank);
  }
  bucket_head.assign(bucket_start.begin(), bucket_start.end() - 1);
  for (size_t r = 0; r < ng; ++r) wg = std::max(wg, g.width(r));
  // Equal widths: the full-overlap level is the exact phase, already done.
  const size_t top = wg == wp && wg > 0 ? wg - 1 : std::min(wg, wp);
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
      // The gold row's cells, rarest bucket first; an empty bucket means a cell nobody shares.
      cells.clear();  // (bucket size, id), one per cell (with multiplicity)
      for (const uint32_t* id = g.ids_of(gr); id != g.ids_of(gr) + width; ++id)
        cells.push_back({bucket_start[*id + 1] - bucket_start[*id], *id});
      std::sort(cells.begin(), cells.end());
      size_t best = np;  // smallest qualifying pred rank
      const size_t scan = width - level + 1;
      for (size_t c = 0; c < scan; ++c) {
        if (cells[c].first == 0) continue;
        if (c > 0 && cells[c].second == cells[c - 1].second) continue;
        const uint32_t id = cells[c].second;
        const size_t end = bucket_start[id + 1];
        uint32_t& h = bucket_head[id];
        while (h < end && pred_done[bucket[h]]) ++h;
        for (size_t e = h; e < end && bucket[e] < best; ++e) {
          const size_t pr = bucket[e];
          if (pred_done[pr]) continue;
          if (shared_cells(g, gr, p, p.order[pr]) >= level) {
            best = pr;
            break;
          }
        }
      }
      if (best == np) continue;
      gold_done[rank] = pred_done[best] = 1;
      const size_t cells_shared = shared_cells(g, gr, p, p.order[best]);
      out.matches.push_back({gr, p.order[best], cells_shared, false});
      out.matched_cells += cells_shared;
    }
  }
  std::sort(out.matches.begin(), out.matches.end(),
            [](const RowMatch& a, const RowMatch& b) { return a.gold_row < b.gold_row; });
  return out;
}

CellMatcher::CellMatcher() : buffers_(std::make_unique<Buffers>()) {}
CellMatcher::~CellMatcher() = default;

CellMatching CellMatcher::on_columns(const ResultSet& gold, const ResultSet& pred, const std::vector<ColumnPair>& pairs,
                                     CellRegime regime, const Deadline& deadline) {
  if (pairs.empty()) return {};
  Buffers& b = *buffers_;
  b.interner.reset((gold.rows.size() + pred.rows.size()) * pairs.size());
  b.project_positional(b.gold, gold, pairs, true);
  b.project_positional(b.pred, pred, pairs, false);
  return b.match_sides(regime, deadline);
}

CellMatching CellMatcher::without_columns(const ResultSet& gold, const ResultSet& pred, CellRegime regime,
                                          const Deadline& deadline) {
  Buffers& b = *buffers_;
  b.interner.reset(gold.rows.size() * (gold.rows.empty() ? 0 : gold.rows[0].size()) +
                   pred.rows.size() * (pred.rows.empty() ? 0 : pred.rows[0].size()));
  b.project_multiset(b.gold, gold);
  b.project_multiset(b.pred, pred);
  return b.match_sides(regime, deadline);
}

CellMatching match_cells_on_columns(const ResultSet& gold, const ResultSet& pred, const std::vector<ColumnPair>& pairs,
                                    CellRegime regime, const Deadline& deadline) {
  return CellMatcher().on_columns(gold, pred, pairs, regime, deadline);
}

CellMatching match_cells_without_columns(const ResultSet& gold, const ResultSet& pred, CellRegime regime,
                                         const Deadline& deadline) {
  return CellMatcher().without_columns(gold, pred, regime, deadline);
}

}  // namespace chokepoint
