// Embedding vectors in the replay store: a round trip gives the same vectors, keys depend on model and text only,
// and a record that is not a vector is skipped (so the text is fetched again).
#include <gtest/gtest.h>

#include "core/llm/embedding_replay.h"

namespace chokepoint {
namespace {

TEST(EmbeddingReplay, RoundTripAndKeys) {
  EmbeddingCache cache;
  cache.put("m", "how many atoms", {0.25, -1.5, 3});
  cache.put("m", "count atoms", {1, 0, 0});
  MemoryReplayStore store;
  ASSERT_TRUE(record_embeddings(store, "custom", "m", {"how many atoms", "count atoms", "not cached"}, cache).ok());
  EXPECT_EQ(store.size(), 2u);
  EmbeddingCache back;
  EXPECT_EQ(load_replayed_embeddings(store, "m", {"how many atoms", "count atoms", "not cached"}, back), 2u);
  ASSERT_NE(back.find("m", "how many atoms"), nullptr);
  EXPECT_EQ(*back.find("m", "how many atoms"), (std::vector<double>{0.25, -1.5, 3}));
  EXPECT_EQ(load_replayed_embeddings(store, "other-model", {"how many atoms"}, back), 0u);
  EXPECT_NE(embedding_replay_key("m", "ab"), embedding_replay_key("ma", "b"));
  EXPECT_EQ(embedding_replay_key("m", "ab"), embedding_replay_key("m", "ab"));
}

TEST(EmbeddingReplay, ARecordThatIsNotAVectorIsSkipped) {
  MemoryReplayStore store;
  ReplayRecord r;
  r.key = embedding_replay_key("m", "t");
  r.completion.text = "[1, \"x\"]";
  ASSERT_TRUE(store.put(r).ok());
  EmbeddingCache cache;
  EXPECT_EQ(load_replayed_embeddings(store, "m", {"t"}, cache), 0u);
  EXPECT_EQ(cache.find("m", "t"), nullptr);
}

}  // namespace
}  // namespace chokepoint
