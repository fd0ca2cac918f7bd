// Replay keys and the SQLite-backed store in a workspace database.
#include "core/llm/sqlite_replay_store.h"

#include <gtest/gtest.h>

#include "core/llm/sha256.h"

namespace chokepoint {
namespace {

ChatRequest request() {
  ChatRequest r;
  r.model = "llama3";
  r.messages = {{"user", "How many molecules?"}};
  return r;
}

TEST(ReplayKey, CanonicalJsonHasSortedKeysAndNullSeed) {
  EXPECT_EQ(canonical_request_json("ollama", request()),
            R"({"max_tokens":512,"messages":[{"content":"How many molecules?","role":"user"}],)"
            R"("model":"llama3","provider":"ollama","seed":null,"temperature":0.0})");
  EXPECT_EQ(replay_key("ollama", request()), sha256_hex(canonical_request_json("ollama", request())));
}

TEST(ReplayKey, ChangesWithProviderModelParametersAndMessages) {
  std::string base = replay_key("ollama", request());
  ChatRequest r = request();
  EXPECT_NE(replay_key("vllm", r), base);
  r.model = "llama3.1";
  EXPECT_NE(replay_key("ollama", r), base);
  r = request();
  r.seed = 1;
  EXPECT_NE(replay_key("ollama", r), base);
  r = request();
  r.temperature = 0.5;
  EXPECT_NE(replay_key("ollama", r), base);
  r = request();
  r.messages[0].content += " ";
  EXPECT_NE(replay_key("ollama", r), base);
  EXPECT_EQ(replay_key("ollama", request()), base);
}

TEST(SqliteReplayStore, RoundTripsARecordWithQuotesAndNewlines) {
  auto db = Connection::open_memory();
  ASSERT_TRUE(db.ok());
  auto store = SqliteReplayStore::open(*db);
  ASSERT_TRUE(store.ok()) << store.error();
  ReplayRecord r;
  r.key = replay_key("ollama", request());
  r.provider = "ollama";
  r.model = "llama3";
  r.request_json = canonical_request_json("ollama", request());
  r.completion.text = "Which molecule's atoms\nare 'cl'?";
  r.completion.model = "llama3:8b";
  r.completion.finish_reason = "stop";
  r.completion.usage = {31, 9};
  ASSERT_TRUE(store->put(r).ok());
  EXPECT_EQ(store->size(), 1u);
  auto back = store->find(r.key);
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(back->completion.text, "Which molecule's atoms\nare 'cl'?");
  EXPECT_EQ(back->completion.model, "llama3:8b");
  EXPECT_EQ(back->completion.usage.prompt_tokens, 31);
  EXPECT_EQ(back->completion.usage.completion_tokens, 9);
  EXPECT_EQ(back->request_json, r.request_json);
  EXPECT_FALSE(store->find(sha256_hex("other")).has_value());
  EXPECT_FALSE(store->find("' OR 1=1 --").has_value());
}

TEST(SqliteReplayStore, ReopeningKeepsRecordsAndPutReplaces) {
  auto db = Connection::open_memory();
  ASSERT_TRUE(db.ok());
  ReplayRecord r;
  r.key = sha256_hex("k");
  r.completion.text = "first";
  {
    auto store = SqliteReplayStore::open(*db);
    ASSERT_TRUE(store->put(r).ok());
  }
  auto store = SqliteReplayStore::open(*db);
  r.completion.text = "second";
  ASSERT_TRUE(store->put(r).ok());
  EXPECT_EQ(store->size(), 1u);
  EXPECT_EQ(store->find(r.key)->completion.text, "second");
}

}  // namespace
}  // namespace chokepoint
