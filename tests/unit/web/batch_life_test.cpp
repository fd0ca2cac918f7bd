// The one batch life cycle of the app's model-calling views, without a browser: a preview sends nothing and lists
// every prompt, Confirm goes out only to the previewed destination, progress and the end are counted, failed or
// cancelled batches can be retried, and the JSON has one shape.
#include "web/llm/batch_life.h"

#include <gtest/gtest.h>

namespace chokepoint::web {
namespace {

BatchPreviewFacts facts(size_t calls, size_t replayed) {
  BatchPreviewFacts f;
  f.destination = "http://127.0.0.1:8000/v1 (custom, model m)";
  f.model = "m";
  f.calls = calls;
  f.replayed = replayed;
  f.tokens = 120;
  for (size_t i = 0; i < calls; ++i) f.prompts.emplace_back("item " + std::to_string(i), "prompt " + std::to_string(i));
  f.later_rounds = {"round 2: at most as many"};
  return f;
}

TEST(BatchLife, APreviewListsEveryPromptAndWhatLaterRoundsSend) {
  BatchLife life;
  ASSERT_TRUE(life.open_preview(facts(3, 1)).ok());
  EXPECT_TRUE(life.previewing());
  const auto j = life.json();
  EXPECT_EQ(j["phase"], "preview");
  EXPECT_EQ(j["preview"]["calls"], 3);
  EXPECT_EQ(j["preview"]["network_calls"], 2);  // one answered by the replay store
  ASSERT_EQ(j["preview"]["prompts"].size(), 3u);
  EXPECT_EQ(j["preview"]["prompts"][2]["prompt"], "prompt 2");
  EXPECT_EQ(j["preview"]["later_rounds"][0], "round 2: at most as many");
}

TEST(BatchLife, ConfirmGoesOutOnlyToThePreviewedDestination) {
  BatchLife life;
  ASSERT_TRUE(life.open_preview(facts(2, 0)).ok());
  const auto moved = life.confirm("http://evil.example/v1 (custom, model m)");
  ASSERT_FALSE(moved.ok());
  EXPECT_NE(moved.error().find("the LLM settings changed after the preview"), std::string::npos);
  EXPECT_NE(moved.error().find("nothing was sent"), std::string::npos);
  EXPECT_EQ(life.phase(), BatchPhase::Idle);  // a new preview is needed
  EXPECT_FALSE(life.confirm(facts(2, 0).destination).ok());
  ASSERT_TRUE(life.open_preview(facts(2, 0)).ok());
  ASSERT_TRUE(life.confirm(facts(2, 0).destination).ok());
  EXPECT_TRUE(life.running());
  EXPECT_EQ(life.total(), 2u);
}

TEST(BatchLife, ARunningBatchCountsItsCallsAndEndsDoneOrCancelled) {
  BatchLife life;
  ASSERT_TRUE(life.open_preview(facts(4, 0)).ok());
  EXPECT_FALSE(life.open_preview(facts(4, 0)).ok() && life.running());
  ASSERT_TRUE(life.confirm(facts(4, 0).destination).ok());
  EXPECT_FALSE(life.open_preview(facts(1, 0)).ok());  // not while running
  life.progress(3, 4, 1);
  EXPECT_EQ(life.json()["ended"], 3);
  life.finish(false);
  EXPECT_EQ(life.phase(), BatchPhase::Done);
  EXPECT_TRUE(life.can_retry());  // one call failed
  EXPECT_EQ(life.json()["failed"], 1);
  BatchLife clean;
  ASSERT_TRUE(clean.open_preview(facts(1, 0)).ok());
  ASSERT_TRUE(clean.confirm(facts(1, 0).destination).ok());
  clean.progress(1, 1, 0);
  clean.finish(false);
  EXPECT_FALSE(clean.can_retry());
}

TEST(BatchLife, ACancelledBatchResumesOnlyToTheSameDestination) {
  BatchLife life;
  ASSERT_TRUE(life.open_preview(facts(2, 0)).ok());
  ASSERT_TRUE(life.confirm(facts(2, 0).destination).ok());
  life.finish(true);
  EXPECT_EQ(life.phase(), BatchPhase::Cancelled);
  EXPECT_TRUE(life.can_retry());
  EXPECT_FALSE(life.resume("http://other/v1 (custom, model m)").ok());
  ASSERT_TRUE(life.resume(facts(2, 0).destination).ok());
  EXPECT_TRUE(life.running());
}

TEST(BatchLife, DiscardClosesAPreviewOnly) {
  BatchLife life;
  life.discard();
  EXPECT_EQ(life.phase(), BatchPhase::Idle);
  ASSERT_TRUE(life.open_preview(facts(1, 0)).ok());
  life.discard();
  EXPECT_EQ(life.json()["phase"], "idle");
  EXPECT_FALSE(life.json().contains("preview"));
}

}  // namespace
}  // namespace chokepoint::web
