// Making and advancing an evaluation in the page (see metrics_run.h).
#include "web/panels/metrics/metrics_run.h"

#include "core/base/clock.h"
#include "core/dataset/eval_set_loader.h"
#include "core/sql/query_shape.h"

#include <optional>

namespace chokepoint::web {

std::shared_ptr<MetricsRun> make_metrics_run(const AppState& state, std::vector<EvalPair> pairs,
                                             EvaluationOptions options, int worker_stall_ms, bool in_worker) {
  auto run = std::make_shared<MetricsRun>();
  run->job = std::make_unique<EvaluationJob>(std::move(pairs), std::move(options), page_database_lookup(state));
  if (in_worker) run->worker = start_in_worker(state, *run, worker_stall_ms);
  if (run->worker) run->evaluated_in = "worker";
  return run;
}

// The gold queries' joins (SQLMorph Fig. 3's buckets), a parse each: a slice per frame, so a set of thousands never
// holds one frame. Returns true once all are counted.
bool count_joins(const AppState& state, MetricsRun& run, const std::vector<EvalItem>& gold, double budget_ms) {
  const double start = monotonic_ms();
  struct Spent {  // adds this slice's time to the run's total however the slice ends
    MetricsRun& run;
    double start;
    ~Spent() { run.facts_ms += monotonic_ms() - start; }
  } spent{run, start};
  for (; run.joins_counted < run.joins.size() && run.joins_counted < gold.size(); ++run.joins_counted) {
    if (monotonic_ms() - start > budget_ms) return false;
    const auto& g = gold[run.joins_counted];
    const LoadedDatabase* db = find_database(state, g.db_id);
    run.joins[run.joins_counted] = db ? sql::join_count(g.sql, db->schema) : -1;
    if (run.joins_counted < run.pairs().size())
      count_gold_facts(run.facts, run.joins_counted, run.pairs()[run.joins_counted], db ? &db->schema : nullptr);
  }
  run.joins_counted = run.joins.size();
  return true;
}

bool advance_metrics_run(AppState& state, MetricsRun& run, double budget_ms) {
  if (run.worker) {
    if (!step_worker(*run.worker, run)) {
      notify(state, "evaluating on the page's thread: " + run.worker->refused, true);
      run.worker.reset();
      run.evaluated_in = "page";
    } else {
      run.worker_restarts = run.worker->restarts;
    }
  } else {
    const double start = monotonic_ms();
    run.job->advance([&] { return monotonic_ms() - start < budget_ms; });
  }
  if (!run.job->done()) return false;
  run.worker.reset();
  return true;
}

void follow_new_sets(AppState& state) {
  const auto& sets = state.eval_sets.sets;
  if (state.runs.sets_seen >= sets.size()) return;
  for (; state.runs.sets_seen < sets.size(); ++state.runs.sets_seen)
    (sets[state.runs.sets_seen].predictions ? state.runs.pred_set : state.runs.gold_set) =
        static_cast<int>(state.runs.sets_seen);
  if (!state.runs.semantics_chosen) {
    auto of = [&](int i) -> std::optional<ExSemantics> {
      if (i < 0 || i >= static_cast<int>(sets.size())) return std::nullopt;
      return semantics_of_format(sets[static_cast<size_t>(i)].set.format);
    };
    if (auto g = of(state.runs.gold_set))
      state.runs.semantics = *g;
    else if (auto p = of(state.runs.pred_set))
      state.runs.semantics = *p;
  }
}

}  // namespace chokepoint::web
