// Metrics of a probabilistic binary classifier (see classification_metrics.h).
#include "core/learn/classification_metrics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace chokepoint::learn {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double ratio(double a, double b) { return b > 0 ? a / b : kNaN; }

}  // namespace

double roc_auc(const std::vector<uint8_t>& labels, const std::vector<double>& scores) {
  const size_t n = labels.size();
  std::vector<size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return scores[a] < scores[b]; });
  // Average ranks (1-based) over runs of equal scores; AUC = (sum of positive ranks - P(P+1)/2) / (P N).
  double positive_ranks = 0, positives = 0;
  for (size_t i = 0; i < n;) {
    size_t j = i;
    while (j + 1 < n && scores[order[j + 1]] == scores[order[i]]) ++j;
    const double rank = (static_cast<double>(i) + static_cast<double>(j)) / 2.0 + 1.0;
    for (size_t k = i; k <= j; ++k)
      if (labels[order[k]]) {
        positive_ranks += rank;
        positives += 1;
      }
    i = j + 1;
  }
  const double negatives = static_cast<double>(n) - positives;
  if (positives == 0 || negatives == 0) return kNaN;
  return (positive_ranks - positives * (positives + 1) / 2.0) / (positives * negatives);
}

double brier_score(const std::vector<uint8_t>& labels, const std::vector<double>& scores) {
  if (labels.empty()) return kNaN;
  double s = 0;
  for (size_t i = 0; i < labels.size(); ++i) {
    const double d = scores[i] - labels[i];
    s += d * d;
  }
  return s / static_cast<double>(labels.size());
}

std::vector<ReliabilityBin> reliability_bins(const std::vector<uint8_t>& labels, const std::vector<double>& scores,
                                             int bins) {
  std::vector<ReliabilityBin> out(static_cast<size_t>(std::max(1, bins)));
  const double width = 1.0 / static_cast<double>(out.size());
  for (size_t b = 0; b < out.size(); ++b) {
    out[b].low = static_cast<double>(b) * width;
    out[b].high = static_cast<double>(b + 1) * width;
  }
  for (size_t i = 0; i < labels.size(); ++i) {
    const size_t b = std::min(out.size() - 1, static_cast<size_t>(std::max(0.0, scores[i]) / width));
    ++out[b].n;
    out[b].mean_score += scores[i];
    out[b].observed += labels[i];
  }
  for (auto& b : out)
    if (b.n) {
      b.mean_score /= static_cast<double>(b.n);
      b.observed /= static_cast<double>(b.n);
    }
  return out;
}

ClassificationMetrics classification_metrics(const std::vector<uint8_t>& labels, const std::vector<double>& scores,
                                             double threshold, int bins) {
  ClassificationMetrics m;
  m.n = labels.size();
  for (size_t i = 0; i < labels.size(); ++i) {
    const bool predicted = scores[i] > threshold;
    if (predicted && labels[i]) ++m.tp;
    if (predicted && !labels[i]) ++m.fp;
    if (!predicted && !labels[i]) ++m.tn;
    if (!predicted && labels[i]) ++m.fn;
  }
  const auto d = [](size_t v) { return static_cast<double>(v); };
  m.accuracy = ratio(d(m.tp + m.tn), d(m.n));
  m.precision = ratio(d(m.tp), d(m.tp + m.fp));
  m.recall = ratio(d(m.tp), d(m.tp + m.fn));
  m.f1 = ratio(2.0 * d(m.tp), d(2 * m.tp + m.fp + m.fn));
  m.roc_auc = roc_auc(labels, scores);
  m.brier = brier_score(labels, scores);
  m.reliability = reliability_bins(labels, scores, bins);
  return m;
}

}  // namespace chokepoint::learn
