// ΔEX between two aligned runs (original vs expanded, augmented or mutated items) and the tables built on it:
// the distribution of thesis Tables 3.7 and 4.6, the recovery rates by join count of SQLMorph Table VI, and EX by
// number of joins (SQLMorph Fig. 3). Inputs are plain EX bits so any run (CLI, UI, tests) can feed them.
#pragma once
#include <cstddef>
#include <vector>

#include "core/base/result.h"

namespace chokepoint {

// One aligned item: EX of the original and of its variant.
struct ExTransition {
  bool original = false;
  bool variant = false;
  int delta() const { return (variant ? 1 : 0) - (original ? 1 : 0); }  // ΔEX in {-1, 0, 1}
};

// Thesis Table 3.7 / 4.6 columns: ΔEX = 1, ΔEX = -1, ΔEX = 0 | EX = 1, ΔEX = 0 | EX = 0.
struct DeltaExTable {
  size_t n = 0;
  size_t improved = 0;      // ΔEX = 1: original wrong, variant right
  size_t degraded = 0;      // ΔEX = -1: original right, variant wrong
  size_t kept_correct = 0;  // ΔEX = 0 | EX = 1
  size_t kept_wrong = 0;    // ΔEX = 0 | EX = 0
  double percent(size_t count) const { return n ? 100.0 * static_cast<double>(count) / static_cast<double>(n) : 0.0; }
  double mean_delta() const {  // mean ΔEX, in EX points (percent)
    return n ? 100.0 * (static_cast<double>(improved) - static_cast<double>(degraded)) / static_cast<double>(n) : 0.0;
  }
};

DeltaExTable delta_ex_table(const std::vector<ExTransition>& items);

// Aligns runs where several variants come from one original (thesis: 58 expansions of 30 originals):
// origin_of_variant[i] is the original index of variant i. Fails on mismatched lengths or an index out of range.
Result<std::vector<ExTransition>> align_variants(const std::vector<bool>& original_ex,
                                                 const std::vector<bool>& variant_ex,
                                                 const std::vector<size_t>& origin_of_variant);
// One-to-one alignment (same length).
Result<std::vector<ExTransition>> align_runs(const std::vector<bool>& original_ex, const std::vector<bool>& variant_ex);

// EX by number of joins; rows sorted by join count.
struct JoinBucket {
  int joins = 0;
  size_t n = 0;
  size_t correct = 0;
  double ex() const { return n ? 100.0 * static_cast<double>(correct) / static_cast<double>(n) : 0.0; }
};
// join_counts[i] is the number of joins of item i (from the join query graph, computed by core/sql); negative
// counts (unknown) are skipped. Fails on mismatched lengths.
Result<std::vector<JoinBucket>> ex_by_joins(const std::vector<bool>& ex, const std::vector<int>& join_counts);

// SQLMorph Table VI: among items whose variant fails (EX_variant = 0), how many recover with the original
// (EX_original = 1), per join count.
struct RecoveryRow {
  int joins = 0;
  size_t failed = 0;     // EX_variant = 0
  size_t recovered = 0;  // ... and EX_original = 1
  double recovery() const {
    return failed ? 100.0 * static_cast<double>(recovered) / static_cast<double>(failed) : 0.0;
  }
};
Result<std::vector<RecoveryRow>> recovery_by_joins(const std::vector<ExTransition>& items,
                                                   const std::vector<int>& join_counts);

}  // namespace chokepoint
