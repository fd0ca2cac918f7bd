// One entry point per operation that dispatches on the endpoint's protocol, so the scheduler, the CLI and the app
// never branch on the provider themselves.
#pragma once
#include "core/llm/chat_request.h"
#include "core/llm/http_message.h"
#include "core/llm/llm_endpoint.h"
#include "core/llm/llm_error.h"

namespace chokepoint {

HttpRequest chat_http_request(const LlmEndpoint& endpoint, const ChatRequest& request);
LlmResult<Completion> parse_chat_response(const LlmEndpoint& endpoint, const ChatRequest& request,
                                          const HttpResponse& response);

// Anthropic has no embeddings API: the request is built for OpenAI-compatible endpoints only and
// embeddings_supported() says whether to offer it.
bool embeddings_supported(const LlmEndpoint& endpoint);
HttpRequest embeddings_http_request(const LlmEndpoint& endpoint, const EmbeddingRequest& request);
LlmResult<Embeddings> parse_embeddings_response(const LlmEndpoint& endpoint, const EmbeddingRequest& request,
                                                const HttpResponse& response);

}  // namespace chokepoint
