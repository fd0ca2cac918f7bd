// Efficiency of a pair: EX first, then the timings; and the run's scores and spread.
#include "core/metrics/efficiency_evaluation.h"

#include <cmath>

namespace chokepoint {

PairEfficiency evaluate_efficiency(const Connection& db, const EvalPair& pair, const EvaluationOptions& ex_options,
                                   const EfficiencyOptions& options) {
  PairEfficiency out;
  EvaluationOptions ex = ex_options;
  ex.test_suite = false;
  ex.keep_details = false;
  out.ex = evaluate_pair(db, pair, ex);
  if (out.ex.status != ItemStatus::Scored) return out;
  const size_t g = out.ex.matched_gold;
  out.timed_gold_sql = g == 0 || g > pair.gold_alternatives.size() ? pair.gold_sql : pair.gold_alternatives[g - 1];
  if (out.ex.ex) {
    out.timed = true;
    out.timing = time_pair(db, out.timed_gold_sql, pair.pred_sql, options.timing);
  }
  if (options.self_check) {
    out.self_timed = true;
    out.self = time_pair(db, out.timed_gold_sql, out.timed_gold_sql, options.timing);
  }
  if (options.plans) out.plans = pair_plans(db, out.timed_gold_sql, pair.pred_sql);
  return out;
}

std::vector<PairEfficiency> evaluate_efficiency_pairs(const std::vector<EvalPair>& pairs, DatabasePool& pool,
                                                      const EvaluationOptions& ex_options,
                                                      const EfficiencyOptions& options) {
  std::vector<PairEfficiency> items;
  items.reserve(pairs.size());
  for (const auto& pair : pairs) {
    auto db = pool.get(pair.db_id);
    if (!db.ok()) {
      PairEfficiency missing;
      missing.ex.id = pair.id;
      missing.ex.db_id = pair.db_id;
      missing.ex.status = ItemStatus::NoDatabase;
      missing.ex.message = db.error();
      items.push_back(std::move(missing));
      continue;
    }
    items.push_back(evaluate_efficiency(**db, pair, ex_options, options));
  }
  return items;
}

EfficiencySummary summarize_efficiency(const std::vector<PairEfficiency>& items) {
  EfficiencySummary s;
  s.n = items.size();
  std::vector<EfficiencyItem> scored;
  double cv = 0;
  std::vector<double> self_scores;
  for (const auto& it : items) {
    if (it.ex.status == ItemStatus::GoldError) ++s.gold_errors;
    if (it.ex.status == ItemStatus::NoDatabase) ++s.no_database;
    if (it.ex.status != ItemStatus::Scored) continue;
    if (it.timed && !it.timing.ok()) ++s.timing_failures;
    scored.push_back({it.correct(), it.correct() ? it.timing.summary.mean : 0});
    if (it.correct()) cv += it.timing.summary.cv;
    if (it.timed) {
      s.stepped_ns += it.timing.gold.stepped_ns + it.timing.pred.stepped_ns;
      s.wall_ns += it.timing.wall_ns;
    }
    if (it.self_timed) {
      s.stepped_ns += it.self.gold.stepped_ns + it.self.pred.stepped_ns;
      s.wall_ns += it.self.wall_ns;
      if (it.self.ok()) {
        self_scores.push_back(it.self.summary.score);
        s.self_cv += it.self.summary.cv;
      }
    }
  }
  s.scores = efficiency_scores(scored);
  if (s.scores.correct > 0) s.mean_cv = cv / static_cast<double>(s.scores.correct);
  s.self_items = self_scores.size();
  if (s.self_items > 0) {
    const double k = static_cast<double>(s.self_items);
    for (double x : self_scores) s.self_ves += x / k;
    double var = 0;
    for (double x : self_scores) var += (x - s.self_ves) * (x - s.self_ves) / k;
    s.self_score_sd = std::sqrt(var);
    s.self_cv /= k;
  }
  return s;
}

}  // namespace chokepoint
