// Each failure mode becomes a specific error kind with a message that says what to do.
#include "core/llm/llm_error.h"

#include <gtest/gtest.h>

#include "core/llm/llm_protocol.h"

namespace chokepoint {
namespace {

LlmEndpoint endpoint(const std::string& provider, const std::string& key = "") {
  LlmEndpoint e;
  e.provider = provider;
  e.base_url = "http://127.0.0.1:9/v1";
  e.api_key = key;
  return e;
}

HttpResponse status(int code, std::string body = "", HttpHeaders headers = {}) {
  HttpResponse r;
  r.status = code;
  r.body = std::move(body);
  r.headers = std::move(headers);
  return r;
}

LlmError fail(const LlmEndpoint& e, const HttpResponse& r) {
  ChatRequest req;
  req.model = "llama3";
  auto c = parse_chat_response(e, req, r);
  EXPECT_FALSE(c.ok());
  return c.ok() ? LlmError{} : c.error();
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

TEST(LlmError, Unauthorized401NamesTheKeyAndNeverQuotesIt) {
  auto e = fail(endpoint("openai", "sk-live-123"),
                status(401, R"({"error":{"message":"Incorrect API key provided: sk-live-123"}})"));
  EXPECT_EQ(e.kind, LlmErrorKind::Unauthorized);
  EXPECT_FALSE(e.retryable());
  EXPECT_TRUE(contains(e.message, "API key was refused")) << e.message;
  EXPECT_TRUE(contains(e.message, "Incorrect API key provided: [redacted]")) << e.message;
  EXPECT_FALSE(contains(e.message, "sk-live-123"));
}

TEST(LlmError, Forbidden403) {
  EXPECT_EQ(fail(endpoint("openai", "k"), status(403, "{}")).kind, LlmErrorKind::Forbidden);
}

TEST(LlmError, NotFoundNamingTheModelSuggestsOllamaPull) {
  auto e = fail(endpoint("ollama"), status(404, R"({"error":"model \"llama3\" not found, try pulling it first"})"));
  EXPECT_EQ(e.kind, LlmErrorKind::ModelNotFound);
  EXPECT_TRUE(contains(e.message, "ollama pull llama3")) << e.message;
}

TEST(LlmError, NotFoundWithoutModelIsAWrongBaseUrl) {
  auto e = fail(endpoint("custom"), status(404, "Cannot POST /v1/chat/completions"));
  EXPECT_EQ(e.kind, LlmErrorKind::EndpointNotFound);
  EXPECT_TRUE(contains(e.message, "check the base URL")) << e.message;
}

TEST(LlmError, RateLimitReadsRetryAfterSeconds) {
  auto e = fail(endpoint("openai"), status(429, "{}", {{"retry-after", "3"}}));
  EXPECT_EQ(e.kind, LlmErrorKind::RateLimited);
  EXPECT_TRUE(e.retryable());
  EXPECT_EQ(e.retry_after_ms, 3000);
}

TEST(LlmError, RetryAfterMsTakesPrecedenceAndHttpDatesCountFromTheDateHeader) {
  EXPECT_EQ(retry_after_ms({{"Retry-After", "2"}, {"retry-after-ms", "250"}}), 250);
  EXPECT_EQ(retry_after_ms({{"Retry-After", "Wed, 21 Oct 2015 07:28:00 GMT"}}), -1);  // no Date to measure from
  EXPECT_EQ(
      retry_after_ms({{"Retry-After", "Wed, 21 Oct 2015 07:28:00 GMT"}, {"Date", "Wed, 21 Oct 2015 07:27:30 GMT"}}),
      30000);
  // Across a leap day and a month end.
  EXPECT_EQ(
      retry_after_ms({{"Retry-After", "Fri, 01 Mar 2024 00:00:30 GMT"}, {"Date", "Thu, 29 Feb 2024 23:59:30 GMT"}}),
      60000);
  EXPECT_EQ(
      retry_after_ms({{"Retry-After", "Fri, 01 Mar 2024 00:00:30 GMT"}, {"Date", "Wed, 28 Feb 2024 23:59:30 GMT"}}),
      86460000);
  // A date already passed means retry now; a malformed date is ignored.
  EXPECT_EQ(
      retry_after_ms({{"Retry-After", "Wed, 21 Oct 2015 07:28:00 GMT"}, {"Date", "Wed, 21 Oct 2015 08:00:00 GMT"}}), 0);
  EXPECT_EQ(
      retry_after_ms({{"Retry-After", "Wed, 21 Foo 2015 07:28:00 GMT"}, {"Date", "Wed, 21 Oct 2015 07:27:30 GMT"}}),
      -1);
  EXPECT_EQ(retry_after_ms({}), -1);
}

TEST(LlmError, ServerErrorsAreRetryable) {
  for (int code : {500, 502, 503, 529}) {
    auto e = fail(endpoint("vllm"), status(code, "oops"));
    EXPECT_EQ(e.kind, LlmErrorKind::ServerError) << code;
    EXPECT_TRUE(e.retryable());
  }
}

TEST(LlmError, TimeoutIsRetryable) {
  HttpResponse r;
  r.timed_out = true;
  auto e = fail(endpoint("ollama"), r);
  EXPECT_EQ(e.kind, LlmErrorKind::Timeout);
  EXPECT_TRUE(e.retryable());
}

TEST(LlmError, StatusZeroExplainsCorsWithOllamaOrigins) {
  HttpResponse r;
  r.network_error = "Failed to fetch";
  auto e = fail(endpoint("ollama"), r);
  EXPECT_EQ(e.kind, LlmErrorKind::Unreachable);
  EXPECT_FALSE(e.retryable());
  EXPECT_TRUE(contains(e.message, "OLLAMA_ORIGINS")) << e.message;
  EXPECT_TRUE(contains(e.message, "CORS")) << e.message;
}

TEST(LlmError, LmStudioCorsAdviceNamesItsSwitch) {
  auto e = fail(endpoint("lmstudio"), HttpResponse{});
  EXPECT_TRUE(contains(e.message, "Enable CORS")) << e.message;
}

TEST(LlmError, MalformedJsonOn200) {
  auto e = fail(endpoint("ollama"), status(200, "{\"choices\": [oops"));
  EXPECT_EQ(e.kind, LlmErrorKind::MalformedResponse);
  EXPECT_TRUE(contains(e.message, "not JSON")) << e.message;
}

TEST(LlmError, JsonWithoutChoicesIsMalformed) {
  auto e = fail(endpoint("ollama"), status(200, R"({"id":"x"})"));
  EXPECT_EQ(e.kind, LlmErrorKind::MalformedResponse);
}

}  // namespace
}  // namespace chokepoint
