// A forest trained on one set's features and outcomes, applied to another set (see correctness_transfer.h).
#include "core/sqlspace/correctness_transfer.h"

#include "core/sqlspace/feature_vectors.h"

namespace chokepoint::sqlspace {

CorrectnessTransfer transfer_correctness(const FeatureMatrix& train, const std::vector<std::optional<bool>>& correct,
                                         const FeatureMatrix& target, const learn::ForestOptions& options) {
  CorrectnessTransfer out;
  const FeatureVectors all = feature_vectors({&train});
  out.feature_ids = all.feature_ids;
  std::vector<size_t> scored;
  for (size_t i = 0; i < all.rows.rows && i < correct.size(); ++i)
    if (correct[i]) scored.push_back(i);
  out.trained = scored.size();
  if (scored.empty() || all.rows.cols == 0) return out;
  learn::BinaryRows x(scored.size(), all.rows.cols);
  std::vector<uint8_t> labels;
  for (size_t k = 0; k < scored.size(); ++k) {
    for (size_t c = 0; c < all.rows.cols; ++c) x.at(k, c) = all.rows.at(scored[k], c);
    labels.push_back(*correct[scored[k]] ? 1 : 0);
  }
  const auto forest = learn::RandomForest::train(x, labels, options);
  learn::BinaryRows y(target.rows.size(), all.rows.cols);
  for (size_t c = 0; c < all.rows.cols; ++c) {
    const int tc = target.column_of(out.feature_ids[c]);
    if (tc < 0) continue;
    for (size_t i = 0; i < target.rows.size(); ++i) y.at(i, c) = target.rows[i].values.test(static_cast<size_t>(tc));
  }
  out.p_correct = forest.probabilities(y);
  return out;
}

}  // namespace chokepoint::sqlspace
