// The HTTP values that cross the transport boundary. core/llm builds HttpRequest values and reads HttpResponse
// values; the CLI (libcurl) and the browser (fetch) move them over the network. Status 0 means no HTTP answer at
// all: connection refused, DNS failure, or, in the browser, a CORS refusal the page is not allowed to see.
#pragma once
#include <string>
#include <utility>
#include <vector>

namespace chokepoint {

using HttpHeaders = std::vector<std::pair<std::string, std::string>>;  // in send order; names as written

struct HttpRequest {
  std::string method = "POST";
  std::string url;
  HttpHeaders headers;
  std::string body;
  int timeout_ms = 60000;  // whole request, connect to last byte
};

struct HttpResponse {
  int status = 0;       // HTTP status, 0 when no response arrived
  HttpHeaders headers;  // names lower-cased by the transports
  std::string body;
  bool timed_out = false;     // the transport gave up after HttpRequest::timeout_ms
  std::string network_error;  // transport's own words when status == 0 ("Connection refused", "Failed to fetch")
  double elapsed_ms = 0;      // as measured by the transport
};

// Case-insensitive header lookup; "" when absent.
std::string header_value(const HttpHeaders& headers, const std::string& name);

}  // namespace chokepoint
