// Why a call failed, as a kind the scheduler can act on (retry or stop) and a sentence the user can act on
// ("401: the key was refused; check it in Settings"). LlmResult<T> is the Result of this layer: it keeps the kind
// where core/base's Result keeps only a message.
#pragma once
#include <optional>
#include <string>
#include <utility>

#include "core/base/result.h"
#include "core/llm/http_message.h"
#include "core/llm/llm_endpoint.h"

namespace chokepoint {

enum class LlmErrorKind {
  Unauthorized,       // 401: missing or wrong key
  Forbidden,          // 403: key valid but not allowed (model access, region, organisation)
  ModelNotFound,      // 404 naming the model
  EndpointNotFound,   // 404 for the path: wrong base URL
  BadRequest,         // 400/422: the server rejected the request's content
  RateLimited,        // 429: retry after Retry-After
  ServerError,        // 5xx (and Anthropic's 529 "overloaded")
  Timeout,            // no complete answer within the time limit
  Unreachable,        // status 0: connection refused, DNS, or a CORS refusal in the browser
  MalformedResponse,  // 2xx whose body is not the protocol's JSON, or an answer the task parser rejects
  Unsupported,        // the provider lacks the operation (Anthropic embeddings)
  BudgetExceeded,     // the job's call or token cap stopped it
  Cancelled,          // the user stopped the job
};

struct LlmError {
  LlmErrorKind kind = LlmErrorKind::MalformedResponse;
  int status = 0;                 // HTTP status, 0 when none
  std::string message;            // one line, key-free, with advice
  long long retry_after_ms = -1;  // from Retry-After / retry-after-ms, -1 when absent
  bool retryable() const;         // RateLimited, ServerError and Timeout are worth another attempt
};

const char* error_kind_name(LlmErrorKind kind);  // "unauthorized", "rate_limited", ... (stable: used in logs)

template <typename T>
class LlmResult {
 public:
  LlmResult(T value) : value_(std::move(value)) {}         // NOLINT: implicit on purpose
  LlmResult(LlmError error) : error_(std::move(error)) {}  // NOLINT
  bool ok() const { return value_.has_value(); }
  const T& value() const { return *value_; }
  T& value() { return *value_; }
  const T* operator->() const { return &*value_; }
  const LlmError& error() const { return error_; }

 private:
  std::optional<T> value_;
  LlmError error_;
};

// Classifies a response that is not a usable success (status 0, timed out, or not 2xx). The server's own error text
// is quoted (shortened, key removed) after Chokepoint's advice. `model` names the requested model for 404s.
LlmError classify_http_failure(const LlmEndpoint& endpoint, const std::string& model, const HttpResponse& response);

// A 2xx answer whose body could not be read as the protocol's JSON.
LlmError malformed_response(const LlmEndpoint& endpoint, const HttpResponse& response, const std::string& what);

// Seconds or milliseconds the server asked us to wait: `retry-after-ms`, else `Retry-After` as delta-seconds.
// HTTP-date forms are ignored (-1) because the core has no wall clock; the backoff schedule applies instead.
long long retry_after_ms(const HttpHeaders& headers);

}  // namespace chokepoint
