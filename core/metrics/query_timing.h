// Timing a gold/predicted pair for the efficiency scores (ves.h): the time SQLite spends stepping each prepared
// statement, gold and prediction alternately, with a warm-up and with repetitions for queries shorter than the
// clock can measure well; plus EXPLAIN QUERY PLAN of both, side by side. decisions.md §22 says why.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/db/connection.h"
#include "core/metrics/ves.h"

namespace chokepoint {

// A monotonic clock in nanoseconds. Injectable so tests can be deterministic; steady_clock_ns by default (in the
// browser that is performance.now(), coarsened by the browser, hence clock_resolution_ns).
using NanoClock = std::function<int64_t()>;
int64_t steady_clock_ns();

// The smallest step the clock shows: the least non-zero difference of consecutive readings over a few tries.
int64_t clock_resolution_ns(const NanoClock& clock);

enum class TimingMode {
  Step,         // every sqlite3_step from the first row to SQLITE_DONE: the time to compute the whole result
  BirdExecute,  // the first sqlite3_step only: what BIRD's cursor.execute(sql) waits for, rows not fetched
};
const char* timing_mode_name(TimingMode m);  // "step", "bird-execute" (stable: reports use it)

struct TimingOptions {
  TimingMode mode = TimingMode::Step;
  int iterations = 100;  // alternate runs of prediction and gold (mini-dev's iterate_num; BIRD's script has 10)
  // A measured span shorter than this is too coarse: the query is repeated within one span until the span is at
  // least this long, and the span divided by the repetitions. 0: max(1 ms, 100 clock resolutions).
  int64_t min_span_ns = 0;
  int64_t max_repetitions = 1 << 20;  // repetitions within one span never exceed this
  // Limit of the whole pair's timing (warm-up, calibration and every iteration), as BIRD's meta_time_out bounds
  // iterated_execute_sql; <= 0: none. Checked by SQLite's progress handler while stepping and between runs.
  int timeout_ms = 0;
  NanoClock clock = steady_clock_ns;
};

// One query's side of a timed pair.
struct QueryTiming {
  int64_t repetitions = 1;     // runs within one measured span (chosen once, at calibration)
  std::vector<double> run_ns;  // per iteration: the measured span / repetitions
  int64_t stepped_ns = 0;      // sum of every measured span, calibration included (the harness's own time is not)
  int64_t vm_steps = 0;        // SQLite virtual machine steps of one run (SQLITE_STMTSTATUS_VM_STEP)
};

struct PairTiming {
  QueryStatus status = QueryStatus::Ok;  // Error or Timeout: a query failed while timed; the ratios are partial
  std::string message;
  QueryTiming gold, pred;
  std::vector<double> ratios;  // per iteration gold_ns / pred_ns, as BIRD's diff_list
  RatioSummary summary;        // summarize_ratios(ratios), when status is Ok
  int64_t wall_ns = 0;         // the whole timing, prepare, calibration and bookkeeping included
  bool ok() const { return status == QueryStatus::Ok; }
};

// Times `pred_sql` against `gold_sql` on `db`: both are prepared once (prepare is never timed); each is warmed up
// and calibrated (repetitions doubled until a span reaches min_span_ns); then for each iteration the prediction,
// then the gold, as BIRD's iterated_execute_sql orders them. A span covers only the stepping (and, between the
// repetitions of one span, sqlite3_reset). Correctness is not checked here: time only pairs EX called right.
PairTiming time_pair(const Connection& db, const std::string& gold_sql, const std::string& pred_sql,
                     const TimingOptions& options);

// EXPLAIN QUERY PLAN of one query as indented lines ("SCAN singer", "  SEARCH ... USING INDEX ...").
Result<std::vector<std::string>> query_plan(const Connection& db, const std::string& sql);

struct PairPlans {
  std::vector<std::string> gold, pred;  // query_plan of each; empty on error
  std::string gold_error, pred_error;   // why a plan could not be made
};
PairPlans pair_plans(const Connection& db, const std::string& gold_sql, const std::string& pred_sql);

}  // namespace chokepoint
