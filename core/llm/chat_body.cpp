// The members both chat APIs share (see chat_body.h).
#include "core/llm/chat_body.h"

namespace chokepoint {

nlohmann::json chat_body(const ChatRequest& request, const std::string& skip_role) {
  nlohmann::json messages = nlohmann::json::array();
  for (const auto& m : request.messages) {
    if (!skip_role.empty() && m.role == skip_role) continue;
    nlohmann::json message = nlohmann::json::object();
    message["role"] = m.role;
    message["content"] = m.content;
    messages.push_back(std::move(message));
  }
  nlohmann::json body = nlohmann::json::object();
  body["model"] = request.model;
  body["messages"] = std::move(messages);
  body["temperature"] = request.temperature;
  body["max_tokens"] = request.max_tokens;
  return body;
}

}  // namespace chokepoint
