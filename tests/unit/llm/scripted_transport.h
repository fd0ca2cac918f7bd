// An in-process HttpTransport for tests of LLM jobs: answers synchronously, in OpenAI's chat format, with the text
// `answer(prompt)` chooses for the last message; an answer starting with "HTTP 500" becomes that status instead.
#pragma once
#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/llm/http_transport.h"
#include "core/llm/llm_endpoint.h"

namespace chokepoint::testing_support {

class ScriptedTransport : public HttpTransport {
 public:
  explicit ScriptedTransport(std::function<std::string(const std::string&)> answer) : answer_(std::move(answer)) {}
  void send(const HttpRequest& request, HttpDone done) override {
    ++sent;
    auto body = nlohmann::json::parse(request.body);
    std::string prompt = body["messages"].back()["content"];
    const std::string text = answer_(prompt);
    HttpResponse r;
    if (text.rfind("HTTP 500", 0) == 0) {
      r.status = 500;
      r.body = R"({"error": {"message": "scripted server error"}})";
      done(r);
      return;
    }
    nlohmann::json reply = {
        {"model", "scripted"},
        {"choices", {{{"message", {{"role", "assistant"}, {"content", text}}}, {"finish_reason", "stop"}}}},
        {"usage", {{"prompt_tokens", 10}, {"completion_tokens", 5}}}};
    r.status = 200;
    r.body = reply.dump();
    done(r);
  }
  int sent = 0;

 private:
  std::function<std::string(const std::string&)> answer_;
};

// An OpenAI-compatible endpoint nobody listens on: the scripted transport never dials it.
inline LlmEndpoint scripted_endpoint() {
  LlmEndpoint e;
  e.provider = "openai";
  e.base_url = "http://127.0.0.1:1/v1";
  return e;
}

}  // namespace chokepoint::testing_support
