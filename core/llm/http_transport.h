// The one seam between core/llm and the network. The CLI implements it with libcurl (cli/llm_transport_curl.h), the
// browser with fetch() (web/llm/llm_fetch.h), tests with an in-process fake. `done` may run before send() returns
// (a blocking transport) or later from the event loop (fetch); callers must accept both.
#pragma once
#include <functional>

#include "core/llm/http_message.h"

namespace chokepoint {

using HttpDone = std::function<void(HttpResponse)>;

class HttpTransport {
 public:
  virtual ~HttpTransport() = default;
  // Starts the request; calls `done` exactly once with the response or with status 0 / timed_out on failure.
  virtual void send(const HttpRequest& request, HttpDone done) = 0;
};

}  // namespace chokepoint
