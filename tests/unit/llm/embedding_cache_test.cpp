// Endpoint embeddings for SC: fetched once per (model, text) in batches, then served from the cache with the
// EmbeddingFunction shape column matching expects.
#include "core/llm/embedding_cache.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace chokepoint {
namespace {

// OpenAI-compatible /v1/embeddings: the vector of "abc" is {3, 97} (length, first byte).
class FakeEmbeddings : public HttpTransport {
 public:
  void send(const HttpRequest& request, HttpDone done) override {
    auto body = nlohmann::json::parse(request.body);
    batches.push_back(body["input"].get<std::vector<std::string>>());
    nlohmann::json data = nlohmann::json::array();
    int i = 0;
    for (const auto& t : batches.back())
      data.push_back({{"index", i++}, {"embedding", {static_cast<double>(t.size()), static_cast<double>(t[0])}}});
    HttpResponse r;
    r.status = status;
    r.body = status == 200 ? nlohmann::json({{"model", "e"}, {"data", data}, {"usage", {{"prompt_tokens", 1}}}}).dump()
                           : R"({"error":{"message":"nope"}})";
    done(r);
  }
  std::vector<std::vector<std::string>> batches;
  int status = 200;
};

LlmEndpoint openai() {
  LlmEndpoint e;
  e.provider = "openai";
  e.base_url = "http://127.0.0.1:9/v1";
  return e;
}

TEST(EmbeddingCache, FetchesEachMissingTextOnceInBatches) {
  FakeEmbeddings fake;
  EmbeddingCache cache;
  auto s = fetch_embeddings_now(openai(), "e", {"ab", "c", "ab", "defg", "hi", "j"}, fake, cache, 2);
  ASSERT_TRUE(s.ok()) << s.error();
  ASSERT_EQ(fake.batches.size(), 3u);  // 5 distinct texts in batches of 2
  EXPECT_EQ(fake.batches[0], (std::vector<std::string>{"ab", "c"}));
  EXPECT_EQ(fake.batches[1], (std::vector<std::string>{"defg", "hi"}));
  EXPECT_EQ(fake.batches[2], (std::vector<std::string>{"j"}));
  ASSERT_NE(cache.find("e", "defg"), nullptr);
  EXPECT_EQ(*cache.find("e", "defg"), (std::vector<double>{4, 'd'}));
  EXPECT_EQ(cache.find("other-model", "defg"), nullptr);
  // A second fetch of known texts sends nothing.
  ASSERT_TRUE(fetch_embeddings_now(openai(), "e", {"c", "j"}, fake, cache).ok());
  EXPECT_EQ(fake.batches.size(), 3u);
}

TEST(EmbeddingCache, TheFunctionServesFromTheCacheAndFetchesMissesThroughTheCallback) {
  FakeEmbeddings fake;
  EmbeddingCache cache;
  cache.put("e", "known", {1, 2});
  auto offline = cached_embedding_function(cache, "e");
  EXPECT_EQ(offline({"known"}), (std::vector<std::vector<double>>{{1, 2}}));
  EXPECT_THROW(offline({"known", "new"}), std::runtime_error);
  auto online = cached_embedding_function(cache, "e", [&](const std::vector<std::string>& missing) {
    return fetch_embeddings_now(openai(), "e", missing, fake, cache);
  });
  auto v = online({"new", "known"});
  ASSERT_EQ(v.size(), 2u);
  EXPECT_EQ(v[0], (std::vector<double>{3, 'n'}));
  EXPECT_EQ(v[1], (std::vector<double>{1, 2}));
  ASSERT_EQ(fake.batches.size(), 1u);
  EXPECT_EQ(fake.batches[0], (std::vector<std::string>{"new"}));
}

TEST(EmbeddingCache, FailuresCarryTheLayersMessageAndAnthropicIsUnsupported) {
  FakeEmbeddings fake;
  fake.status = 401;
  EmbeddingCache cache;
  auto s = fetch_embeddings_now(openai(), "e", {"x"}, fake, cache);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().find("401"), std::string::npos) << s.error();
  EXPECT_EQ(cache.size(), 0u);
  LlmEndpoint anthropic = openai();
  anthropic.provider = "anthropic";
  anthropic.protocol = LlmProtocol::Anthropic;
  auto u = fetch_embeddings_now(anthropic, "e", {"x"}, fake, cache);
  ASSERT_FALSE(u.ok());
  EXPECT_NE(u.error().find("no embeddings API"), std::string::npos) << u.error();
}

}  // namespace
}  // namespace chokepoint
