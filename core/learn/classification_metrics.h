// How well a probabilistic binary classifier does on held-out items (SQLSpace §6, Table 8 and Figures 6-7): the
// confusion counts at a threshold, precision, recall, F1 and accuracy for label 1, ROC-AUC from the scores' ranks,
// the Brier score, and a reliability diagram (equal-width probability bins).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace chokepoint::learn {

// One bin of the reliability diagram: items whose score falls in [low, high) (the last bin includes 1).
struct ReliabilityBin {
  double low = 0, high = 0;
  size_t n = 0;
  double mean_score = 0;  // mean predicted probability in the bin (0 when empty)
  double observed = 0;    // share of label 1 in the bin (0 when empty)
};

// Invariant: tp + fp + tn + fn = n. A ratio whose denominator is 0 is NaN (undefined), as is roc_auc when only one
// label occurs.
struct ClassificationMetrics {
  size_t n = 0, tp = 0, fp = 0, tn = 0, fn = 0;
  double accuracy = 0, precision = 0, recall = 0, f1 = 0;
  double roc_auc = 0;
  double brier = 0;
  std::vector<ReliabilityBin> reliability;
};

// Mann-Whitney form: the probability that a random label-1 item scores above a random label-0 one, ties counting
// one half (average ranks). NaN with one label only.
double roc_auc(const std::vector<uint8_t>& labels, const std::vector<double>& scores);
// Mean of (score - label)^2.
double brier_score(const std::vector<uint8_t>& labels, const std::vector<double>& scores);
std::vector<ReliabilityBin> reliability_bins(const std::vector<uint8_t>& labels, const std::vector<double>& scores,
                                             int bins);

// Predicted label 1 when score > threshold.
ClassificationMetrics classification_metrics(const std::vector<uint8_t>& labels, const std::vector<double>& scores,
                                             double threshold = 0.5, int bins = 10);

}  // namespace chokepoint::learn
