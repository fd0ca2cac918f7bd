// The efficiency timing harness: prepared statements stepped alternately, spans long enough for the clock, a limit
// on the whole pair through SQLite's progress handler; and EXPLAIN QUERY PLAN of a pair.
#include "core/metrics/query_timing.h"

#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <map>

#include "core/base/deadline.h"

namespace chokepoint {
namespace {

// Called by SQLite every kProgressOps virtual-machine operations; non-zero interrupts the statement.
constexpr int kProgressOps = 1000;
int deadline_passed(void* p) { return static_cast<const Deadline*>(p)->passed() ? 1 : 0; }

// Installs the progress handler for the deadline while timing and removes it afterwards.
class ProgressGuard {
 public:
  ProgressGuard(sqlite3* db, const Deadline* deadline) : db_(deadline->limited() ? db : nullptr) {
    if (db_) sqlite3_progress_handler(db_, kProgressOps, deadline_passed, const_cast<Deadline*>(deadline));
  }
  ~ProgressGuard() {
    if (db_) sqlite3_progress_handler(db_, 0, nullptr, nullptr);
  }
  ProgressGuard(const ProgressGuard&) = delete;
  ProgressGuard& operator=(const ProgressGuard&) = delete;

 private:
  sqlite3* db_;
};

// One run of a statement in `mode`; SQLITE_OK, or the error code of the step that failed.
int run_once(sqlite3_stmt* st, TimingMode mode) {
  int rc = sqlite3_step(st);
  if (mode == TimingMode::Step)
    while (rc == SQLITE_ROW) rc = sqlite3_step(st);
  return rc == SQLITE_ROW || rc == SQLITE_DONE ? SQLITE_OK : rc;
}

// The measured span of `repetitions` runs (at least 1 ns: a span the clock did not see is not free). Only the
// stepping is inside it, and sqlite3_reset between two repetitions; the statement is reset afterwards, untimed.
struct Span {
  int rc = SQLITE_OK;
  int64_t ns = 0;
};
Span measure(sqlite3_stmt* st, TimingMode mode, int64_t repetitions, const NanoClock& clock) {
  Span s;
  const int64_t start = clock();
  for (int64_t i = 0; i < repetitions && s.rc == SQLITE_OK; ++i) {
    if (i > 0) sqlite3_reset(st);
    s.rc = run_once(st, mode);
  }
  s.ns = std::max<int64_t>(clock() - start, 1);
  sqlite3_reset(st);
  return s;
}

}  // namespace

int64_t steady_clock_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

int64_t clock_resolution_ns(const NanoClock& clock) {
  int64_t best = 0;
  for (int attempt = 0; attempt < 5; ++attempt) {
    const int64_t a = clock();
    int64_t b = a;
    for (int reads = 0; reads < 1000000 && b == a; ++reads) b = clock();
    if (b > a && (best == 0 || b - a < best)) best = b - a;
  }
  return best;  // 0: the clock never moved
}

const char* timing_mode_name(TimingMode m) { return m == TimingMode::Step ? "step" : "bird-execute"; }

PairTiming time_pair(const Connection& db, const std::string& gold_sql, const std::string& pred_sql,
                     const TimingOptions& options) {
  PairTiming out;
  const NanoClock& clock = options.clock;
  const int64_t wall_start = clock();
  const Deadline deadline = Deadline::after_ms(options.timeout_ms);
  int64_t min_span = options.min_span_ns;
  if (min_span <= 0) min_span = std::max<int64_t>(1000000, 100 * clock_resolution_ns(clock));
  sqlite3* h = db.handle();

  auto fail = [&](int rc, const std::string& which) {
    if (deadline.passed()) {
      out.status = QueryStatus::Timeout;
      out.message = "timing exceeded the time limit of " + std::to_string(options.timeout_ms) + " ms";
    } else {
      out.status = QueryStatus::Error;
      out.message = which + ": " + (rc == SQLITE_OK ? std::string("stopped") : std::string(sqlite3_errmsg(h)));
    }
    out.wall_ns = clock() - wall_start;
    return out;
  };
  auto fail_with = [&](const std::string& which, const std::string& message) {
    out.status = QueryStatus::Error;
    out.message = which + ": " + message;
    out.wall_ns = clock() - wall_start;
    return out;
  };

  // Prepared once, outside every span. Only the first statement runs, as Connection::query runs it (EX has already
  // refused a second one).
  // Both are untrusted text, prepared in the sandbox (sql_policy.h) like every query.
  auto gold = db.prepare_query(gold_sql);
  if (!gold.ok()) return fail_with("gold", gold.error());
  auto pred = db.prepare_query(pred_sql);
  if (!pred.ok()) return fail_with("prediction", pred.error());

  ProgressGuard progress(h, &deadline);
  // Warm-up (the pages the query reads come into SQLite's cache), the VM step count of one run, then calibration.
  auto prepare_side = [&](sqlite3_stmt* st, QueryTiming& t) -> int {
    Span s = measure(st, options.mode, 1, clock);
    t.stepped_ns += s.ns;
    if (s.rc != SQLITE_OK) return s.rc;
    t.vm_steps = sqlite3_stmt_status(st, SQLITE_STMTSTATUS_VM_STEP, 1);
    for (int64_t k = 1;; k *= 2) {
      if (deadline.passed()) return SQLITE_INTERRUPT;
      s = measure(st, options.mode, k, clock);
      t.stepped_ns += s.ns;
      if (s.rc != SQLITE_OK) return s.rc;
      t.repetitions = k;
      if (s.ns >= min_span || k * 2 > options.max_repetitions) return SQLITE_OK;
    }
  };
  if (int rc = prepare_side(pred->get(), out.pred); rc != SQLITE_OK) return fail(rc, "prediction");
  if (int rc = prepare_side(gold->get(), out.gold); rc != SQLITE_OK) return fail(rc, "gold");

  // BIRD's iterated_execute_sql: for each iteration the prediction's time, then the gold's, ratio gold / pred.
  for (int i = 0; i < options.iterations; ++i) {
    if (deadline.passed()) return fail(SQLITE_INTERRUPT, "timing");
    const Span p = measure(pred->get(), options.mode, out.pred.repetitions, clock);
    out.pred.stepped_ns += p.ns;
    if (p.rc != SQLITE_OK) return fail(p.rc, "prediction");
    const Span g = measure(gold->get(), options.mode, out.gold.repetitions, clock);
    out.gold.stepped_ns += g.ns;
    if (g.rc != SQLITE_OK) return fail(g.rc, "gold");
    const double pred_ns = static_cast<double>(p.ns) / static_cast<double>(out.pred.repetitions);
    const double gold_ns = static_cast<double>(g.ns) / static_cast<double>(out.gold.repetitions);
    out.pred.run_ns.push_back(pred_ns);
    out.gold.run_ns.push_back(gold_ns);
    out.ratios.push_back(gold_ns / pred_ns);
  }
  out.summary = summarize_ratios(out.ratios);
  out.wall_ns = clock() - wall_start;
  return out;
}

Result<std::vector<std::string>> query_plan(const Connection& db, const std::string& sql) {
  auto q = db.query("EXPLAIN QUERY PLAN " + sql);
  if (!q.ok()) return Error{q.message};
  // Rows are (id, parent, notused, detail), parents before children; depth follows the parent links.
  std::map<int64_t, size_t> depth;
  std::vector<std::string> lines;
  for (const auto& row : q.result.rows) {
    if (row.size() < 4) continue;
    const int64_t id = row[0].type == ValueType::Integer ? row[0].integer : 0;
    const int64_t parent = row[1].type == ValueType::Integer ? row[1].integer : 0;
    const auto p = depth.find(parent);
    const size_t d = p == depth.end() ? 0 : p->second + 1;
    depth[id] = d;
    lines.push_back(std::string(2 * d, ' ') + row[3].bytes);
  }
  return lines;
}

PairPlans pair_plans(const Connection& db, const std::string& gold_sql, const std::string& pred_sql) {
  PairPlans plans;
  if (auto g = query_plan(db, gold_sql); g.ok())
    plans.gold = std::move(*g);
  else
    plans.gold_error = g.error();
  if (auto p = query_plan(db, pred_sql); p.ok())
    plans.pred = std::move(*p);
  else
    plans.pred_error = p.error();
  return plans;
}

}  // namespace chokepoint
