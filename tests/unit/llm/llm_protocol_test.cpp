// Request building and response parsing for the OpenAI-compatible and Anthropic protocols.
#include "core/llm/llm_protocol.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace chokepoint {
namespace {

using nlohmann::json;

LlmEndpoint ollama() {
  LlmEndpoint e;
  e.provider = "ollama";
  e.protocol = LlmProtocol::OpenAICompatible;
  e.base_url = "http://localhost:11434";
  return e;
}

LlmEndpoint anthropic() {
  LlmEndpoint e;
  e.provider = "anthropic";
  e.protocol = LlmProtocol::Anthropic;
  e.base_url = "https://api.anthropic.com/";
  e.api_key = "sk-ant-secret";
  return e;
}

ChatRequest two_messages() {
  ChatRequest r;
  r.model = "llama3";
  r.messages = {{"system", "Answer in one line."}, {"user", "Name a table."}};
  r.seed = 7;
  r.max_tokens = 64;
  return r;
}

HttpResponse ok(std::string body) {
  HttpResponse r;
  r.status = 200;
  r.body = std::move(body);
  return r;
}

TEST(OpenAIProtocol, ChatRequestHasModelMessagesTemperatureZeroSeedAndNoAuthWithoutKey) {
  HttpRequest http = chat_http_request(ollama(), two_messages());
  EXPECT_EQ(http.method, "POST");
  EXPECT_EQ(http.url, "http://localhost:11434/v1/chat/completions");
  EXPECT_EQ(header_value(http.headers, "content-type"), "application/json");
  EXPECT_EQ(header_value(http.headers, "authorization"), "");
  json body = json::parse(http.body);
  EXPECT_EQ(body["model"], "llama3");
  EXPECT_EQ(body["temperature"], 0.0);
  EXPECT_EQ(body["seed"], 7);
  EXPECT_EQ(body["max_tokens"], 64);
  EXPECT_EQ(body["stream"], false);
  EXPECT_EQ(body["messages"], json::parse(R"([{"role":"system","content":"Answer in one line."},
                                               {"role":"user","content":"Name a table."}])"));
  // The bytes on the wire: members in name order, no spaces (nlohmann::json keeps its members sorted).
  EXPECT_EQ(
      http.body,
      R"({"max_tokens":64,"messages":[{"content":"Answer in one line.","role":"system"},)"
      R"({"content":"Name a table.","role":"user"}],"model":"llama3","seed":7,"stream":false,"temperature":0.0})");
}

TEST(OpenAIProtocol, KeyGoesInBearerHeaderAndBaseUrlEndingInV1IsKept) {
  LlmEndpoint e = ollama();
  e.base_url = "https://api.openai.com/v1/";
  e.api_key = "sk-test";
  ChatRequest r = two_messages();
  r.seed.reset();
  HttpRequest http = chat_http_request(e, r);
  EXPECT_EQ(http.url, "https://api.openai.com/v1/chat/completions");
  EXPECT_EQ(header_value(http.headers, "Authorization"), "Bearer sk-test");
  EXPECT_FALSE(json::parse(http.body).contains("seed"));
}

TEST(OpenAIProtocol, ParsesContentModelFinishReasonAndUsage) {
  auto c = parse_chat_response(ollama(), two_messages(), ok(R"({"model":"llama3:8b","choices":[{"index":0,
      "message":{"role":"assistant","content":"molecule"},"finish_reason":"stop"}],
      "usage":{"prompt_tokens":12,"completion_tokens":2,"total_tokens":14}})"));
  ASSERT_TRUE(c.ok()) << c.error().message;
  EXPECT_EQ(c->text, "molecule");
  EXPECT_EQ(c->model, "llama3:8b");
  EXPECT_EQ(c->finish_reason, "stop");
  EXPECT_EQ(c->usage.prompt_tokens, 12);
  EXPECT_EQ(c->usage.completion_tokens, 2);
}

TEST(OpenAIProtocol, EmbeddingsRequestAndOutOfOrderAnswer) {
  EmbeddingRequest r{"nomic-embed-text", {"atom", "bond"}};
  HttpRequest http = embeddings_http_request(ollama(), r);
  EXPECT_EQ(http.url, "http://localhost:11434/v1/embeddings");
  EXPECT_EQ(json::parse(http.body), json::parse(R"({"model":"nomic-embed-text","input":["atom","bond"]})"));
  auto e = parse_embeddings_response(ollama(), r, ok(R"({"data":[{"index":1,"embedding":[0.5,1]},
      {"index":0,"embedding":[-1,2.25]}],"model":"nomic","usage":{"prompt_tokens":4}})"));
  ASSERT_TRUE(e.ok()) << e.error().message;
  ASSERT_EQ(e->vectors.size(), 2u);
  EXPECT_EQ(e->vectors[0], (std::vector<double>{-1, 2.25}));
  EXPECT_EQ(e->vectors[1], (std::vector<double>{0.5, 1}));
  EXPECT_EQ(e->usage.prompt_tokens, 4);
}

TEST(OpenAIProtocol, EmbeddingCountMismatchIsMalformed) {
  EmbeddingRequest r{"m", {"a", "b"}};
  auto e = parse_embeddings_response(ollama(), r, ok(R"({"data":[{"index":0,"embedding":[1]}]})"));
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.error().kind, LlmErrorKind::MalformedResponse);
}

TEST(AnthropicProtocol, RequestMovesSystemToTopLevelAndSendsBrowserAccessHeader) {
  HttpRequest http = chat_http_request(anthropic(), two_messages());
  EXPECT_EQ(http.url, "https://api.anthropic.com/v1/messages");
  EXPECT_EQ(header_value(http.headers, "x-api-key"), "sk-ant-secret");
  EXPECT_EQ(header_value(http.headers, "anthropic-version"), "2023-06-01");
  EXPECT_EQ(header_value(http.headers, "anthropic-dangerous-direct-browser-access"), "true");
  EXPECT_EQ(header_value(http.headers, "authorization"), "");
  json body = json::parse(http.body);
  EXPECT_EQ(body["system"], "Answer in one line.");
  EXPECT_EQ(body["messages"], json::parse(R"([{"role":"user","content":"Name a table."}])"));
  EXPECT_EQ(body["max_tokens"], 64);
  EXPECT_FALSE(body.contains("seed"));  // the Messages API has no seed
  EXPECT_EQ(http.body, R"({"max_tokens":64,"messages":[{"content":"Name a table.","role":"user"}],"model":"llama3",)"
                       R"("system":"Answer in one line.","temperature":0.0})");
}

TEST(AnthropicProtocol, ParsesTextBlocksAndUsage) {
  auto c = parse_chat_response(anthropic(), two_messages(), ok(R"({"type":"message","model":"claude-x",
      "content":[{"type":"text","text":"mole"},{"type":"text","text":"cule"}],"stop_reason":"end_turn",
      "usage":{"input_tokens":9,"output_tokens":3}})"));
  ASSERT_TRUE(c.ok()) << c.error().message;
  EXPECT_EQ(c->text, "molecule");
  EXPECT_EQ(c->finish_reason, "end_turn");
  EXPECT_EQ(c->usage.prompt_tokens, 9);
  EXPECT_EQ(c->usage.completion_tokens, 3);
}

TEST(AnthropicProtocol, HasNoEmbeddings) {
  EXPECT_FALSE(embeddings_supported(anthropic()));
  auto e = parse_embeddings_response(anthropic(), {"m", {"x"}}, ok("{}"));
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.error().kind, LlmErrorKind::Unsupported);
}

}  // namespace
}  // namespace chokepoint
