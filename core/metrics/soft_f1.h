// Soft-F1 as BIRD mini-dev scores a prediction (evaluation/evaluation_f1.py, calculate_f1_score and
// calculate_row_match): a partial-credit score on executed results that pairs rows by position, where SQLMorph's
// EXP/EXR/F1 (fine_grained_metrics.h) match columns and cells whatever their order.
#pragma once
#include "core/db/value.h"

namespace chokepoint {

// The three sums calculate_f1_score builds before its precision and recall (for explanations and tests).
struct SoftF1Parts {
  double matched = 0;    // tp: per gold row, the share of the paired prediction row's values found in it
  double pred_only = 0;  // fp: the share of the paired prediction row's values not in the gold row, + 1 per extra row
  double gold_only = 0;  // fn: the share of the gold row's values not in the prediction row, + 1 per missing row
  double f1 = 0;         // in [0, 1]
};

// Both results empty -> 1. Otherwise each result's duplicate rows are dropped keeping first occurrences
// (dict.fromkeys), gold row i is paired with prediction row i, and each pair adds the shares of
// calculate_row_match, whose denominator is always the gold row's width (so a prediction row wider than the gold
// can add more than 1 to pred_only: mini-dev's rule, kept). Values compare with Python's == (1 == 1.0).
SoftF1Parts soft_f1_parts(const ResultSet& gold, const ResultSet& pred);
double soft_f1(const ResultSet& gold, const ResultSet& pred);

}  // namespace chokepoint
