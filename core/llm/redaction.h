// Keeping the API key out of everything that is shown or stored: call logs, replay records, exports, error
// messages ("it never appears in logs, exports, replay records or screenshots").
#pragma once
#include <string>

#include "core/llm/http_message.h"

namespace chokepoint {

inline constexpr const char* kRedacted = "[redacted]";

// `text` with every occurrence of `secret` replaced by "[redacted]"; unchanged when the secret is empty.
std::string redact_secret(const std::string& text, const std::string& secret);

// A copy of `request` safe to display or log: credential headers (Authorization, x-api-key, api-key) show
// "[redacted]" and any other occurrence of the key in the URL, headers or body is replaced too.
HttpRequest redact_request(const HttpRequest& request, const std::string& secret);

// A one-block human-readable form of the request ("POST url", headers, body) for the call log and the preview,
// redacted with redact_request first.
std::string describe_request(const HttpRequest& request, const std::string& secret);

}  // namespace chokepoint
