// System messages move to the top-level `system` field (Anthropic accepts only user/assistant turns); the seed is
// not sent because the API has none. The answer is the concatenation of the text blocks of `content`.
#include "core/llm/anthropic_protocol.h"
#include "core/base/json_dump.h"
#include "core/llm/chat_body.h"

#include <nlohmann/json.hpp>

namespace chokepoint {
namespace {

using nlohmann::json;

long long int_field(const json& obj, const char* name) {
  if (obj.is_object() && obj.contains(name) && obj[name].is_number_integer()) return obj[name].get<long long>();
  return 0;
}

}  // namespace

HttpRequest anthropic_chat_http(const LlmEndpoint& endpoint, const ChatRequest& request) {
  std::string system;
  for (const auto& m : request.messages)
    if (m.role == "system") system += (system.empty() ? "" : "\n\n") + m.content;
  json body = chat_body(request, "system");
  if (!system.empty()) body["system"] = system;
  HttpRequest http;
  http.url = endpoint_url(endpoint, "/messages");
  http.headers = {{"Content-Type", "application/json"},
                  {"anthropic-version", endpoint.anthropic_version},
                  {"anthropic-dangerous-direct-browser-access", "true"}};
  if (!endpoint.api_key.empty()) http.headers.emplace_back("x-api-key", endpoint.api_key);
  http.body = dump_json(body);
  return http;
}

LlmResult<Completion> anthropic_chat_parse(const LlmEndpoint& endpoint, const ChatRequest& request,
                                           const HttpResponse& response) {
  if (response.timed_out || response.status < 200 || response.status >= 300) {
    return classify_http_failure(endpoint, request.model, response);
  }
  json doc = json::parse(response.body, nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) return malformed_response(endpoint, response, "not JSON");
  if (!doc.contains("content") || !doc["content"].is_array()) {
    return malformed_response(endpoint, response, "no \"content\" array");
  }
  Completion c;
  bool any_text = false;
  for (const json& block : doc["content"]) {
    if (block.is_object() && block.value("type", "") == "text" && block.contains("text") && block["text"].is_string()) {
      c.text += block["text"].get<std::string>();
      any_text = true;
    }
  }
  if (!any_text) return malformed_response(endpoint, response, "no text block in \"content\"");
  c.model = doc.contains("model") && doc["model"].is_string() ? doc["model"].get<std::string>() : request.model;
  if (doc.contains("stop_reason") && doc["stop_reason"].is_string()) c.finish_reason = doc["stop_reason"];
  if (doc.contains("usage")) {
    c.usage.prompt_tokens = int_field(doc["usage"], "input_tokens");
    c.usage.completion_tokens = int_field(doc["usage"], "output_tokens");
  }
  return c;
}

}  // namespace chokepoint
