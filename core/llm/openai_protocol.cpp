// Request bodies carry exactly the parameters Chokepoint controls (model, messages, temperature, max_tokens, seed);
// parsing accepts the fields every compatible server returns and reports anything else as a malformed answer.
#include "core/llm/openai_protocol.h"
#include "core/base/json_dump.h"
#include "core/llm/chat_body.h"

#include <nlohmann/json.hpp>

namespace chokepoint {
namespace {

using nlohmann::json;

HttpHeaders json_headers(const LlmEndpoint& endpoint) {
  HttpHeaders h = {{"Content-Type", "application/json"}};
  // Local servers need no key; sending "Bearer " with nothing after it makes some of them answer 401.
  if (!endpoint.api_key.empty()) h.emplace_back("Authorization", "Bearer " + endpoint.api_key);
  return h;
}

long long int_member(const json& obj, const char* name) {
  if (obj.is_object() && obj.contains(name) && obj[name].is_number_integer()) return obj[name].get<long long>();
  return 0;
}

std::string model_or(const json& doc, const std::string& requested) {
  return doc.contains("model") && doc["model"].is_string() ? doc["model"].get<std::string>() : requested;
}

HttpRequest post_json(const LlmEndpoint& endpoint, const std::string& path, const json& body) {
  HttpRequest http;
  http.url = endpoint_url(endpoint, path);
  http.headers = json_headers(endpoint);
  http.body = dump_json(body);
  return http;
}

// The body of a 2xx answer as a JSON object; otherwise the failure its status or body shows.
LlmResult<json> answer_object(const LlmEndpoint& endpoint, const std::string& model, const HttpResponse& response) {
  if (response.timed_out || response.status < 200 || response.status >= 300) {
    return classify_http_failure(endpoint, model, response);
  }
  json doc = json::parse(response.body, nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) return malformed_response(endpoint, response, "not JSON");
  return doc;
}

}  // namespace

HttpRequest openai_chat_http(const LlmEndpoint& endpoint, const ChatRequest& request) {
  json body = chat_body(request);
  body["stream"] = false;
  if (request.seed) body["seed"] = *request.seed;
  return post_json(endpoint, "/chat/completions", body);
}

LlmResult<Completion> openai_chat_parse(const LlmEndpoint& endpoint, const ChatRequest& request,
                                        const HttpResponse& response) {
  auto answer = answer_object(endpoint, request.model, response);
  if (!answer.ok()) return answer.error();
  const json& doc = answer.value();
  if (!doc.contains("choices") || !doc["choices"].is_array() || doc["choices"].empty()) {
    return malformed_response(endpoint, response, "no \"choices\"");
  }
  const json& choice = doc["choices"][0];
  if (!choice.is_object() || !choice.contains("message") || !choice["message"].is_object() ||
      !choice["message"].contains("content") || !choice["message"]["content"].is_string()) {
    return malformed_response(endpoint, response, "no choices[0].message.content text");
  }
  Completion c;
  c.text = choice["message"]["content"].get<std::string>();
  c.model = model_or(doc, request.model);
  if (choice.contains("finish_reason") && choice["finish_reason"].is_string()) {
    c.finish_reason = choice["finish_reason"].get<std::string>();
  }
  if (doc.contains("usage")) {
    c.usage.prompt_tokens = int_member(doc["usage"], "prompt_tokens");
    c.usage.completion_tokens = int_member(doc["usage"], "completion_tokens");
  }
  return c;
}

HttpRequest openai_embeddings_http(const LlmEndpoint& endpoint, const EmbeddingRequest& request) {
  return post_json(endpoint, "/embeddings", {{"model", request.model}, {"input", request.inputs}});
}

LlmResult<Embeddings> openai_embeddings_parse(const LlmEndpoint& endpoint, const EmbeddingRequest& request,
                                              const HttpResponse& response) {
  auto answer = answer_object(endpoint, request.model, response);
  if (!answer.ok()) return answer.error();
  const json& doc = answer.value();
  if (!doc.contains("data") || !doc["data"].is_array()) return malformed_response(endpoint, response, "no \"data\"");
  const json& data = doc["data"];
  if (data.size() != request.inputs.size()) {
    return malformed_response(
        endpoint, response,
        std::to_string(data.size()) + " vectors for " + std::to_string(request.inputs.size()) + " inputs");
  }
  Embeddings out;
  out.model = model_or(doc, request.model);
  out.vectors.resize(data.size());
  std::vector<bool> seen(data.size(), false);
  for (size_t i = 0; i < data.size(); ++i) {
    const json& item = data[i];
    if (!item.is_object() || !item.contains("embedding") || !item["embedding"].is_array()) {
      return malformed_response(endpoint, response, "data[" + std::to_string(i) + "] has no embedding array");
    }
    // Servers may return items out of order; "index" says which input each one embeds.
    size_t index = i;
    if (item.contains("index") && item["index"].is_number_unsigned()) index = item["index"].get<size_t>();
    if (index >= data.size() || seen[index]) return malformed_response(endpoint, response, "bad embedding index");
    seen[index] = true;
    for (const json& x : item["embedding"]) {
      if (!x.is_number()) return malformed_response(endpoint, response, "non-numeric embedding value");
      out.vectors[index].push_back(x.get<double>());
    }
  }
  if (doc.contains("usage")) out.usage.prompt_tokens = int_member(doc["usage"], "prompt_tokens");
  return out;
}

}  // namespace chokepoint
