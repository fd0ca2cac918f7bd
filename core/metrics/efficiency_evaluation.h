// One item of an efficiency run and the run's scores: EX decides whether a pair is correct (pair_evaluation.h, as
// `eval` decides it); a correct pair is timed (query_timing.h) and its ratios scored (ves.h); the gold is also timed
// against itself, so the report can show how far from 100 a pair that differs in nothing lands.
#pragma once
#include <string>
#include <vector>

#include "core/db/connection.h"
#include "core/db/database_pool.h"
#include "core/metrics/pair_evaluation.h"
#include "core/metrics/query_timing.h"
#include "core/metrics/ves.h"

namespace chokepoint {

struct EfficiencyOptions {
  TimingOptions timing;
  bool self_check = true;  // also time the gold against itself (PairEfficiency::self)
  bool plans = false;      // EXPLAIN QUERY PLAN of gold and prediction, for every item whose gold ran
};

struct PairEfficiency {
  ItemEvaluation ex;           // evaluate_pair's answer: status, EX, failures
  std::string timed_gold_sql;  // the gold answer that decided EX (gold_alternatives.h), the one timed
  bool timed = false;          // EX = 1, so the pair was timed
  PairTiming timing;           // when timed; a timing that failed or timed out leaves the item incorrect
  bool self_timed = false;     // options.self_check and the gold ran
  PairTiming self;             // the gold against itself
  PairPlans plans;             // with options.plans
  // Correct for the efficiency scores: scored, EX = 1 and timed within the limits (BIRD scores a timing that fails
  // or times out 0, and 004's N_c is the correct items, so it leaves C-VES too).
  bool correct() const { return ex.status == ItemStatus::Scored && ex.ex && timed && timing.ok(); }
};

// EX on `db` under `ex_options` (test_suite is ignored: the timing needs one database), then the timings.
PairEfficiency evaluate_efficiency(const Connection& db, const EvalPair& pair, const EvaluationOptions& ex_options,
                                   const EfficiencyOptions& options);

// evaluate_efficiency for every pair on its database from `pool`, in order; a database that cannot be opened makes
// its pairs NoDatabase items with the reason.
std::vector<PairEfficiency> evaluate_efficiency_pairs(const std::vector<EvalPair>& pairs, DatabasePool& pool,
                                                      const EvaluationOptions& ex_options,
                                                      const EfficiencyOptions& options);

struct EfficiencySummary {
  size_t n = 0;            // items given
  size_t gold_errors = 0;  // gold failed: reported, not scored (decisions.md §7), as eval does
  size_t no_database = 0;
  size_t timing_failures = 0;  // EX = 1 but the timing failed or timed out (scored 0)
  EfficiencyScores scores;     // over the scored items (n - gold_errors - no_database)
  double mean_cv = 0;          // mean coefficient of variation of the kept ratios over the correct items
  // The gold against itself (PairEfficiency::self) over the items where it ran: the mean of its item scores
  // (ideally 100), their population standard deviation across items, and the mean CV of one run's ratio.
  size_t self_items = 0;
  double self_ves = 0, self_score_sd = 0, self_cv = 0;
  int64_t stepped_ns = 0;  // time inside measured spans, every timing of the run
  int64_t wall_ns = 0;     // time of every timing, prepare, calibration and bookkeeping included
};
EfficiencySummary summarize_efficiency(const std::vector<PairEfficiency>& items);

}  // namespace chokepoint
