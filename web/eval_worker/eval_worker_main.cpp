// The evaluation worker: a second, small wasm program (core only, no UI) that the app runs in a Web Worker, so a
// runaway query blocks the worker, never a frame of the page (decisions.md §10). eval_worker.js receives the
// databases' bytes and an encoded request (core/metrics/evaluation_codec.h), calls these functions, and posts each
// evaluated item back as bytes. The same core/metrics code scores here as in the CLI; the item's time limit is
// enforced here by SQLite's progress handler and the scoring deadline, and the page restarts a worker that stops
// answering anyway.
#include <emscripten/emscripten.h>

#include <exception>
#include <map>
#include <string>

#include "core/db/connection.h"
#include "core/metrics/evaluation_codec.h"
#include "core/metrics/evaluation_job.h"

namespace {

using namespace chokepoint;

struct WorkerState {
  std::map<std::string, Connection> databases;
  std::map<std::string, std::string> open_errors;  // db_id -> why it could not be opened
  EvaluationRequest request;
  size_t next = 0;    // the pair cpw_next evaluates
  std::string out;    // the last encoded item, valid until the next call
  std::string error;  // the last failure, for cpw_error
};

WorkerState& state() {
  static WorkerState s;
  return s;
}

Result<const Connection*> lookup(const std::string& db_id) {
  auto& s = state();
  auto it = s.databases.find(db_id);
  if (it != s.databases.end()) return &it->second;
  auto why = s.open_errors.find(db_id);
  if (why != s.open_errors.end()) return Error{"database " + db_id + ": " + why->second};
  return Error{"database " + db_id + " is not loaded"};
}

}  // namespace

extern "C" {

// Opens the database file eval_worker.js wrote at `path` as `db_id`. 0 on success; otherwise 1 and cpw_error()
// says why (items on that database are then reported with it).
EMSCRIPTEN_KEEPALIVE int cpw_open(const char* db_id, const char* path) {
  auto& s = state();
  auto db = Connection::open_read_only(path);
  if (!db.ok()) {
    s.error = db.error();
    s.open_errors[db_id] = db.error();
    return 1;
  }
  s.databases.erase(db_id);
  s.databases.emplace(db_id, std::move(db).value());
  return 0;
}

// Decodes a request and makes it the current job. 0 on success; 1 with cpw_error() otherwise.
EMSCRIPTEN_KEEPALIVE int cpw_begin(const char* bytes, size_t size) {
  auto& s = state();
  auto request = decode_evaluation_request(std::string(bytes, size));
  if (!request.ok()) {
    s.error = request.error();
    return 1;
  }
  s.request = std::move(request).value();
  s.next = s.request.first;
  return 0;
}

// Evaluates the next pair: 1 when an item is ready (cpw_out_data/size), 0 when the job is done, -1 on a failure
// (cpw_error; the page reports the item and restarts the worker past it).
EMSCRIPTEN_KEEPALIVE int cpw_next() {
  auto& s = state();
  if (s.next >= s.request.pairs.size()) return 0;
  const EvalPair& pair = s.request.pairs[s.next++];
  try {
    // Each item is encoded and dropped: the page keeps the run, the worker only what the next item needs.
    s.out = encode_item_evaluation(evaluate_with_lookup(lookup, pair, s.request.options));
    return 1;
  } catch (const std::exception& e) {
    s.error = std::string("the evaluation failed: ") + e.what();
  } catch (...) {
    s.error = "the evaluation failed";
  }
  return -1;
}

EMSCRIPTEN_KEEPALIVE const char* cpw_out_data() { return state().out.data(); }
EMSCRIPTEN_KEEPALIVE size_t cpw_out_size() { return state().out.size(); }
EMSCRIPTEN_KEEPALIVE const char* cpw_error() { return state().error.c_str(); }

}  // extern "C"

int main() { return 0; }
