// A metrics run evaluated in the evaluation worker (web/bridge/eval_worker_bridge.h) rather than on the page's
// thread: the page only records the items the worker sends, so a runaway query costs the worker time, never a
// frame. A pair the worker stops answering on (or dies on) is recorded as unfinished with the reason, and a new
// worker goes on past it. When no worker can be used (no Web Workers, SC with the endpoint's embeddings, whose
// function lives on the page, or a worker that cannot start) the run evaluates on the page's thread as before.
#pragma once
#include <memory>
#include <string>

#include "web/app_state.h"
#include "web/bridge/eval_worker_bridge.h"

namespace chokepoint::web {

struct MetricsRun;

struct WorkerEvaluation {
  std::unique_ptr<EvaluationWorker> worker;
  int stall_ms = 0;     // no message for this long: the worker is restarted past its current pair
  size_t restarts = 0;  // workers started again after a stall or an abort
  std::string refused;  // why the worker could not be used (the run then went on in place)
};

// The grace a worker gets beyond the item's own limit before it counts as stalled: twice the limit plus 5 s.
int worker_stall_ms(int timeout_ms);

// Starts `run` in a worker; stall_ms 0 takes worker_stall_ms of the run's limit. Null when it cannot run there (the
// caller evaluates in place).
std::shared_ptr<WorkerEvaluation> start_in_worker(const AppState& state, const MetricsRun& run, int stall_ms = 0);

// Records what the worker sent. Returns false when the worker refused the run: the rest of it must be evaluated in
// place (worker.refused says why).
bool step_worker(WorkerEvaluation& worker, MetricsRun& run);

}  // namespace chokepoint::web
