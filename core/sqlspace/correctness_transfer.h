// The correctness estimator applied to another set (003 §6's online setting: trained on Unite-Dev, used on Bird-Dev):
// a random forest trained on every scored item of one matrix predicts P(right) for each item of another, so question
// rewriting can choose among all of a set's items, not only an estimator's held-out tenth.
#pragma once
#include <optional>
#include <vector>

#include "core/learn/random_forest.h"
#include "core/sqlspace/feature_matrix.h"

namespace chokepoint::sqlspace {

struct CorrectnessTransfer {
  size_t trained = 0;             // scored training items
  std::vector<int> feature_ids;   // the training columns some item knows (the forest's inputs), increasing
  std::vector<double> p_correct;  // per row of the target matrix
};

// correct[i]: the model's outcome on train's row i (nullopt: not scored, left out). The target's cells are read over
// the training columns by id; a column the target lacks, or an unknown cell, reads 0 (feature_vectors.h's rule).
// With no scored item, or no known column, p_correct is empty.
CorrectnessTransfer transfer_correctness(const FeatureMatrix& train, const std::vector<std::optional<bool>>& correct,
                                         const FeatureMatrix& target, const learn::ForestOptions& options);

}  // namespace chokepoint::sqlspace
