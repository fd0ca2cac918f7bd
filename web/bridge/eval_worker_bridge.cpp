// The evaluation worker's page side: calls into web/bridge/js/eval_worker.js, and the exported callback by which it
// delivers messages. Messages of a run that is no longer current are dropped here.
#include "web/bridge/eval_worker_bridge.h"

#include <emscripten/emscripten.h>
#include <sqlite3.h>

#include <deque>

extern "C" {
int chokepoint_eval_worker_available();
int chokepoint_eval_worker_add_file(const char* db_id, const char* path);
void chokepoint_eval_worker_add_bytes(const char* db_id, const unsigned char* bytes, size_t size);
void chokepoint_eval_worker_start(int run, const char* request, size_t size, int stall_ms);
void chokepoint_eval_worker_stop();
void chokepoint_eval_worker_clear();
}

namespace chokepoint::web {
namespace {

int current_run = 0;
std::deque<WorkerMessage>& inbox() {
  static std::deque<WorkerMessage> q;
  return q;
}

}  // namespace

bool EvaluationWorker::available() { return chokepoint_eval_worker_available() != 0; }

EvaluationWorker::EvaluationWorker(const std::vector<WorkerDatabase>& databases) {
  chokepoint_eval_worker_clear();
  inbox().clear();
  ++current_run;
  for (const auto& d : databases) {
    if (!d.path.empty() && chokepoint_eval_worker_add_file(d.db_id.c_str(), d.path.c_str())) continue;
    if (!d.connection) continue;  // the worker's lookup then reports the database as not loaded
    sqlite3_int64 size = 0;
    unsigned char* bytes = sqlite3_serialize(d.connection->handle(), "main", &size, 0);
    if (!bytes) continue;
    chokepoint_eval_worker_add_bytes(d.db_id.c_str(), bytes, static_cast<size_t>(size));
    sqlite3_free(bytes);
  }
}

EvaluationWorker::~EvaluationWorker() {
  chokepoint_eval_worker_clear();
  inbox().clear();
  ++current_run;
}

void EvaluationWorker::start(const std::string& request, int stall_ms) {
  inbox().clear();
  chokepoint_eval_worker_start(++current_run, request.data(), request.size(), stall_ms);
}

void EvaluationWorker::stop() {
  chokepoint_eval_worker_stop();
  ++current_run;
}

std::vector<WorkerMessage> EvaluationWorker::take() {
  std::vector<WorkerMessage> out(std::make_move_iterator(inbox().begin()), std::make_move_iterator(inbox().end()));
  inbox().clear();
  return out;
}

}  // namespace chokepoint::web

extern "C" EMSCRIPTEN_KEEPALIVE void chokepoint_eval_worker_message(int run, int event, const char* bytes,
                                                                    size_t size) {
  using namespace chokepoint::web;
  if (run != current_run || event < 1 || event > 6) return;
  inbox().push_back({static_cast<WorkerEvent>(event), std::string(bytes, size)});
}
