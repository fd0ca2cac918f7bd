// The OpenAI-compatible wire format (/v1/chat/completions, /v1/embeddings), spoken by OpenAI, Ollama, the llama.cpp
// server, vLLM and LM Studio. Pure functions from request values to HTTP values and back.
#pragma once
#include "core/llm/chat_request.h"
#include "core/llm/http_message.h"
#include "core/llm/llm_endpoint.h"
#include "core/llm/llm_error.h"

namespace chokepoint {

HttpRequest openai_chat_http(const LlmEndpoint& endpoint, const ChatRequest& request);
LlmResult<Completion> openai_chat_parse(const LlmEndpoint& endpoint, const ChatRequest& request,
                                        const HttpResponse& response);

HttpRequest openai_embeddings_http(const LlmEndpoint& endpoint, const EmbeddingRequest& request);
LlmResult<Embeddings> openai_embeddings_parse(const LlmEndpoint& endpoint, const EmbeddingRequest& request,
                                              const HttpResponse& response);

}  // namespace chokepoint
