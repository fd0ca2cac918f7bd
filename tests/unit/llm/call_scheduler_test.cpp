// The step-driven scheduler with an in-process transport whose answers the test releases one by one, and a clock
// that is just the number passed to step().
#include "core/llm/call_scheduler.h"

#include <gtest/gtest.h>

#include <deque>

namespace chokepoint {
namespace {

// Holds every request until the test answers it.
class FakeTransport : public HttpTransport {
 public:
  struct Pending {
    HttpRequest request;
    HttpDone done;
  };
  void send(const HttpRequest& request, HttpDone done) override { pending.push_back({request, std::move(done)}); }
  void answer_next(HttpResponse response) {
    Pending p = std::move(pending.front());
    pending.pop_front();
    p.done(std::move(response));
  }
  std::deque<Pending> pending;
};

HttpResponse reply(const std::string& text, int prompt_tokens = 10, int completion_tokens = 5) {
  HttpResponse r;
  r.status = 200;
  r.body = R"({"model":"m","choices":[{"message":{"role":"assistant","content":")" + text +
           R"("},"finish_reason":"stop"}],"usage":{"prompt_tokens":)" + std::to_string(prompt_tokens) +
           R"(,"completion_tokens":)" + std::to_string(completion_tokens) + "}}";
  return r;
}

HttpResponse failure(int status, HttpHeaders headers = {}) {
  HttpResponse r;
  r.status = status;
  r.headers = std::move(headers);
  r.body = R"({"error":{"message":"try later"}})";
  return r;
}

LlmEndpoint endpoint() {
  LlmEndpoint e;
  e.provider = "openai";
  e.base_url = "http://127.0.0.1:1/v1";
  e.api_key = "sk-SECRET-42";
  return e;
}

LlmCall call(const std::string& id) {
  LlmCall c;
  c.id = id;
  c.request.model = "m";
  c.request.messages = {{"user", "question for " + id}};
  return c;
}

TEST(CallScheduler, NeverHasMoreThanTheConcurrencyLimitInFlight) {
  FakeTransport t;
  SchedulerLimits limits;
  limits.max_concurrency = 2;
  CallScheduler s(endpoint(), t, nullptr, limits);
  for (auto id : {"a", "b", "c", "d", "e"}) s.add(call(id));
  s.step(0);
  EXPECT_EQ(t.pending.size(), 2u);
  t.answer_next(reply("A"));
  s.step(1);
  EXPECT_EQ(t.pending.size(), 2u);  // one finished, one more started
  EXPECT_EQ(s.count(CallState::Succeeded), 1u);
  while (!t.pending.empty()) {
    t.answer_next(reply("x"));
    s.step(2);
  }
  EXPECT_TRUE(s.finished());
  EXPECT_EQ(s.usage().network_calls, 5);
  EXPECT_EQ(s.calls()[0].completion->text, "A");
}

TEST(CallScheduler, RateLimitWaitsForRetryAfterThenSucceeds) {
  FakeTransport t;
  SchedulerLimits limits;
  limits.base_backoff_ms = 100;
  CallScheduler s(endpoint(), t, nullptr, limits);
  s.add(call("a"));
  s.step(1000);
  t.answer_next(failure(429, {{"retry-after", "3"}}));
  s.step(1010);
  EXPECT_EQ(s.calls()[0].state, CallState::WaitingRetry);
  EXPECT_EQ(*s.next_retry_ms(), 1010 + 3000);  // Retry-After (3 s) beats the 100 ms backoff
  s.step(4009);
  EXPECT_TRUE(t.pending.empty());
  s.step(4010);
  ASSERT_EQ(t.pending.size(), 1u);
  t.answer_next(reply("ok"));
  s.step(4020);
  EXPECT_EQ(s.calls()[0].state, CallState::Succeeded);
  EXPECT_EQ(s.calls()[0].attempts, 2);
  EXPECT_EQ(s.usage().retries, 1);
}

TEST(CallScheduler, ServerErrorsBackOffExponentiallyAndFailAfterMaxAttempts) {
  FakeTransport t;
  SchedulerLimits limits;
  limits.base_backoff_ms = 1000;
  limits.max_attempts = 3;
  CallScheduler s(endpoint(), t, nullptr, limits);
  s.add(call("a"));
  s.step(0);
  t.answer_next(failure(500));
  s.step(0);
  EXPECT_EQ(*s.next_retry_ms(), 1000);  // 1000 * 2^0
  s.step(1000);
  t.answer_next(failure(503));
  s.step(1000);
  EXPECT_EQ(*s.next_retry_ms(), 3000);  // 1000 + 1000 * 2^1
  s.step(3000);
  t.answer_next(failure(500));
  s.step(3000);
  EXPECT_EQ(s.calls()[0].state, CallState::Failed);
  EXPECT_EQ(s.calls()[0].last_error->kind, LlmErrorKind::ServerError);
  EXPECT_TRUE(s.finished());
}

