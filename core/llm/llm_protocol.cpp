// Protocol dispatch.
#include "core/llm/llm_protocol.h"

#include "core/llm/anthropic_protocol.h"
#include "core/llm/openai_protocol.h"

namespace chokepoint {

HttpRequest chat_http_request(const LlmEndpoint& endpoint, const ChatRequest& request) {
  return endpoint.protocol == LlmProtocol::Anthropic ? anthropic_chat_http(endpoint, request)
                                                     : openai_chat_http(endpoint, request);
}

LlmResult<Completion> parse_chat_response(const LlmEndpoint& endpoint, const ChatRequest& request,
                                          const HttpResponse& response) {
  return endpoint.protocol == LlmProtocol::Anthropic ? anthropic_chat_parse(endpoint, request, response)
                                                     : openai_chat_parse(endpoint, request, response);
}

bool embeddings_supported(const LlmEndpoint& endpoint) { return endpoint.protocol != LlmProtocol::Anthropic; }

HttpRequest embeddings_http_request(const LlmEndpoint& endpoint, const EmbeddingRequest& request) {
  return openai_embeddings_http(endpoint, request);
}

LlmResult<Embeddings> parse_embeddings_response(const LlmEndpoint& endpoint, const EmbeddingRequest& request,
                                                const HttpResponse& response) {
  if (!embeddings_supported(endpoint)) {
    LlmError e;
    e.kind = LlmErrorKind::Unsupported;
    e.message = "Anthropic offers no embeddings API; configure an OpenAI-compatible endpoint for embeddings";
    return e;
  }
  return openai_embeddings_parse(endpoint, request, response);
}

}  // namespace chokepoint
