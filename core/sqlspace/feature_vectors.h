// Feature matrices as the learners' input: one 0/1 row per example over the columns some example knows. An unknown
// cell reads 0, as the paper's evaluator answers "No" when unsure (003 Prompts F); a column no example knows (an LLM
// feature not asked yet) is left out, so it cannot add a constant dimension or pass for a finding.
#pragma once
#include <vector>

#include "core/learn/dense_matrix.h"
#include "core/learn/random_forest.h"
#include "core/sqlspace/feature_matrix.h"

namespace chokepoint::sqlspace {

// Invariant: rows.cols == feature_ids.size(); rows.rows is the sum of the matrices' rows, in their order.
struct FeatureVectors {
  std::vector<int> feature_ids;  // catalogue ids of the kept columns, increasing
  learn::BinaryRows rows;
  learn::DenseMatrix dense() const;  // the same cells as doubles (k-means, PCA)
};

// The rows of every matrix stacked; a column is kept when it is known in at least one row of any matrix. `only`, when
// not empty, restricts the columns to those ids (the online mask).
FeatureVectors feature_vectors(const std::vector<const FeatureMatrix*>& matrices, const std::vector<int>& only = {});

}  // namespace chokepoint::sqlspace
