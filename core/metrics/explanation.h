// Explanations of a fine-grained score: which columns were paired (and how similar they were), which rows matched
// exactly or partially, and which cells of each matched row count. Values for the UI, JSON for `eval --explain`.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/db/value.h"
#include "core/metrics/fine_grained_metrics.h"
#include "core/metrics/pair_evaluation.h"

namespace chokepoint {

// The gold column indices whose cells count in one matched row. Under EC/SC: the paired columns whose cells are
// equal. Under NC: the gold cells matched by an equal predicted value (each predicted cell used once, left to right).
std::vector<size_t> counted_gold_columns(const PairComparison& cmp, const RowMatch& match, const ResultSet& gold,
                                         const ResultSet& pred);

// The (gold column, predicted column) pairs of the cells that count in one matched row, in gold column order: the
// cells counted_gold_columns names, each with the predicted cell it matched.
std::vector<std::pair<size_t, size_t>> counted_cells(const PairComparison& cmp, const RowMatch& match,
                                                     const ResultSet& gold, const ResultSet& pred);

// Which cells of each result count as matched under the comparison's regime, row by row (the shapes of the two
// results): the cells of counted_cells over every matched row; every cell when EX = 1 forced the scores. For a view
// that colours the two results side by side.
struct MatchedCells {
  std::vector<std::vector<bool>> gold, pred;
};
MatchedCells matched_cells(const PairComparison& cmp, const ResultSet& gold, const ResultSet& pred);

// {"regime", "exp", "exr", "f1", "matched_cells", "gold_cells", "pred_cells", "forced_by_ex", "columns": [{gold,
// pred, gold_name, pred_name, similarity}], "rows": [{gold_row, pred_row, exact, cells, counted_columns}],
// "unmatched_gold_rows", "unmatched_pred_rows"}. At most max_rows row entries (the counts are always complete).
nlohmann::json comparison_to_json(const PairComparison& cmp, const ResultSet& gold, const ResultSet& pred,
                                  size_t max_rows = 50);

// One item of an evaluation report; with details kept, "explanations" holds one comparison per regime.
nlohmann::json item_to_json(const ItemEvaluation& item, const std::vector<Regime>& regimes, size_t max_rows = 50);
// {"n", "scored", "ex", "gold_errors", "gold_timeouts", "no_database", "pred_errors", "timeouts",
//  "regimes": {"EC-EC-IE": {"exp", "exr", "f1"}, ...}} with percentages rounded to two decimals.
nlohmann::json summary_to_json(const EvaluationSummary& summary);

}  // namespace chokepoint
