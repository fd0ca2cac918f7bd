// Anthropic's Messages API (/v1/messages). The browser may call it directly only with the header
// `anthropic-dangerous-direct-browser-access: true` (decisions.md §T); the key goes in `x-api-key`.
#pragma once
#include "core/llm/chat_request.h"
#include "core/llm/http_message.h"
#include "core/llm/llm_endpoint.h"
#include "core/llm/llm_error.h"

namespace chokepoint {

HttpRequest anthropic_chat_http(const LlmEndpoint& endpoint, const ChatRequest& request);
LlmResult<Completion> anthropic_chat_parse(const LlmEndpoint& endpoint, const ChatRequest& request,
                                           const HttpResponse& response);

}  // namespace chokepoint
