// Executing gold queries and their mutants, and scoring each mutant with the injected scorer.
#include "core/mutate/sensitivity_run.h"

#include "core/mutate/mutant_generation.h"

namespace chokepoint::mutate {

SensitivityRun run_sensitivity(const std::vector<GoldQuery>& golds, DatabasePool& pool,
                               const SensitivityOptions& options, const ResultScorer& scorer) {
  SensitivityRun run;
  run.golds = golds.size();
  const PairScores zero{false, std::vector<double>(options.regime_count, 0.0),
                        std::vector<double>(options.regime_count, 0.0), std::vector<double>(options.regime_count, 0.0)};
  for (const auto& gold : golds) {
    auto db = pool.get(gold.db_id);
    if (!db.ok()) {
      run.skipped.push_back({gold.id, gold.db_id, db.error()});
      continue;
    }
    const Connection& conn = **db;
    auto mutants = generate_mutants(gold.sql, conn, options.operators);
    if (!mutants.ok()) {
      run.skipped.push_back({gold.id, gold.db_id, mutants.error()});
      continue;
    }
    for (const auto& m : mutants->rejected)
      run.rejected.push_back(
          {gold.id, gold.db_id, m.op, m.description, m.sql, QueryStatus::Error, m.error, false, zero});
    if (mutants->kept.empty()) continue;
    QueryOutcome gold_out = conn.query(gold.sql, options.limits);
    if (!gold_out.ok()) {
      run.skipped.push_back({gold.id, gold.db_id, "gold fails: " + gold_out.message});
      continue;
    }
    for (const auto& m : mutants->kept) {
      MutantRecord rec{gold.id, gold.db_id, m.op, m.description, m.sql, QueryStatus::Ok, "", false, zero};
      QueryOutcome out = conn.query(m.sql, options.limits);
      rec.status = out.status;
      rec.message = out.message;
      if (out.ok()) {
        rec.truncated = out.result.truncated;
        auto scores = scorer(gold.sql, gold_out.result, out.result);
        if (!scores.ok()) {
          if (run.error.empty()) run.error = scores.error();
          continue;
        }
        rec.scores = std::move(*scores);
      }
      run.mutants.push_back(std::move(rec));
    }
  }
  return run;
}

}  // namespace chokepoint::mutate
