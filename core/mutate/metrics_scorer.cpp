// Mutant scoring through core/metrics.
#include "core/mutate/metrics_scorer.h"

#include "core/metrics/fine_grained_metrics.h"

namespace chokepoint::mutate {

ResultScorer metrics_scorer(ExSemantics semantics, const std::vector<Regime>& regimes) {
  return [semantics, regimes](const std::string& gold_sql, const ResultSet& gold,
                              const ResultSet& pred) -> Result<PairScores> {
    const bool ex = execution_match(semantics, gold_sql, gold, pred);
    auto comparisons = compare_results_for_regimes(gold, pred, regimes, ex, {}, /*scores_only=*/true);
    if (!comparisons.ok()) return Error{comparisons.error()};
    PairScores s;
    s.ex = ex;
    for (const auto& c : *comparisons) {
      s.exp.push_back(c.score.exp);
      s.exr.push_back(c.score.exr);
      s.f1.push_back(c.score.f1);
    }
    return s;
  };
}

}  // namespace chokepoint::mutate
