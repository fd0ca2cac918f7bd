// Efficiency scores from time ratios: VES as BIRD's evaluation_ves.py computes it, C-VES (004 Eq. 3-4) and R-VES as
// BIRD mini-dev's evaluation_ves.py computes it. Pure arithmetic on per-run ratios gold_time / pred_time; the ratios
// themselves come from query_timing.h.
#pragma once
#include <cstddef>
#include <vector>

namespace chokepoint {

// BIRD's clean_abnormal (DAMO-ConvAI bird/llm/src/evaluation_ves.py and bird-bench/mini_dev
// evaluation/evaluation_ves.py, identical in both): keeps x with mean - 3σ < x < mean + 3σ, σ the population
// standard deviation (np.std, ddof 0), strict on both sides, in input order. One deliberate difference: when σ = 0
// (every ratio equal) BIRD's strict test keeps nothing and iterated_execute_sql divides by zero, which execute_model
// catches as an error and scores 0; here nothing lies outside the band, so every ratio is kept.
std::vector<double> clean_abnormal(const std::vector<double>& ratios);

// What BIRD's iterated_execute_sql makes of one correct item's ratios, with the spread we add.
struct RatioSummary {
  size_t runs = 0;    // ratios given
  size_t kept = 0;    // ratios clean_abnormal kept
  double mean = 0;    // mean of the kept ratios: BIRD's time_ratio; 0 when none were given
  double cv = 0;      // coefficient of variation of the kept ratios (population σ / mean); 0 for fewer than 2
  double score = 0;   // ves_item_score(mean)
  double reward = 0;  // ves_reward(mean)
};
RatioSummary summarize_ratios(const std::vector<double>& ratios);

// One item's VES term: sqrt(time_ratio) * 100 (evaluation_ves.py compute_ves); 0 for a ratio <= 0 (wrong, error,
// timeout: BIRD's time_ratio stays 0 for them).
double ves_item_score(double time_ratio);

// BIRD mini-dev's reward (evaluation/evaluation_ves.py, iterated_execute_sql), from the mean of the kept ratios (the
// ratios are averaged first, then rewarded): 0 when time_ratio is 0 (wrong, error, timeout), else >= 2 -> 1.25,
// [1, 2) -> 1, [0.5, 1) -> 0.75, [0.25, 0.5) -> 0.5, below 0.25 -> 0.25.
double ves_reward(double time_ratio);

// One item as the scores see it: whether the prediction is correct (EX = 1, ran within the limits) and its
// time_ratio (RatioSummary::mean; ignored when not correct).
struct EfficiencyItem {
  bool correct = false;
  double time_ratio = 0;
};

struct EfficiencyScores {
  size_t n = 0;        // items
  size_t correct = 0;  // items with correct = true
  double ves = 0;      // mean over all n of ves_item_score (0 for wrong items): BIRD's compute_ves
  // 004 Eq. 3-4: the mean over the correct items only, so VES = EX(fraction) * C-VES; 0 when none is correct.
  double c_ves = 0;
  double r_ves = 0;  // mean over all n of sqrt(ves_reward) * 100: mini-dev's compute_ves
};
EfficiencyScores efficiency_scores(const std::vector<EfficiencyItem>& items);

}  // namespace chokepoint
