// One evaluation of a gold set against a prediction set in the page: its pairs, options and items (core/metrics'
// EvaluationJob), evaluated in the evaluation worker or on the page in slices, with the gold queries' joins and
// facts counted alongside. The Predictions & metrics panel makes the current one and publishes it in
// AppState::runs; the tabs built on a run (Judge, Efficiency, Errors, ...) read it there.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/metrics/evaluation_job.h"
#include "core/metrics/pair_evaluation.h"
#include "web/app_state.h"
#include "web/panels/metrics/gold_facts.h"
#include "web/panels/metrics/worker_evaluation.h"

namespace chokepoint::web {

// The panel's name: its tab, its page-command name, and the parent its sub-tabs register under.
inline constexpr const char* kMetricsPanelName = "Predictions & metrics";

struct MetricsRun {
  std::string label;                              // "gold.json vs pred.json"
  std::string gold_name, pred_name;               // the two sets' names
  uint64_t gold_revision = 0, pred_revision = 0;  // LoadedSet::revision of each when the run began
  std::vector<std::string> difficulty;            // per pair, from the gold set ("" when absent)
  std::vector<std::string> question, evidence;    // per pair, from the gold set: what the item asked
  std::vector<int> joins;              // per pair: joins in the gold query's main join query graph (-1 unknown)
  size_t joins_counted = 0;            // joins are counted a slice per frame (a parse each), before the run is done
  GoldFacts facts;                     // counted with the joins: characteristics, QVT keys, EM and hardness
  double facts_ms = 0;                 // main-thread time spent counting the joins and facts (state JSON, bench)
  std::unique_ptr<EvaluationJob> job;  // the pairs, options and items evaluated so far (core/metrics)
  bool done = false;
  std::shared_ptr<WorkerEvaluation> worker;  // while the worker evaluates it; null on the page's thread and when done
  std::string evaluated_in = "page";         // "worker" or "page": where the last items were evaluated
  size_t worker_restarts = 0;                // workers started again past a pair that stalled or stopped one
  bool store_tried = false;                  // the finished run was handed to the run store (web/panels/runs)
  int64_t stored_id = 0;                     // its id there; 0 when not kept
  mutable std::string pairs_digest;          // llm_task_memory.cpp's digest of the pairs, computed once
  const std::vector<EvalPair>& pairs() const { return job->pairs(); }
  const std::vector<ItemEvaluation>& items() const { return job->items(); }  // in pair order
  const EvaluationOptions& options() const { return job->options(); }
};

// A run of `pairs` on the loaded databases, started in the evaluation worker when it can be (else on the page).
// The page has one evaluation worker (starting another ends the one before): a run beside the Metrics panel's, as
// the Run-a-model panel's format x model table, passes in_worker = false and is evaluated on the page in slices.
std::shared_ptr<MetricsRun> make_metrics_run(const AppState& state, std::vector<EvalPair> pairs,
                                             EvaluationOptions options, int worker_stall_ms = 0, bool in_worker = true);
// Evaluates more of the run (the worker's items, or pairs in place within the budget); true once it is done. A
// worker that refuses the run is reported and the rest is evaluated in place.
bool advance_metrics_run(AppState& state, MetricsRun& run, double budget_ms);
// The gold queries' joins and facts, a parse each, a slice per frame; true once all are counted.
bool count_joins(const AppState& state, MetricsRun& run, const std::vector<EvalItem>& gold, double budget_ms);

// The pickers take the sets loaded since the last call (each new one becomes the gold or prediction pick, and the
// semantics follows the files' benchmark until chosen); a tab that then picks a pair itself calls this first, so the
// next frame does not move its pick.
void follow_new_sets(AppState& state);

// The evaluation the tabs built on a run work on: the panel's current one, or null before any.
inline std::shared_ptr<MetricsRun> current_evaluation(const AppState& state) { return state.runs.evaluation; }

}  // namespace chokepoint::web
