// The CLI's HTTP transport: libcurl, blocking, one request at a time. send() calls `done` before it returns, which
// the scheduler accepts (core/llm/http_transport.h). libcurl is loaded when the first transport is made; where it
// cannot be loaded, or the tool was built without its header (no CHOKEPOINT_HAVE_CURL), every request fails with a
// message saying so.
#pragma once
#include "core/llm/http_transport.h"

namespace chokepoint::cli {

class CurlTransport : public HttpTransport {
 public:
  CurlTransport();
  ~CurlTransport() override;
  void send(const HttpRequest& request, HttpDone done) override;
};

}  // namespace chokepoint::cli