TEST(CallScheduler, UnauthorizedIsNotRetried) {
  FakeTransport t;
  CallScheduler s(endpoint(), t, nullptr);
  s.add(call("a"));
  s.step(0);
  t.answer_next(failure(401));
  s.step(0);
  EXPECT_EQ(s.calls()[0].state, CallState::Failed);
  EXPECT_EQ(s.calls()[0].attempts, 1);
}

TEST(CallScheduler, CallBudgetStopsSendingAndResumeContinues) {
  FakeTransport t;
  SchedulerLimits limits;
  limits.max_network_calls = 2;
  limits.max_concurrency = 5;
  CallScheduler s(endpoint(), t, nullptr, limits);
  for (auto id : {"a", "b", "c"}) s.add(call(id));
  s.step(0);
  EXPECT_EQ(t.pending.size(), 2u);
  EXPECT_EQ(s.stopped(), SchedulerStop::CallBudget);
  t.answer_next(reply("1"));
  t.answer_next(reply("2"));
  s.step(1);
  EXPECT_EQ(s.count(CallState::Queued), 1u);
  EXPECT_FALSE(s.finished());
  limits.max_network_calls = 3;
  s.set_limits(limits);
  s.resume();
  s.step(2);
  EXPECT_EQ(t.pending.size(), 1u);
}

TEST(CallScheduler, TokenBudgetCountsReportedTokens) {
  FakeTransport t;
  SchedulerLimits limits;
  limits.max_tokens = 20;
  limits.max_concurrency = 1;
  CallScheduler s(endpoint(), t, nullptr, limits);
  s.add(call("a"));
  s.add(call("b"));
  s.step(0);
  t.answer_next(reply("x", 12, 6));  // 18 used; the next prompt (~5 tokens) would pass 20
  s.step(1);
  EXPECT_EQ(s.stopped(), SchedulerStop::TokenBudget);
  EXPECT_TRUE(t.pending.empty());
  EXPECT_EQ(s.usage().prompt_tokens, 12);
  EXPECT_EQ(s.usage().completion_tokens, 6);
}

TEST(CallScheduler, CostFollowsPricesPerMillionTokens) {
  FakeTransport t;
  TokenPrices prices{2.0, 10.0};
  CallScheduler s(endpoint(), t, nullptr, {}, prices);
  s.add(call("a"));
  s.step(0);
  t.answer_next(reply("x", 1000, 500));
  s.step(1);
  EXPECT_DOUBLE_EQ(s.usage().cost, 1000 * 2.0 / 1e6 + 500 * 10.0 / 1e6);
}

TEST(CallScheduler, CancelKeepsInFlightAnswersAndQueuedCallsForResume) {
  FakeTransport t;
  SchedulerLimits limits;
  limits.max_concurrency = 1;
  CallScheduler s(endpoint(), t, nullptr, limits);
  s.add(call("a"));
  s.add(call("b"));
  s.step(0);
  s.cancel();
  t.answer_next(reply("A"));
  s.step(1);
  EXPECT_EQ(s.calls()[0].state, CallState::Succeeded);  // the answer in flight is not lost
  EXPECT_EQ(s.calls()[1].state, CallState::Queued);
  EXPECT_TRUE(t.pending.empty());
  s.resume();
  s.step(2);
  ASSERT_EQ(t.pending.size(), 1u);
  t.answer_next(reply("B"));
  s.step(3);
  EXPECT_TRUE(s.finished());
}

TEST(CallScheduler, RerunAnswersFromReplayStoreWithoutNetwork) {
  MemoryReplayStore store;
  {
    FakeTransport t;
    CallScheduler s(endpoint(), t, &store);
    s.add(call("a"));
    s.add(call("b"));
    s.step(0);
    t.answer_next(reply("A"));
    t.answer_next(reply("B"));
    s.step(1);
    EXPECT_EQ(store.size(), 2u);
  }
  FakeTransport t;
  CallScheduler again(endpoint(), t, &store);
  again.add(call("a"));
  again.add(call("b"));
  again.step(0);
  EXPECT_TRUE(t.pending.empty());
  EXPECT_TRUE(again.finished());
  EXPECT_EQ(again.usage().network_calls, 0);
  EXPECT_EQ(again.usage().replayed, 2);
  EXPECT_EQ(again.calls()[1].completion->text, "B");
  EXPECT_TRUE(again.calls()[1].from_replay);
}

