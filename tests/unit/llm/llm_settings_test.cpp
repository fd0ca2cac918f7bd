// Settings JSON: the key is saved only when remembered, configs can name an environment variable instead.
#include "core/llm/llm_settings.h"

#include <gtest/gtest.h>

#include "core/llm/redaction.h"

namespace chokepoint {
namespace {

TEST(LlmSettings, KeyIsOmittedUnlessRemembered) {
  LlmSettings s;
  s.provider = "openai";
  s.model = "gpt-4o-mini";
  s.api_key = "sk-keep-out";
  EXPECT_EQ(settings_to_json(s).find("sk-keep-out"), std::string::npos);
  s.remember_key = true;
  EXPECT_NE(settings_to_json(s).find("\"key\": \"sk-keep-out\""), std::string::npos);
}

TEST(LlmSettings, RoundTripsEveryField) {
  LlmSettings s;
  s.provider = "anthropic";
  s.base_url = "https://api.anthropic.com";
  s.model = "claude";
  s.api_key = "k";
  s.remember_key = true;
  s.temperature = 0.25;
  s.seed = 99;
  s.max_tokens = 100;
  s.timeout_ms = 5000;
  s.concurrency = 8;
  auto back = settings_from_json(settings_to_json(s));
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(back->provider, "anthropic");
  EXPECT_EQ(back->base_url, "https://api.anthropic.com");
  EXPECT_EQ(back->api_key, "k");
  EXPECT_DOUBLE_EQ(back->temperature, 0.25);
  EXPECT_EQ(*back->seed, 99);
  EXPECT_EQ(back->max_tokens, 100);
  EXPECT_EQ(back->timeout_ms, 5000);
  EXPECT_EQ(back->concurrency, 8);
  EXPECT_TRUE(back->remember_key);
  EXPECT_FALSE(settings_from_json(R"({"provider": "openai", "concurrency": 0})").ok());
  EXPECT_FALSE(settings_from_json(R"({"provider": "openai", "concurrency": 33})").ok());
}

TEST(LlmSettings, CliConfigReadsKeyFromEnvironment) {
  auto env = [](const std::string& name) -> std::optional<std::string> {
    if (name == "MY_KEY") return std::string("sk-from-env");
    return std::nullopt;
  };
  auto s = settings_from_json(R"({"provider":"openai","model":"m","key_env":"MY_KEY"})", env);
  ASSERT_TRUE(s.ok()) << s.error();
  EXPECT_EQ(s->api_key, "sk-from-env");
  EXPECT_EQ(settings_to_json(*s).find("sk-from-env"), std::string::npos);
  auto missing = settings_from_json(R"({"provider":"openai","key_env":"NOPE"})", env);
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().find("NOPE is not set"), std::string::npos);
}

TEST(LlmSettings, RejectsUnknownFieldsAndProviders) {
  EXPECT_FALSE(settings_from_json(R"({"provder":"openai"})").ok());
  auto bad = settings_from_json(R"({"provider":"openia"})");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("ollama"), std::string::npos);  // lists the valid names
}

TEST(LlmSettings, EndpointUsesPresetDefaultBaseUrl) {
  LlmSettings s;
  s.provider = "lmstudio";
  auto e = endpoint_from_settings(s);
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(e->base_url, "http://localhost:1234/v1");
  EXPECT_EQ(e->protocol, LlmProtocol::OpenAICompatible);
  s.provider = "custom";
  EXPECT_FALSE(endpoint_from_settings(s).ok());
  s.base_url = "localhost:8000";
  EXPECT_FALSE(endpoint_from_settings(s).ok());
}

TEST(Redaction, ReplacesCredentialHeadersAndEveryOccurrence) {
  HttpRequest r;
  r.url = "http://h/v1?key=abc123";
  r.headers = {{"Authorization", "Bearer abc123"}, {"X-Api-Key", "other"}, {"Content-Type", "application/json"}};
  r.body = "{\"note\":\"abc123abc123\"}";
  HttpRequest red = redact_request(r, "abc123");
  EXPECT_EQ(red.url, "http://h/v1?key=[redacted]");
  EXPECT_EQ(red.headers[0].second, "[redacted]");
  EXPECT_EQ(red.headers[1].second, "[redacted]");
  EXPECT_EQ(red.headers[2].second, "application/json");
  EXPECT_EQ(red.body, "{\"note\":\"[redacted][redacted]\"}");
  EXPECT_EQ(redact_secret("abc", ""), "abc");
}

}  // namespace
}  // namespace chokepoint
