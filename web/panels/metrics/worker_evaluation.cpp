// The metrics run in the worker: start it with the run's databases, record items as they come, restart past a pair
// that stalled or stopped the worker.
#include "web/panels/metrics/worker_evaluation.h"

#include <set>

#include "core/metrics/evaluation_codec.h"
#include "web/panels/metrics/metrics_panel.h"

namespace chokepoint::web {
namespace {

Result<std::string> request_from(const MetricsRun& run) {
  return encode_evaluation_request({run.pairs(), run.options(), run.items().size()});
}

// A new worker on the pairs still to evaluate.
bool restart(WorkerEvaluation& w, MetricsRun& run) {
  auto request = request_from(run);
  if (!request.ok()) {
    w.refused = request.error();
    return false;
  }
  ++w.restarts;
  w.worker->start(*request, w.stall_ms);
  return true;
}

}  // namespace

int worker_stall_ms(int timeout_ms) { return (timeout_ms > 0 ? 2 * timeout_ms : 60000) + 5000; }

std::shared_ptr<WorkerEvaluation> start_in_worker(const AppState& state, const MetricsRun& run, int stall_ms) {
  if (!EvaluationWorker::available() || run.options().columns.embed) return nullptr;
  auto request = request_from(run);
  if (!request.ok()) return nullptr;
  std::set<std::string> ids;
  for (const auto& p : run.pairs()) ids.insert(p.db_id);
  std::vector<WorkerDatabase> dbs;
  for (const auto& id : ids) {
    const LoadedDatabase* db = find_database(state, id);
    if (!db || !db->connection) continue;  // the worker reports the item as on a database that is not loaded
    dbs.push_back({id, db->schema_only ? "" : db->path, db->connection.get()});
  }
  auto w = std::make_shared<WorkerEvaluation>();
  w->worker = std::make_unique<EvaluationWorker>(dbs);
  w->stall_ms = stall_ms > 0 ? stall_ms : worker_stall_ms(run.options().limits.timeout_ms);
  w->worker->start(*request, w->stall_ms);
  return w;
}

bool step_worker(WorkerEvaluation& w, MetricsRun& run) {
  for (auto& m : w.worker->take()) {
    if (run.job->done()) break;
    const EvalPair& pair = run.pairs()[run.items().size()];
    const size_t regimes = run.options().regimes.size();
    switch (m.event) {
      case WorkerEvent::Item: {
        auto item = decode_item_evaluation(m.bytes);
        if (!item.ok() || !run.job->record(std::move(item).value())) {
          // Not the item expected: evaluate the rest in place rather than mis-attribute scores.
          w.refused = item.ok() ? "the evaluation worker answered out of order" : item.error();
          w.worker->stop();
          return false;
        }
        break;
      }
      case WorkerEvent::Failed:
        run.job->record(unfinished_item(pair, regimes, QueryStatus::Error, m.bytes));
        break;
      case WorkerEvent::Stalled:
      case WorkerEvent::Stopped: {
        const std::string why = m.event == WorkerEvent::Stalled
                                    ? "the evaluation worker did not answer within " + std::to_string(w.stall_ms) +
                                          " ms; it was stopped and a new one went on past this item"
                                    : m.bytes + "; a new worker went on past this item";
        run.job->record(unfinished_item(
            pair, regimes, m.event == WorkerEvent::Stalled ? QueryStatus::Timeout : QueryStatus::Error, why));
        if (!run.job->done() && !restart(w, run)) return false;
        return true;  // what the stopped worker still sent is stale
      }
      case WorkerEvent::Refused:
        w.refused = m.bytes;
        return false;
      case WorkerEvent::Done:
        break;
    }
  }
  return true;
}

}  // namespace chokepoint::web