// The store is asked once per call, and a call added after a step is asked at the next one; the same request queued
// twice is sent once, the answer serving both.
TEST(CallScheduler, ReplayIsAskedOncePerCallAndTwinsShareAnAnswer) {
  struct CountingStore : MemoryReplayStore {
    mutable int finds = 0;
    std::optional<ReplayRecord> find(const std::string& key) const override {
      ++finds;
      return MemoryReplayStore::find(key);
    }
  } store;
  FakeTransport t;
  SchedulerLimits one;
  one.max_concurrency = 1;
  CallScheduler s(endpoint(), t, &store, one);
  s.add(call("a"));
  s.add(call("a"));  // the same request
  s.add(call("b"));
  s.step(0);
  s.step(1);
  s.step(2);
  EXPECT_EQ(store.finds, 3) << "one lookup per call, not per step";
  ASSERT_EQ(t.pending.size(), 1u);
  t.answer_next(reply("A"));
  s.step(3);
  EXPECT_EQ(s.calls()[1].state, CallState::Succeeded) << "answered by its twin";
  EXPECT_EQ(s.calls()[1].completion->text, "A");
  EXPECT_TRUE(s.calls()[1].from_replay);
  ASSERT_EQ(t.pending.size(), 1u) << "then b is sent";
  t.answer_next(reply("B"));
  s.add(call("a"));  // added later: found in the store at the next step
  s.step(4);
  EXPECT_EQ(store.finds, 4);
  EXPECT_TRUE(s.finished());
  EXPECT_EQ(s.usage().network_calls, 2);
  EXPECT_EQ(s.usage().replayed, 2);
}

TEST(CallScheduler, SynchronousTransportAnswersAreProcessedOnNextStep) {
  struct Immediate : HttpTransport {
    void send(const HttpRequest&, HttpDone done) override { done(reply("now")); }
  } t;
  CallScheduler s(endpoint(), t, nullptr);
  s.add(call("a"));
  s.step(0);
  s.step(0);
  EXPECT_EQ(s.calls()[0].completion->text, "now");
}

TEST(CallScheduler, LateAnswerAfterDestructionIsIgnored) {
  FakeTransport t;
  {
    CallScheduler s(endpoint(), t, nullptr);
    s.add(call("a"));
    s.step(0);
  }
  t.answer_next(reply("late"));  // must not touch the destroyed scheduler
  SUCCEED();
}

TEST(CallScheduler, KeyAppearsInNoLogEntryOrReplayRecord) {
  MemoryReplayStore store;
  FakeTransport t;
  CallScheduler s(endpoint(), t, &store);
  s.add(call("a"));
  s.add(call("b"));
  s.step(0);
  EXPECT_EQ(header_value(t.pending[0].request.headers, "Authorization"), "Bearer sk-SECRET-42");  // on the wire only
  HttpResponse echo = failure(401);
  echo.body = R"({"error":{"message":"Incorrect API key provided: sk-SECRET-42"}})";
  t.answer_next(echo);
  t.answer_next(reply("fine"));
  s.step(1);
  for (const auto& entry : s.log()) {
    EXPECT_EQ(entry.request_text.find("sk-SECRET-42"), std::string::npos);
    EXPECT_NE(entry.request_text.find("Authorization: [redacted]"), std::string::npos) << entry.request_text;
    EXPECT_EQ(entry.response_body.find("sk-SECRET-42"), std::string::npos);
    EXPECT_EQ(entry.error.find("sk-SECRET-42"), std::string::npos);
  }
  auto record = store.find(replay_key("openai", call("b").request));
  ASSERT_TRUE(record.has_value());
  EXPECT_EQ(record->request_json.find("sk-SECRET-42"), std::string::npos);
  EXPECT_EQ(record->completion.text, "fine");
}

}  // namespace
}  // namespace chokepoint

