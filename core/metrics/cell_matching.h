// Row and cell matching of SQLMorph §VI-B-b. Under EC and SC, rows are compared on the matched column pairs
// (cell i of a gold row against the paired cell of a predicted row); under NC, rows are compared as multisets of
// values, so a cell counts when the same value appears in both rows, whatever its column.
// EC (exact cells): multiset matching of whole projected rows. PC (partial cells): exact matches first, then the
// greedy best partial pairs. Greedy order: more shared cells first, then gold row, then predicted row, both in
// canonical (sorted) row order, so equal relations give equal matchings whatever order SQLite returned them in.
#pragma once
#include <memory>
#include <vector>

#include "core/base/deadline.h"
#include "core/db/value.h"
#include "core/metrics/column_matching.h"
#include "core/metrics/regime.h"

namespace chokepoint {

struct RowMatch {
  size_t gold_row = 0;  // index into gold.rows
  size_t pred_row = 0;  // index into pred.rows
  size_t cells = 0;     // cells credited: equal paired cells (EC/SC) or the multiset overlap (NC)
  bool exact = false;   // found in the exact phase (every compared cell equal)
};

struct CellMatching {
  std::vector<RowMatch> matches;  // sorted by gold_row
  size_t matched_cells = 0;
  bool stopped = false;  // the deadline passed: the matching is incomplete and must not be scored
};

// Positional matching on `pairs` (EC/SC column regimes).
// Both poll `deadline` every few hundred rows.
CellMatching match_cells_on_columns(const ResultSet& gold, const ResultSet& pred, const std::vector<ColumnPair>& pairs,
                                    CellRegime regime, const Deadline& deadline = Deadline::never());
// Column-free matching (NC): rows as multisets of values.
CellMatching match_cells_without_columns(const ResultSet& gold, const ResultSet& pred, CellRegime regime,
                                         const Deadline& deadline = Deadline::never());

// The same two matchings on buffers kept between calls: the matchings of one pair (EC, SC, NC) share one matcher, so
// a small result costs a few allocations per pair instead of several per row and cell. The buffers carry nothing
// from one call into the next result; a matcher belongs to one thread.
class CellMatcher {
 public:
  CellMatcher();
  ~CellMatcher();
  CellMatcher(const CellMatcher&) = delete;
  CellMatcher& operator=(const CellMatcher&) = delete;

  CellMatching on_columns(const ResultSet& gold, const ResultSet& pred, const std::vector<ColumnPair>& pairs,
                          CellRegime regime, const Deadline& deadline = Deadline::never());
  CellMatching without_columns(const ResultSet& gold, const ResultSet& pred, CellRegime regime,
                               const Deadline& deadline = Deadline::never());

 private:
  struct Buffers;
  std::unique_ptr<Buffers> buffers_;
};

}  // namespace chokepoint
