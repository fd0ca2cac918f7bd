// LLM layer overhead outside the network : per-call cost of rendering a prompt, building the HTTP
// request, parsing the answer and looking up the replay store; a replay of 1,000 recorded calls through the
// scheduler (target < 1 s, no network call); and the bytes the SQLite replay table adds per call.
#include <chrono>
#include <cstdio>
#include <string>

#include "bench/bench_passes.h"
#include "core/db/connection.h"
#include "core/llm/answer_parser.h"
#include "core/llm/call_scheduler.h"
#include "core/llm/llm_protocol.h"
#include "core/llm/prompt_template.h"
#include "core/llm/sqlite_replay_store.h"

using namespace chokepoint;

namespace {

double now_us() {
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Fails every request: the replay run must not reach it.
struct NoNetwork : HttpTransport {
  long long sent = 0;
  void send(const HttpRequest&, HttpDone done) override {
    ++sent;
    done(HttpResponse{});
  }
};

const char* kSchema =
    "CREATE TABLE molecule (molecule_id TEXT PRIMARY KEY, label TEXT);\n"
    "CREATE TABLE atom (atom_id TEXT PRIMARY KEY, molecule_id TEXT REFERENCES molecule(molecule_id), element TEXT);\n"
    "CREATE TABLE bond (bond_id TEXT PRIMARY KEY, molecule_id TEXT REFERENCES molecule(molecule_id), bond_type TEXT);";

std::string query_for(int i) {
  return "SELECT COUNT(DISTINCT T1.molecule_id) FROM molecule AS T1 JOIN atom AS T2 ON T1.molecule_id = "
         "T2.molecule_id WHERE T1.label = '-' AND T2.element = 'cl' AND T1.molecule_id <> 'TR" +
         std::to_string(i) + "'";
}

// The store's size in SQLite pages. The PRAGMAs are the program's own text (inspect), which evaluated SQL may not
// run; -1 when SQLite does not answer.
long long page_bytes(const Connection& db) {
  auto count = db.inspect("PRAGMA page_count");
  auto size = db.inspect("PRAGMA page_size");
  if (!count.ok() || !size.ok() || count.result.rows.empty() || size.result.rows.empty()) return -1;
  return count.result.rows[0][0].integer * size.result.rows[0][0].integer;
}

}  // namespace

int main() {
  auto lib = load_prompt_library(default_prompts_folder());
  if (!lib.ok()) {
    std::fprintf(stderr, "llm_bench: %s\n", lib.error().c_str());
    return 1;
  }
  const PromptTemplate* tmpl = lib->find("jqe_question_new");
  LlmEndpoint endpoint;
  endpoint.provider = "ollama";
  endpoint.base_url = "http://localhost:11434/v1";
  const int kCalls = 1000;

  bench::print_headline("llm: 1,000 prompts rendered and their requests built", bench::time_passes([&] {
                          for (int i = 0; i < kCalls; ++i) {
                            auto prompt = render_prompt(*tmpl, {{"schema", kSchema}, {"main_query", query_for(i)}});
                            ChatRequest request;
                            request.model = "llama3";
                            request.messages = {{"user", *prompt}};
                            (void)chat_http_request(endpoint, request);
                          }
                        }));
  auto db = Connection::open_memory();
  auto store = SqliteReplayStore::open(*db);
  if (!db.ok() || !store.ok()) return 1;
  long long empty_bytes = page_bytes(*db);

  // 1. Record 1,000 calls (render, build, parse, store), as a first run would after each network answer.
  std::vector<LlmCall> calls;
  double render_us = 0, build_us = 0, parse_us = 0, lookup_us = 0;
  for (int i = 0; i < kCalls; ++i) {
    double t0 = now_us();
    auto prompt = render_prompt(*tmpl, {{"schema", kSchema}, {"main_query", query_for(i)}});
    double t1 = now_us();
    LlmCall call;
    call.id = "call " + std::to_string(i);
    call.request.model = "llama3";
    call.request.messages = {{"user", *prompt}};
    HttpRequest http = chat_http_request(endpoint, call.request);
    double t2 = now_us();
    HttpResponse response;
    response.status = 200;
    response.body =
        R"({"model":"llama3","choices":[{"message":{"role":"assistant","content":"How many non-)"
        R"(carcinogenic molecules other than TR)" +
        std::to_string(i) +
        R"( contain chlorine?"},"finish_reason":"stop"}],"usage":{"prompt_tokens":420,"completion_tokens":14}})";
    auto completion = parse_chat_response(endpoint, call.request, response);
    auto question = parse_single_line_question(completion->text);
    double t3 = now_us();
    std::string key = replay_key(endpoint.provider, call.request);
    bool found = store->find(key).has_value();
    double t4 = now_us();
    (void)http;
    (void)found;
    (void)question;
    ReplayRecord record{key, endpoint.provider, call.request.model,
                        canonical_request_json(endpoint.provider, call.request), completion.value()};
    (void)store->put(record);
    render_us += t1 - t0;
    build_us += t2 - t1;
    parse_us += t3 - t2;
    lookup_us += t4 - t3;
    calls.push_back(std::move(call));
  }
  long long full_bytes = page_bytes(*db);

  // 2. Replay: a new scheduler over the same calls answers all of them from the store.
  NoNetwork network;
  double r0 = now_us();
  CallScheduler replay(endpoint, network, &*store);
  for (const auto& c : calls) replay.add(c);
  // The scheduler looks up a bounded number of keys per step (a frame's worth in the app), so a replay takes as
  // many steps as that needs; the loop stops at 100,000 steps in case a call never ends.
  size_t steps = 0;
  while (!replay.finished() && steps < 100000) {
    replay.step((now_us() - r0) / 1000.0);
    ++steps;
  }
  double replay_ms = (now_us() - r0) / 1000.0;

  std::printf("llm_bench: %d calls, prompt %zu bytes (jqe_question_new)\n", kCalls,
              calls[0].request.messages[0].content.size());
  std::printf(
      "  per call outside the network: render %.1f us, build request %.1f us, parse answer %.1f us, "
      "replay lookup (hash + SQLite) %.1f us, total %.1f us\n",
      render_us / kCalls, build_us / kCalls, parse_us / kCalls, lookup_us / kCalls,
      (render_us + build_us + parse_us + lookup_us) / kCalls);
  std::printf(
      "  replay of %d recorded calls: %.1f ms in %zu steps, %lld answered from the store, %lld network calls "
      "(target < 1000 ms, 0 calls)\n",
      kCalls, replay_ms, steps, replay.usage().replayed, network.sent);
  std::printf("  replay store: %lld bytes for %d calls = %.0f bytes per call (SQLite pages, prompt text included)\n",
              full_bytes - empty_bytes, kCalls, double(full_bytes - empty_bytes) / kCalls);
  return replay.finished() && network.sent == 0 && replay_ms < 1000 ? 0 : 1;
}
