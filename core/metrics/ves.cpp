// VES, C-VES and R-VES from time ratios (see ves.h for the sources of each rule).
#include "core/metrics/ves.h"

#include <cmath>

namespace chokepoint {
namespace {

double mean_of(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x;
  return v.empty() ? 0 : s / static_cast<double>(v.size());
}

// np.std with its default ddof = 0.
double population_sd(const std::vector<double>& v, double mean) {
  if (v.empty()) return 0;
  double s = 0;
  for (double x : v) s += (x - mean) * (x - mean);
  return std::sqrt(s / static_cast<double>(v.size()));
}

}  // namespace

std::vector<double> clean_abnormal(const std::vector<double>& ratios) {
  const double mean = mean_of(ratios);
  const double sd = population_sd(ratios, mean);
  if (sd == 0) return ratios;  // BIRD keeps nothing here and scores the item 0 (ves.h)
  std::vector<double> kept;
  for (double x : ratios)
    if (x < mean + 3 * sd && x > mean - 3 * sd) kept.push_back(x);
  return kept;
}

RatioSummary summarize_ratios(const std::vector<double>& ratios) {
  RatioSummary s;
  s.runs = ratios.size();
  const auto kept = clean_abnormal(ratios);
  s.kept = kept.size();
  s.mean = mean_of(kept);
  if (kept.size() >= 2 && s.mean != 0) s.cv = population_sd(kept, s.mean) / s.mean;
  s.score = ves_item_score(s.mean);
  s.reward = ves_reward(s.mean);
  return s;
}

double ves_item_score(double time_ratio) { return time_ratio > 0 ? std::sqrt(time_ratio) * 100 : 0; }

double ves_reward(double time_ratio) {
  if (time_ratio <= 0) return 0;
  if (time_ratio >= 2) return 1.25;
  if (time_ratio >= 1) return 1;
  if (time_ratio >= 0.5) return 0.75;
  if (time_ratio >= 0.25) return 0.5;
  return 0.25;
}

EfficiencyScores efficiency_scores(const std::vector<EfficiencyItem>& items) {
  EfficiencyScores s;
  s.n = items.size();
  double ves = 0, reward = 0;
  for (const auto& it : items) {
    if (!it.correct) continue;
    ++s.correct;
    ves += ves_item_score(it.time_ratio);
    reward += std::sqrt(ves_reward(it.time_ratio)) * 100;
  }
  if (s.n > 0) {
    s.ves = ves / static_cast<double>(s.n);
    s.r_ves = reward / static_cast<double>(s.n);
  }
  if (s.correct > 0) s.c_ves = ves / static_cast<double>(s.correct);
  return s;
}

}  // namespace chokepoint
