// The controlled error-sensitivity experiment of SQLMorph §VI-C-1: every gold query's checked mutants are executed
// on the gold's database (read-only, time limit) and scored against the gold's result. Scoring is injected by the
// caller (a ResultScorer built on core/metrics), which keeps core/mutate free of a dependency on core/metrics.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/db/connection.h"
#include "core/db/database_pool.h"

namespace chokepoint::mutate {

struct GoldQuery {
  std::string id;  // question id or position
  std::string db_id;
  std::string sql;
};

// One mutant scored against its gold: EX and, per regime (in the caller's order), EXP, EXR and F1 in [0, 1].
struct PairScores {
  bool ex = false;
  std::vector<double> exp, exr, f1;
};
using ResultScorer =
    std::function<Result<PairScores>(const std::string& gold_sql, const ResultSet& gold, const ResultSet& mutant)>;

struct SensitivityOptions {
  QueryLimits limits;                  // for gold and mutants
  std::vector<std::string> operators;  // empty: all 15
  size_t regime_count = 0;             // how many entries the scorer returns (zeros for failed mutants)
};

struct MutantRecord {
  std::string gold_id, db_id, op, description, sql;
  QueryStatus status = QueryStatus::Ok;  // the mutant's execution; Error/Timeout score 0 everywhere
  std::string message;                   // SQLite's message or the timeout sentence
  bool truncated = false;                // the mutant's result hit the row cap (scores use the rows read)
  PairScores scores;
};

struct SkippedGold {
  std::string id, db_id;
  std::string reason;  // no database, does not parse, fails or times out (not scored, decisions.md §7)
};

struct SensitivityRun {
  size_t golds = 0;                   // gold queries given
  std::vector<MutantRecord> mutants;  // gold order, then operator order
  std::vector<SkippedGold> skipped;
  std::vector<MutantRecord> rejected;  // candidates that did not prepare (status Error, SQLite's message)
  std::string error;                   // first scorer failure, if any (that mutant is left out)
};

SensitivityRun run_sensitivity(const std::vector<GoldQuery>& golds, DatabasePool& pool,
                               const SensitivityOptions& options, const ResultScorer& scorer);
// One gold query on its database (or the reason there is none), appended to `run`: what run_sensitivity does for each
// gold, for a caller that steps the run gold by gold (the app's Studies tab).
void run_gold_sensitivity(const GoldQuery& gold, const Result<const Connection*>& db, const SensitivityOptions& options,
                          const ResultScorer& scorer, SensitivityRun& run);

}  // namespace chokepoint::mutate
