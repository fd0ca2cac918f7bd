// What --preview prints for every model-calling command (cli/call_preview.h): destination, the count of calls and of
// those the replay store answers, the tokens of the prompts that would leave, every first-round prompt and the later
// rounds, from hand-built previews.
#include "cli/call_preview.h"

#include <gtest/gtest.h>

namespace chokepoint::cli {
namespace {

CallPreview two_prompts() {
  CallPreview p;
  p.destinations = {{"fake-judge", "http://127.0.0.1:9/v1"}, {"fake-t2s", "http://127.0.0.1:8/v1"}};
  p.prompts = {{"0 / judge strict", "abcdefgh", false},     // 8 characters: 2 tokens
               {"1 / judge lenient", "abcd", true},         // replayed: not sent, not counted
               {"2 / judge lenient", "abcdefghi", false}};  // 9 characters: 3 tokens
  p.later_rounds = {{"text-to-SQL", "the rewritten questions", 4}};
  p.details = {{"strict", 1}, {"calls", 99}};
  return p;
}

TEST(CallPreview, CallsIsTheNumberOfPromptsAndEveryPromptIsListedInOrder) {
  const auto j = preview_json(two_prompts());
  EXPECT_EQ(j["calls"], 3);
  ASSERT_EQ(j["prompts"].size(), 3u);
  EXPECT_EQ(j["prompts"][0], (nlohmann::ordered_json{{"id", "0 / judge strict"}, {"prompt", "abcdefgh"}}));
  EXPECT_EQ(j["prompts"][1]["id"], "1 / judge lenient");
  EXPECT_EQ(j["prompts"][2]["prompt"], "abcdefghi");
}

TEST(CallPreview, ReplayedPromptsAreCountedAndLeaveNothing) {
  const auto j = preview_json(two_prompts());
  EXPECT_EQ(j["replayed"], 1);
  EXPECT_EQ(j["network_calls"], 2);
  EXPECT_EQ(j["estimated_prompt_tokens"], 2 + 3);  // (8 + 3) / 4 and (9 + 3) / 4; the replayed one not at all
}

TEST(CallPreview, DestinationIsTheFirstAndEveryOneIsListed) {
  const auto j = preview_json(two_prompts());
  EXPECT_EQ(j["destination"], "http://127.0.0.1:9/v1");
  EXPECT_EQ(j["model"], "fake-judge");
  ASSERT_EQ(j["destinations"].size(), 2u);
  EXPECT_EQ(j["destinations"][1],
            (nlohmann::ordered_json{{"model", "fake-t2s"}, {"base_url", "http://127.0.0.1:8/v1"}}));
}

TEST(CallPreview, LaterRoundsSayWhatAndHowManyCallsAtMost) {
  const auto j = preview_json(two_prompts());
  ASSERT_EQ(j["later_rounds"].size(), 1u);
  EXPECT_EQ(
      j["later_rounds"][0],
      (nlohmann::ordered_json{{"round", "text-to-SQL"}, {"what", "the rewritten questions"}, {"calls_at_most", 4}}));
}

TEST(CallPreview, DetailsAreAddedButNeverReplaceASharedField) {
  const auto j = preview_json(two_prompts());
  EXPECT_EQ(j["strict"], 1);
  EXPECT_EQ(j["calls"], 3);  // not the detail's 99
}

TEST(CallPreview, FieldsComeInTheSameOrderForEveryCommand) {
  std::vector<std::string> keys;
  const auto preview = preview_json(two_prompts());  // kept: items() only views the object
  for (const auto& [key, value] : preview.items()) keys.push_back(key);
  EXPECT_EQ(keys,
            (std::vector<std::string>{"destination", "model", "destinations", "calls", "replayed", "network_calls",
                                      "estimated_prompt_tokens", "prompts", "later_rounds", "strict"}));
}

TEST(CallPreview, NothingToSendIsAnEmptyPreview) {
  const auto j = preview_json(CallPreview{});
  EXPECT_EQ(j["destination"], "");
  EXPECT_EQ(j["model"], "");
  EXPECT_EQ(j["calls"], 0);
  EXPECT_EQ(j["estimated_prompt_tokens"], 0);
  EXPECT_TRUE(j["prompts"].empty());
  EXPECT_TRUE(j["later_rounds"].empty());
}

LlmSettings settings() {
  LlmSettings s;
  s.provider = "custom";
  s.model = "fake-model";
  return s;
}

// The store holds an answer to `prompt` as the scheduler records it: under the request's key, for that request.
void record(MemoryReplayStore& store, const std::string& prompt, const std::string& request_json = "") {
  const ChatRequest r = chat_request_from_settings(settings(), {{"user", prompt}});
  ReplayRecord rec;
  rec.key = replay_key("custom", r);
  rec.provider = "custom";
  rec.model = r.model;
  rec.request_json = request_json.empty() ? canonical_request_json("custom", r) : request_json;
  rec.completion.text = "an answer";
  ASSERT_TRUE(store.put(rec).ok());
}

TEST(CallPreview, APromptTheStoreAnswersIsReplayed) {
  MemoryReplayStore store;
  record(store, "How many atoms?");
  EXPECT_TRUE(preview_prompt("0 / describe", "How many atoms?", settings(), &store).replayed);
  EXPECT_FALSE(preview_prompt("1 / describe", "How many bonds?", settings(), &store).replayed);
}

TEST(CallPreview, ARecordForAnotherRequestUnderTheKeyIsNoAnswer) {
  MemoryReplayStore store;
  record(store, "How many atoms?", "{\"something\":\"else\"}");
  EXPECT_FALSE(preview_prompt("0 / describe", "How many atoms?", settings(), &store).replayed);
}

TEST(CallPreview, AnotherModelsAnswerIsNoAnswer) {
  MemoryReplayStore store;
  record(store, "How many atoms?");
  LlmSettings other = settings();
  other.model = "another-model";
  EXPECT_FALSE(preview_prompt("0 / describe", "How many atoms?", other, &store).replayed);
}

TEST(CallPreview, WithoutAStoreNothingIsReplayed) {
  EXPECT_FALSE(replay_answers(nullptr, "custom", chat_request_from_settings(settings(), {{"user", "x"}})));
}

}  // namespace
}  // namespace chokepoint::cli
