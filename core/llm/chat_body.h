// The members of a chat request's JSON body that the OpenAI-compatible and the Anthropic APIs share: model, messages,
// temperature and max_tokens. Each protocol file adds its own (stream and seed; system).
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "core/llm/chat_request.h"

namespace chokepoint {

// The shared members, with the messages whose role is not `skip_role` ("" keeps them all) as {"role", "content"}
// objects in order. Built member by member and moved into place: nlohmann's braced lists hold copies, so a prompt of
// a few KB was copied three times per request (bench/README.md).
nlohmann::json chat_body(const ChatRequest& request, const std::string& skip_role = "");

}  // namespace chokepoint