namespace chokepoint {
namespace {

// A preview holds the scheduler: queued calls are looked up in the replay store, none is sent until resume().
TEST(CallScheduler, AHeldSchedulerSendsNothingUntilResumed) {
  FakeTransport t;
  MemoryReplayStore replay;
  ReplayRecord known;
  known.key = replay_key(endpoint().provider, call("b").request);
  known.request_json = canonical_request_json(endpoint().provider, call("b").request);
  known.completion.text = "from the store";
  ASSERT_TRUE(replay.put(known).ok());
  CallScheduler s(endpoint(), t, &replay);
  s.hold();
  s.add(call("a"));
  s.add(call("b"));
  for (int i = 0; i < 5; ++i) s.step(i);
  EXPECT_TRUE(t.pending.empty());
  EXPECT_EQ(s.stopped(), SchedulerStop::Held);
  EXPECT_EQ(s.calls()[1].state, CallState::Succeeded);  // the replay store answered it, without the network
  EXPECT_EQ(s.usage().network_calls, 0);
  s.resume();
  s.step(10);
  ASSERT_EQ(t.pending.size(), 1u);
  t.answer_next(reply("ok"));
  s.step(11);
  EXPECT_TRUE(s.finished());
}

// A record whose stored request is not the request asked (a poisoned store) answers nothing: the call is sent.
TEST(CallScheduler, AReplayRecordAnswersOnlyTheExactRequestItWasRecordedFor) {
  FakeTransport t;
  MemoryReplayStore replay;
  ReplayRecord poisoned;
  poisoned.key = replay_key(endpoint().provider, call("a").request);
  poisoned.request_json = canonical_request_json(endpoint().provider, call("other").request);
  poisoned.completion.text = "DROP TABLE everything";
  ASSERT_TRUE(replay.put(poisoned).ok());
  CallScheduler s(endpoint(), t, &replay);
  s.add(call("a"));
  s.step(0);
  EXPECT_FALSE(s.calls()[0].from_replay);
  ASSERT_EQ(t.pending.size(), 1u);
}

TEST(CallScheduler, CancelWhileHeldCancels) {
  FakeTransport t;
  CallScheduler s(endpoint(), t, nullptr);
  s.hold();
  s.add(call("a"));
  s.cancel();
  EXPECT_EQ(s.stopped(), SchedulerStop::Cancelled);
  s.step(0);
  EXPECT_TRUE(t.pending.empty());
}

// Answers arriving between the host's steps, as fetch's do in the page: each one is taken at once and the next call
// sent, so the calls in flight stay at the limit without waiting for a frame.
class EventLoopTransport : public FakeTransport {
 public:
  std::optional<double> step_on_answer_ms() const override { return clock; }
  double clock = 0;
};

TEST(CallScheduler, AnAnswerFromTheEventLoopSendsTheNextCallAtOnce) {
  EventLoopTransport t;
  SchedulerLimits limits;
  limits.max_concurrency = 2;
  CallScheduler s(endpoint(), t, nullptr, limits);
  for (auto id : {"a", "b", "c", "d", "e"}) s.add(call(id));
  s.step(0);
  ASSERT_EQ(t.pending.size(), 2u);
  t.answer_next(reply("A"));  // no step() by the host
  EXPECT_EQ(s.count(CallState::Succeeded), 1u);
  EXPECT_EQ(t.pending.size(), 2u);  // "c" sent by the answer's arrival
  EXPECT_EQ(t.pending.back().request.body.find("question for c") != std::string::npos, true);
  while (!t.pending.empty()) t.answer_next(reply("x"));
  EXPECT_TRUE(s.finished());
  EXPECT_EQ(s.usage().network_calls, 5);
}

TEST(CallScheduler, AnAnswerFromTheEventLoopKeepsTheBackoffClockAndTheHold) {
  EventLoopTransport t;
  CallScheduler s(endpoint(), t, nullptr, {});
  s.add(call("a"));
  s.add(call("b"));
  s.step(0);
  ASSERT_EQ(t.pending.size(), 2u);
  t.clock = 500;
  t.answer_next(failure(503));  // retry due at 500 + 1000, by the transport's clock
  ASSERT_EQ(s.calls()[0].state, CallState::WaitingRetry);
  EXPECT_DOUBLE_EQ(s.calls()[0].retry_at_ms, 1500);
  s.hold();
  t.clock = 2000;
  t.answer_next(reply("B"));  // taken, but nothing sent while held
  EXPECT_EQ(s.calls()[1].state, CallState::Succeeded);
  EXPECT_TRUE(t.pending.empty());
  s.resume();
  s.step(2000);
  EXPECT_EQ(t.pending.size(), 1u);  // the retry
}

// A transport answering inside send() is not stepped again from its own answer (no re-entry).
class SynchronousEventLoopTransport : public HttpTransport {
 public:
  void send(const HttpRequest&, HttpDone done) override {
    ++sent;
    done(reply("now"));
  }
  std::optional<double> step_on_answer_ms() const override { return 0.0; }
  int sent = 0;
};

TEST(CallScheduler, AnAnswerInsideSendWaitsForTheNextStep) {
  SynchronousEventLoopTransport t;
  SchedulerLimits limits;
  limits.max_concurrency = 1;
  CallScheduler s(endpoint(), t, nullptr, limits);
  for (auto id : {"a", "b", "c"}) s.add(call(id));
  s.step(0);
  EXPECT_EQ(t.sent, 1);
  EXPECT_EQ(s.count(CallState::Succeeded), 0u);  // drained by the next step
  s.step(1);
  EXPECT_EQ(t.sent, 2);
  EXPECT_EQ(s.count(CallState::Succeeded), 1u);
}

}  // namespace
}  // namespace chokepoint
