// Executing gold queries and their mutants, and scoring each mutant with the injected scorer.
#include "core/mutate/sensitivity_run.h"

#include "core/mutate/mutant_generation.h"

namespace chokepoint::mutate {

void run_gold_sensitivity(const GoldQuery& gold, const Result<const Connection*>& db, const SensitivityOptions& options,
                          const ResultScorer& scorer, SensitivityRun& run) {
  ++run.golds;
  if (!db.ok()) {
    run.skipped.push_back({gold.id, gold.db_id, db.error()});
    return;
  }
  const PairScores zero{false, std::vector<double>(options.regime_count, 0.0),
                        std::vector<double>(options.regime_count, 0.0), std::vector<double>(options.regime_count, 0.0)};
  const Connection& conn = **db;
  auto mutants = generate_mutants(gold.sql, conn, options.operators);
  if (!mutants.ok()) {
    run.skipped.push_back({gold.id, gold.db_id, mutants.error()});
    return;
  }
  // The gold runs first, even when no mutant prepared: a gold that fails is skipped (and counted so), its mutants
  // meaningless, rather than left uncounted.
  QueryOutcome gold_out = conn.query(gold.sql, options.limits);
  if (!gold_out.ok()) {
    run.skipped.push_back({gold.id, gold.db_id, "gold fails: " + gold_out.message});
    return;
  }
  for (const auto& m : mutants->rejected)
    run.rejected.push_back({gold.id, gold.db_id, m.op, m.description, m.sql, QueryStatus::Error, m.error, false, zero});
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

SensitivityRun run_sensitivity(const std::vector<GoldQuery>& golds, DatabasePool& pool,
                               const SensitivityOptions& options, const ResultScorer& scorer) {
  SensitivityRun run;
  for (const auto& gold : golds) run_gold_sensitivity(gold, pool.get(gold.db_id), options, scorer, run);
  return run;
}

}  // namespace chokepoint::mutate
