// The one seam between core/llm and the network. The CLI implements it with libcurl (cli/llm_transport_curl.h), the
// browser with fetch() (web/llm/llm_fetch.h), tests with an in-process fake. `done` may run before send() returns
// (a blocking transport) or later from the event loop (fetch); callers must accept both.
#pragma once
#include <functional>
#include <optional>

#include "core/llm/http_message.h"

namespace chokepoint {

using HttpDone = std::function<void(HttpResponse)>;

class HttpTransport {
 public:
  virtual ~HttpTransport() = default;
  // Starts the request; calls `done` exactly once with the response or with status 0 / timed_out on failure.
  virtual void send(const HttpRequest& request, HttpDone done) = 0;
  // A transport whose answers arrive from the host's event loop between the host's steps (fetch in the page) gives
  // the time to step by here, and a CallScheduler then takes each answer and sends its next call as soon as the
  // answer arrives. Stepped only from a frame, a fast endpoint's calls went a frame apart: a few calls a frame,
  // whatever the endpoint could take. A transport that answers inside send() or on another thread keeps nullopt.
  virtual std::optional<double> step_on_answer_ms() const { return std::nullopt; }
};

}  // namespace chokepoint
