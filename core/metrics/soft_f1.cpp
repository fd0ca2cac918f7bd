// BIRD mini-dev's Soft-F1, computed on our typed results with Python's equality.
#include "core/metrics/soft_f1.h"

#include <algorithm>
#include <vector>

#include "core/metrics/value_equality.h"

namespace chokepoint {
namespace {

// `value in row`: Python's membership test on a tuple.
bool contains(const Row& row, const Value& v) {
  for (const auto& x : row)
    if (python_equal(x, v)) return true;
  return false;
}

}  // namespace

SoftF1Parts soft_f1_parts(const ResultSet& gold_result, const ResultSet& pred_result) {
  SoftF1Parts p;
  if (gold_result.rows.empty() && pred_result.rows.empty()) {
    p.f1 = 1;
    return p;
  }
  // list(dict.fromkeys(rows)): the first occurrence of each row, in order.
  const auto gold = distinct_row_positions(gold_result.rows);
  const auto pred = distinct_row_positions(pred_result.rows);
  for (size_t i = 0; i < gold.size(); ++i) {
    if (i >= pred.size()) {
      p.gold_only += 1;  // a gold row with no prediction row at its position
      continue;
    }
    const Row& g = gold_result.rows[gold[i]];
    const Row& q = pred_result.rows[pred[i]];
    // calculate_row_match divides by the gold row's width; a zero-width row cannot come out of SQLite.
    const double width = g.empty() ? 1.0 : static_cast<double>(g.size());
    size_t in_gold = 0, not_in_gold = 0, not_in_pred = 0;
    for (const auto& v : q) (contains(g, v) ? in_gold : not_in_gold) += 1;
    for (const auto& v : g)
      if (!contains(q, v)) ++not_in_pred;
    p.matched += static_cast<double>(in_gold) / width;
    p.pred_only += static_cast<double>(not_in_gold) / width;
    p.gold_only += static_cast<double>(not_in_pred) / width;
  }
  if (pred.size() > gold.size()) p.pred_only += static_cast<double>(pred.size() - gold.size());
  const double precision = p.matched + p.pred_only > 0 ? p.matched / (p.matched + p.pred_only) : 0;
  const double recall = p.matched + p.gold_only > 0 ? p.matched / (p.matched + p.gold_only) : 0;
  p.f1 = precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0;
  return p;
}

double soft_f1(const ResultSet& gold, const ResultSet& pred) {
  // Identical rows (none empty): each distinct row matches itself in full, so precision and recall are exactly 1.
  const auto empty_row = [](const Row& r) { return r.empty(); };
  if (!gold.rows.empty() && rows_identical(gold.rows, pred.rows) &&
      std::none_of(gold.rows.begin(), gold.rows.end(), empty_row))
    return 1.0;
  return soft_f1_parts(gold, pred).f1;
}

}  // namespace chokepoint
