// HTTP failure classification with user-facing advice. Messages never contain the key: the server's text is passed
// through redact_secret before it is quoted, since some servers echo the key they refused.
#include "core/llm/llm_error.h"
#include "core/base/text.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>

#include "core/llm/redaction.h"

namespace chokepoint {
namespace {

using nlohmann::json;

// The server's own explanation: OpenAI/Anthropic {"error":{"message":..}}, Ollama {"error":"..."}, else raw text.
std::string server_message(const LlmEndpoint& endpoint, const std::string& body) {
  std::string text;
  json doc = json::parse(body, nullptr, false);
  if (!doc.is_discarded() && doc.is_object() && doc.contains("error")) {
    const json& e = doc["error"];
    if (e.is_string()) text = e.get<std::string>();
    if (e.is_object() && e.contains("message") && e["message"].is_string()) text = e["message"].get<std::string>();
  } else if (!doc.is_discarded() && doc.is_object() && doc.contains("message") && doc["message"].is_string()) {
    text = doc["message"].get<std::string>();
  } else {
    text = body;
  }
  for (char& c : text) {
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  }
  // Redacted before it is cut: a key echoed across the cut would otherwise keep its first characters.
  text = redact_secret(text, endpoint.api_key);
  if (text.size() > 200) text = text.substr(0, 200) + "...";
  return text;
}

std::string with_server_text(std::string advice, const std::string& quoted) {
  if (!quoted.empty()) advice += " (server said: " + quoted + ")";
  return advice;
}

// What to configure so a browser page may call this server (decisions.md §T: browser calls need CORS).
std::string cors_advice(const LlmEndpoint& endpoint) {
  if (endpoint.provider == "ollama") return "start Ollama with OLLAMA_ORIGINS set to this page's origin (or *)";
  if (endpoint.provider == "lmstudio") return "turn on \"Enable CORS\" in LM Studio's server settings";
  if (endpoint.provider == "vllm") return "start vLLM with --allowed-origins '[\"*\"]'";
  if (endpoint.provider == "llamacpp") return "check llama.cpp server's --host/--port (it sends CORS headers)";
  if (endpoint.protocol == LlmProtocol::Anthropic) return "check the base URL and your network";
  return "make the server send Access-Control-Allow-Origin for this page";
}

}  // namespace

bool LlmError::retryable() const {
  return kind == LlmErrorKind::RateLimited || kind == LlmErrorKind::ServerError || kind == LlmErrorKind::Timeout;
}

const char* error_kind_name(LlmErrorKind kind) {
  switch (kind) {
    case LlmErrorKind::Unauthorized:
      return "unauthorized";
    case LlmErrorKind::Forbidden:
      return "forbidden";
    case LlmErrorKind::ModelNotFound:
      return "model_not_found";
    case LlmErrorKind::EndpointNotFound:
      return "endpoint_not_found";
    case LlmErrorKind::BadRequest:
      return "bad_request";
    case LlmErrorKind::RateLimited:
      return "rate_limited";
    case LlmErrorKind::ServerError:
      return "server_error";
    case LlmErrorKind::Timeout:
      return "timeout";
    case LlmErrorKind::Unreachable:
      return "unreachable";
    case LlmErrorKind::MalformedResponse:
      return "malformed_response";
    case LlmErrorKind::Unsupported:
      return "unsupported";
    case LlmErrorKind::BudgetExceeded:
      return "budget_exceeded";
    case LlmErrorKind::Cancelled:
      return "cancelled";
  }
  return "unknown";
}

// Seconds since the epoch of an IMF-fixdate ("Wed, 21 Oct 2015 07:28:00 GMT", RFC 9110 §5.6.7), -1 if it is not one.
static long long http_date_seconds(const std::string& text) {
  static const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  char wday[4] = {}, mon[4] = {}, zone[4] = {};
  int day = 0, year = 0, hh = 0, mm = 0, ss = 0;
  if (std::sscanf(text.c_str(), "%3[A-Za-z], %d %3s %d %d:%d:%d %3s", wday, &day, mon, &year, &hh, &mm, &ss, zone) != 8)
    return -1;
  if (std::string(zone) != "GMT" || day < 1 || day > 31 || hh > 23 || mm > 59 || ss > 60) return -1;
  int month = 0;
  while (month < 12 && std::string(kMonths[month]) != mon) ++month;
  if (month == 12) return -1;
  // Days from civil (Howard Hinnant's algorithm), month 1..12.
  const int m = month + 1;
  const int y = year - (m <= 2);
  const long long era = (y >= 0 ? y : y - 399) / 400;
  const long long yoe = y - era * 400;
  const long long doy = (153LL * (m + (m > 2 ? -3 : 9)) + 2) / 5 + day - 1;
  const long long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  const long long days = era * 146097 + doe - 719468;
  return days * 86400 + hh * 3600 + mm * 60 + ss;
}

long long retry_after_ms(const HttpHeaders& headers) {
  auto digits_only = [](const std::string& s) {
    if (s.empty()) return false;
    for (char c : s) {
      if (!std::isdigit(static_cast<unsigned char>(c)) && c != '.') return false;
    }
    return true;
  };
  std::string ms = header_value(headers, "retry-after-ms");
  if (digits_only(ms)) return static_cast<long long>(std::atof(ms.c_str()));
  std::string s = header_value(headers, "retry-after");
  while (!s.empty() && s.back() == ' ') s.pop_back();
  while (!s.empty() && s.front() == ' ') s.erase(s.begin());
  if (digits_only(s)) return static_cast<long long>(std::atof(s.c_str()) * 1000.0);
  // An HTTP date is measured against the response's own Date header, so no clock is read here (and the server's
  // clock, not ours, decides); a date in the past means "now".
  const long long until = http_date_seconds(s);
  const long long sent = http_date_seconds(header_value(headers, "date"));
  if (until >= 0 && sent >= 0) return std::max(0LL, until - sent) * 1000;
  return -1;
}

LlmError classify_http_failure(const LlmEndpoint& endpoint, const std::string& model, const HttpResponse& response) {
  LlmError e;
  e.status = response.status;
  if (response.timed_out) {
    e.kind = LlmErrorKind::Timeout;
    e.message = "no answer from " + endpoint.base_url +
                " within the time limit; the model may be loading or "
                "overloaded (raise the timeout or try again)";
    return e;
  }
  if (response.status == 0) {
    e.kind = LlmErrorKind::Unreachable;
    std::string why = redact_secret(response.network_error, endpoint.api_key);
    e.message = "could not reach " + endpoint.base_url + (why.empty() ? "" : " (" + why + ")") +
                ": check that the server is running and the base URL is right (a redirect is not followed, so the "
                "key never goes to another address: give the address it leads to); in the browser this is also what "
                "a CORS refusal looks like: " +
                cors_advice(endpoint);
    return e;
  }
  std::string quoted = server_message(endpoint, response.body);
  int s = response.status;
  if (s >= 300 && s < 400) {
    // Never followed: a redirect would carry the key (x-api-key, Authorization) to an address nobody confirmed.
    e.kind = LlmErrorKind::BadRequest;
    const std::string to = redact_secret(header_value(response.headers, "location"), endpoint.api_key);
    e.message = "HTTP " + std::to_string(s) + ": " + endpoint.base_url + " redirects" +
                (to.empty() ? std::string() : " to " + clip_utf8(to, 200)) +
                "; redirects are not followed, so the key never goes to another address: set the base URL to the "
                "address it leads to";
    return e;
  }
  if (s == 401) {
    e.kind = LlmErrorKind::Unauthorized;
    e.message = with_server_text(endpoint.api_key.empty()
                                     ? "401 Unauthorized: the server wants an API key; enter one in Settings"
                                     : "401 Unauthorized: the API key was refused; check it in Settings",
                                 quoted);
  } else if (s == 403) {
    e.kind = LlmErrorKind::Forbidden;
    e.message = with_server_text("403 Forbidden: the key is valid but may not use model '" + model +
                                     "' or this endpoint; check the account's permissions",
                                 quoted);
  } else if (s == 404) {
    bool names_model = to_lower_ascii(quoted).find("model") != std::string::npos;
    e.kind = names_model ? LlmErrorKind::ModelNotFound : LlmErrorKind::EndpointNotFound;
    e.message = names_model
                    ? with_server_text("404: model '" + model + "' not found; check the model name" +
                                           (endpoint.provider == "ollama" ? " (ollama pull " + model + ")" : ""),
                                       quoted)
                    : with_server_text("404: no API at " + endpoint.base_url +
                                           "; check the base URL (OpenAI-compatible servers end in /v1)",
                                       quoted);
  } else if (s == 429) {
    e.kind = LlmErrorKind::RateLimited;
    e.retry_after_ms = retry_after_ms(response.headers);
    e.message = with_server_text(
        "429 Too Many Requests: rate limit reached" +
            (e.retry_after_ms >= 0 ? "; the server asked to wait " + std::to_string(e.retry_after_ms) + " ms"
                                   : std::string()),
        quoted);
  } else if (s >= 500) {
    e.kind = LlmErrorKind::ServerError;
    e.retry_after_ms = retry_after_ms(response.headers);
    e.message = with_server_text(std::to_string(s) + ": the server failed; retrying later may help", quoted);
  } else if (s == 400 || s == 413 || s == 422) {
    e.kind = LlmErrorKind::BadRequest;
    e.message = with_server_text(std::to_string(s) +
                                     ": the server rejected the request (prompt too long, or a "
                                     "parameter this model does not accept)",
                                 quoted);
  } else {
    e.kind = LlmErrorKind::BadRequest;
    e.message = with_server_text("unexpected HTTP status " + std::to_string(s), quoted);
  }
  return e;
}

LlmError malformed_response(const LlmEndpoint& endpoint, const HttpResponse& response, const std::string& what) {
  LlmError e;
  e.kind = LlmErrorKind::MalformedResponse;
  e.status = response.status;
  std::string head = redact_secret(response.body, endpoint.api_key).substr(0, 80);  // redacted, then cut
  for (char& c : head) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  e.message = "the answer from " + endpoint.base_url + " is not a valid response: " + what +
              (head.empty() ? std::string(" (empty body)") : " (body starts: " + head + ")") +
              "; check that the provider setting matches the server";
  return e;
}

}  // namespace chokepoint
