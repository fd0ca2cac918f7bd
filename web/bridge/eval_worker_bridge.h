// The page's side of the evaluation worker (web/eval_worker): starts a Web Worker running chokepoint_worker.js on an
// encoded request (core/metrics/evaluation_codec.h), hands it the databases, and queues what it posts back for the
// panel to take each frame. web/bridge/js/eval_worker.js does the JS part and watches for a worker that stops
// answering: after `stall_ms` without a message it terminates it and reports Stalled. One run at a time: starting
// another (or destroying this object) terminates the worker and drops what an earlier one still sends.
#pragma once
#include <string>
#include <vector>

#include "core/db/connection.h"

namespace chokepoint::web {

enum class WorkerEvent {
  Item = 1,     // bytes: one encoded ItemEvaluation, in pair order
  Done = 2,     // every pair of the request evaluated
  Failed = 3,   // bytes: why the current pair could not be evaluated; the worker goes on with the next
  Stopped = 4,  // bytes: why the worker died on the current pair (an abort); it evaluates nothing more
  Refused = 5,  // bytes: why the worker could not start or read the request
  Stalled = 6,  // no message for stall_ms: the worker was terminated on the current pair
};

struct WorkerMessage {
  WorkerEvent event;
  std::string bytes;
};

// A database the worker needs: a file in the Emscripten file system (read when a worker starts, so nothing is
// copied in the wasm heap), or an open connection without a file (schemas from tables.json), serialized now.
struct WorkerDatabase {
  std::string db_id;
  std::string path;  // the file's path, or "" to serialize `connection`
  const Connection* connection = nullptr;
};

class EvaluationWorker {
 public:
  static bool available();  // the browser has Web Workers
  explicit EvaluationWorker(const std::vector<WorkerDatabase>& databases);
  ~EvaluationWorker();
  EvaluationWorker(const EvaluationWorker&) = delete;
  EvaluationWorker& operator=(const EvaluationWorker&) = delete;

  // A new worker on `request` (the one before, if any, is terminated first).
  void start(const std::string& request, int stall_ms);
  void stop();                        // terminates the worker; the databases stay for another start
  std::vector<WorkerMessage> take();  // what arrived since the last call, in order
};

}  // namespace chokepoint::web
