// EXP, EXR and F1 of SQLMorph §VI for one gold/predicted result pair under one regime, with everything needed to
// explain the score (matched columns, matched rows, cell totals). Pure: results in, a value out.
#pragma once
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/db/value.h"
#include "core/metrics/cell_matching.h"
#include "core/metrics/column_matching.h"
#include "core/metrics/regime.h"

namespace chokepoint {

struct FineGrainedScore {
  double exp = 0, exr = 0, f1 = 0;  // in [0, 1]
  size_t matched_cells = 0;
  size_t gold_cells = 0;      // |rows(q)| * |cols(q)|
  size_t pred_cells = 0;      // |rows(q^)| * |cols(q^)| (PE, NC) or |rows(q^)| * |c_cap| (IE)
  bool forced_by_ex = false;  // EX = 1, so all three are 1 without matching (§VI-B)
};

// The full comparison: the score and how it was reached.
struct PairComparison {
  Regime regime;
  FineGrainedScore score;
  std::vector<ColumnPair> columns;  // empty under NC and when forced by EX
  std::vector<RowMatch> rows;       // empty when forced by EX
  bool columns_capped = false;      // SC matched only the first kMaxSemanticColumns columns of a side
};

// Cell totals to metrics. Conventions: no gold and no predicted cells -> 1, 1, 1; no gold cells only -> EXP 0,
// EXR 1; no predicted cells but some gold cells -> EXP 0 (decisions.md §7: an empty prediction is not precise;
// the reference implementation gives it 1), EXR 0. F1 is 0 when EXP + EXR is 0.
FineGrainedScore score_from_cells(size_t matched_cells, size_t gold_cells, size_t pred_cells);

// Scores one pair. `ex` is the pair's execution accuracy under the chosen semantics: EX = 1 forces EXP = EXR =
// F1 = 1 (§VI-B). Fails when a plugged-in embedding function fails (SC) or the deadline passes.
Result<PairComparison> compare_results(const ResultSet& gold, const ResultSet& pred, const Regime& regime, bool ex,
                                       const ColumnMatchOptions& options = {},
                                       const Deadline& deadline = Deadline::never());

// The same for several regimes at once, sharing work: one column matching per column regime, and one cell matching
// per column regime (the exact-cell result is the exact phase of the partial-cell one; extras change only the
// predicted cell total). Output in the order of `regimes`; equal to calling compare_results for each. With
// scores_only, each comparison carries its score and regime but not its column pairs and matched rows (a batch
// that keeps no explanations need not copy them per regime). Work stops soon after `deadline` passes, with an error
// naming the time limit (the caller reports the item as a timeout).
Result<std::vector<PairComparison>> compare_results_for_regimes(const ResultSet& gold, const ResultSet& pred,
                                                                const std::vector<Regime>& regimes, bool ex,
                                                                const ColumnMatchOptions& options = {},
                                                                bool scores_only = false,
                                                                const Deadline& deadline = Deadline::never());

}  // namespace chokepoint
