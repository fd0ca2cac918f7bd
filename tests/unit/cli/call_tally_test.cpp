// The tally of a command's model calls (cli/call_tally.h): what a scheduler's calls came to (answered, replayed,
// failed, cut by a budget), the report's model_calls object, the stderr line, the exit code, and the counts a shard
// keeps so merge can add them up. Schedulers run on a transport that answers at once, as curl does.
#include "cli/call_tally.h"

#include <gtest/gtest.h>

#include <map>

#include "core/llm/llm_settings.h"

namespace chokepoint::cli {
namespace {

// Answers every request inside send(): 401 when its prompt holds "refuse", else the prompt's first word.
class AnsweringTransport : public HttpTransport {
 public:
  void send(const HttpRequest& request, HttpDone done) override {
    ++sent;
    HttpResponse r;
    if (request.body.find("refuse") != std::string::npos) {
      r.status = 401;
      r.body = R"({"error":{"message":"no key"}})";
    } else {
      r.status = 200;
      r.body = R"({"model":"m","choices":[{"message":{"role":"assistant","content":"ok"},"finish_reason":"stop"}],)"
               R"("usage":{"prompt_tokens":10,"completion_tokens":2}})";
    }
    done(r);
  }
  int sent = 0;
};

LlmSettings tally_settings() {
  LlmSettings s;
  s.provider = "custom";
  s.base_url = "http://127.0.0.1:9/v1";
  s.model = "m";
  return s;
}

// Runs `prompts` (id, prompt) on a scheduler with `limits` to the end, as ModelCalls does, and tallies it.
CallTally tally_of(const std::vector<std::pair<std::string, std::string>>& prompts, SchedulerLimits limits = {},
                   ReplayStore* replay = nullptr) {
  AnsweringTransport transport;
  CallScheduler s(*endpoint_from_settings(tally_settings()), transport, replay, limits);
  for (const auto& [id, prompt] : prompts)
    s.add({id, chat_request_from_settings(tally_settings(), {{"user", prompt}})});
  for (int step = 0; step < 100 && !s.finished(); ++step) {
    if (s.stopped() != SchedulerStop::None && !s.has_in_flight()) break;
    s.step(step);
  }
  CallTally t;
  t.add(s, "--max-calls 1", "--max-tokens 5");
  return t;
}

TEST(CallTally, EveryCallAnsweredIsComplete) {
  const CallTally t = tally_of({{"a", "one"}, {"b", "two"}});
  EXPECT_EQ(t.chat.asked, 2u);
  EXPECT_EQ(t.chat.answered, 2u);
  EXPECT_EQ(t.chat.failed + t.chat.cut, 0u);
  EXPECT_EQ(t.usage.network_calls, 2);
  EXPECT_TRUE(t.complete());
  EXPECT_EQ(model_call_exit_code(t), 0);
  EXPECT_EQ(call_tally_message(t, true), "");
}

TEST(CallTally, ARefusedCallIsAFailureWithItsReason) {
  const CallTally t = tally_of({{"a", "one"}, {"b", "refuse"}});
  EXPECT_EQ(t.chat.answered, 1u);
  EXPECT_EQ(t.chat.failed, 1u);
  ASSERT_EQ(t.errors.size(), 1u);
  EXPECT_EQ(t.errors.begin()->second, 1u);
  EXPECT_EQ(t.chat.first_failure.rfind("b: 401 Unauthorized", 0), 0u) << t.chat.first_failure;
  EXPECT_EQ(model_call_exit_code(t), 1);
}

TEST(CallTally, CallsACallBudgetStopsAreCutAndNeverSent) {
  SchedulerLimits limits;
  limits.max_network_calls = 1;
  const CallTally t = tally_of({{"a", "one"}, {"b", "two"}, {"c", "three"}}, limits);
  EXPECT_EQ(t.chat.asked, 3u);
  EXPECT_EQ(t.chat.answered, 1u);
  EXPECT_EQ(t.chat.cut, 2u);
  EXPECT_EQ(t.usage.network_calls, 1);
  EXPECT_EQ(t.budget, "--max-calls 1");
  EXPECT_EQ(model_call_exit_code(t), 1);
}

TEST(CallTally, ATokenBudgetNamesItsFlag) {
  SchedulerLimits limits;
  limits.max_tokens = 5;  // the first prompt's estimate alone is more
  const CallTally t = tally_of({{"a", "a prompt of more than twenty characters"}}, limits);
  EXPECT_EQ(t.chat.cut, 1u);
  EXPECT_EQ(t.budget, "--max-tokens 5");
}

TEST(CallTally, AnAnswerFromTheReplayStoreIsAnsweredAndReplayed) {
  MemoryReplayStore store;
  (void)tally_of({{"a", "one"}}, {}, &store);  // records the answer
  const CallTally t = tally_of({{"a", "one"}, {"b", "two"}}, {}, &store);
  EXPECT_EQ(t.chat.answered, 2u);
  EXPECT_EQ(t.chat.replayed, 1u);
  EXPECT_EQ(t.usage.network_calls, 1);
}

// A tally made by hand: 5 calls, 2 answered (1 replayed), 1 failed, 2 cut; 3 requests; 4 texts embedded, 1 failed.
CallTally by_hand() {
  CallTally t;
  t.chat = {5, 2, 1, 1, 2, "item 7 / judge strict: 500: the server failed"};
  t.embedding_texts = {4, 3, 0, 1, 0, "embeddings (e): 500: the server failed"};
  t.usage.network_calls = 3;
  t.budget = "--max-calls 3";
  t.errors = {{"500: the server failed", 2}};
  return t;
}

TEST(CallTally, ReportObjectGivesEveryCount) {
  const auto j = call_tally_json(by_hand());
  const nlohmann::ordered_json expected = {
      {"calls", 5},
      {"answered", 2},
      {"replayed", 1},
      {"failed", 1},
      {"cut_by_budget", 2},
      {"requests", 3},
      {"embedding_texts", {{"texts", 4}, {"answered", 3}, {"replayed", 0}, {"failed", 1}, {"cut_by_budget", 0}}},
      {"budget", "--max-calls 3"},
      {"errors", {{"500: the server failed", 2}}}};
  EXPECT_EQ(j, expected);
}

TEST(CallTally, ReportObjectWithoutEmbeddingsOrBudget) {
  CallTally t;
  t.chat = {1, 1, 0, 0, 0, ""};
  const auto j = call_tally_json(t);
  EXPECT_FALSE(j.contains("embedding_texts"));
  EXPECT_TRUE(j["budget"].is_null());
  EXPECT_TRUE(j["errors"].empty());
}

TEST(CallTally, StderrLineSaysHowManyAndWhy) {
  EXPECT_EQ(call_tally_message(by_hand(), false),
            "3 of 5 model calls unanswered: 1 failed (first: item 7 / judge strict: 500: the server failed), 2 cut "
            "by --max-calls 3; 1 of 4 texts not embedded: 1 failed (first: embeddings (e): 500: the server failed)");
}

TEST(CallTally, StderrLineSaysARerunAsksOnlyTheRestWhenAnswersAreKept) {
  CallTally t;
  t.chat = {4, 3, 0, 0, 1, ""};
  t.budget = "--max-tokens 100";
  EXPECT_EQ(call_tally_message(t, true),
            "1 of 4 model calls unanswered: 1 cut by --max-tokens 100; a rerun with the same --replay asks only "
            "those");
}

TEST(CallTally, ExitCodeIsOneForACommandsOwnFailureToo) {
  CallTally t;
  t.chat = {1, 1, 0, 0, 0, ""};
  EXPECT_EQ(model_call_exit_code(t), 0);
  EXPECT_EQ(model_call_exit_code(t, true), 1);
}

TEST(CallTally, CountsOfAShardGiveTheTallyBack) {
  std::map<std::string, long long> counts;
  put_tally_counts(by_hand(), counts);
  EXPECT_EQ(call_tally_json(tally_from_counts(counts)), call_tally_json(by_hand()));
  EXPECT_EQ(tally_from_counts(counts).chat.first_failure, by_hand().chat.first_failure);
  EXPECT_EQ(tally_from_counts(counts).embedding_texts.first_failure, by_hand().embedding_texts.first_failure);
}

TEST(CallTally, CountsOfTwoShardsAddUp) {
  std::map<std::string, long long> merged;
  for (int shard = 0; shard < 2; ++shard) {
    std::map<std::string, long long> counts;
    put_tally_counts(by_hand(), counts);
    for (const auto& [name, n] : counts) merged[name] += n;  // what merge does
  }
  const CallTally t = tally_from_counts(merged);
  EXPECT_EQ(t.chat.asked, 10u);
  EXPECT_EQ(t.chat.cut, 4u);
  EXPECT_EQ(t.embedding_texts.failed, 2u);
  EXPECT_EQ(t.usage.network_calls, 6);
  EXPECT_EQ(t.errors.at("500: the server failed"), 4u);
  EXPECT_EQ(t.budget, "--max-calls 3");
}

}  // namespace
}  // namespace chokepoint::cli
