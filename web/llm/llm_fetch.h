// The browser's HTTP transport for core/llm: FetchTransport hands each request to web/bridge/js/llm_fetch.js, which
// runs fetch() and calls chokepoint_llm_on_http_done when the answer (or the failure) arrives; the callback then runs
// on the event loop, never blocking a frame. Header-only: exactly one web/*.cpp must
//   #define CHOKEPOINT_LLM_FETCH_IMPLEMENTATION
//   #include "web/llm/llm_fetch.h"
#include "core/base/json_dump.h"
// to define the exported callback and the transport's methods.
#pragma once
#include <map>

#include "core/llm/http_transport.h"

extern "C" {
// Implemented in web/bridge/js/llm_fetch.js. headers_json is [[name, value], ...].
void chokepoint_llm_fetch(int id, const char* method, const char* url, const char* headers_json, const char* body,
                          int timeout_ms);
// Called by llm_fetch.js; exported with EMSCRIPTEN_KEEPALIVE. Strings are owned by JS and valid during the call.
void chokepoint_llm_on_http_done(int id, int status, int timed_out, double elapsed_ms, const char* headers_json,
                                 const char* body, const char* error);
}

namespace chokepoint {

class FetchTransport : public HttpTransport {
 public:
  // `now_ms`: the clock the hosts step their schedulers by (llm_session's), so an answer's step reads the same one.
  explicit FetchTransport(double (*now_ms)());
  ~FetchTransport() override;  // pending answers for a destroyed transport are dropped
  void send(const HttpRequest& request, HttpDone done) override;
  // Answers arrive from the event loop between frames: the scheduler sends its next call then, not a frame later.
  std::optional<double> step_on_answer_ms() const override;
  size_t pending() const { return pending_.size(); }
  void complete(int id, HttpResponse response);  // for chokepoint_llm_on_http_done

 private:
  std::map<int, HttpDone> pending_;
  double (*now_ms_)();
};

}  // namespace chokepoint

#ifdef CHOKEPOINT_LLM_FETCH_IMPLEMENTATION
#include <emscripten/emscripten.h>

#include <nlohmann/json.hpp>
#include <set>

namespace chokepoint {
namespace llm_fetch_detail {
// Request ids are global so an answer can find its transport; live transports register themselves here.
inline int next_id = 1;
inline std::map<int, FetchTransport*> owner_of;
inline std::set<FetchTransport*> live;
}  // namespace llm_fetch_detail

FetchTransport::FetchTransport(double (*now_ms)()) : now_ms_(now_ms) { llm_fetch_detail::live.insert(this); }

FetchTransport::~FetchTransport() {
  llm_fetch_detail::live.erase(this);
  for (const auto& [id, done] : pending_) llm_fetch_detail::owner_of.erase(id);
}

void FetchTransport::send(const HttpRequest& request, HttpDone done) {
  int id = llm_fetch_detail::next_id++;
  pending_[id] = std::move(done);
  llm_fetch_detail::owner_of[id] = this;
  nlohmann::json headers = nlohmann::json::array();
  for (const auto& [name, value] : request.headers) headers.push_back({name, value});
  std::string headers_json = dump_json(headers);
  chokepoint_llm_fetch(id, request.method.c_str(), request.url.c_str(), headers_json.c_str(), request.body.c_str(),
                       request.timeout_ms);
}

std::optional<double> FetchTransport::step_on_answer_ms() const { return now_ms_(); }

void FetchTransport::complete(int id, HttpResponse response) {
  auto it = pending_.find(id);
  if (it == pending_.end()) return;
  HttpDone done = std::move(it->second);
  pending_.erase(it);
  done(std::move(response));
}

}  // namespace chokepoint

extern "C" EMSCRIPTEN_KEEPALIVE void chokepoint_llm_on_http_done(int id, int status, int timed_out, double elapsed_ms,
                                                                 const char* headers_json, const char* body,
                                                                 const char* error) {
  using namespace chokepoint;
  auto owner = llm_fetch_detail::owner_of.find(id);
  if (owner == llm_fetch_detail::owner_of.end()) return;
  FetchTransport* transport = owner->second;
  llm_fetch_detail::owner_of.erase(owner);
  if (!llm_fetch_detail::live.count(transport)) return;
  HttpResponse r;
  r.status = status;
  r.timed_out = timed_out != 0;
  r.elapsed_ms = elapsed_ms;
  r.body = body ? body : "";
  r.network_error = error ? error : "";
  auto pairs = nlohmann::json::parse(headers_json ? headers_json : "[]", nullptr, false);
  if (pairs.is_array()) {
    for (const auto& p : pairs) {
      if (p.is_array() && p.size() == 2 && p[0].is_string() && p[1].is_string()) {
        r.headers.emplace_back(p[0].get<std::string>(), p[1].get<std::string>());
      }
    }
  }
  transport->complete(id, std::move(r));
}
#endif
