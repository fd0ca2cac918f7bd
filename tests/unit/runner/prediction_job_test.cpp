// The prediction job: the preview says what would be sent and nothing is sent before start; answers become
// predictions as they arrive (SQL, no SQL, a failed call); a rerun on the same replay store sends nothing; cancel
// keeps what finished and start asks only for the rest.
#include "core/runner/prediction_job.h"

#include <gtest/gtest.h>

#include "core/llm/replay_store.h"
#include "tests/unit/llm/repository_prompts.h"
#include "tests/unit/llm/scripted_transport.h"
#include "tests/unit/sql/thesis_schemas.h"

namespace chokepoint::runner {
namespace {

using testing_support::scripted_endpoint;
using testing_support::ScriptedTransport;

EvalSet three_questions() {
  EvalSet set;
  for (const char* q : {"How many atoms?", "Which molecules are carcinogenic?", "Say nothing useful."}) {
    EvalItem it;
    it.key = std::to_string(set.items.size());
    it.db_id = "toxicology";
    it.question = q;
    it.sql = "SELECT 1";
    set.items.push_back(it);
  }
  return set;
}

// Answers by question: SQL in a fence, prose without SQL, a server error.
std::string answer(const std::string& prompt) {
  if (prompt.find("How many atoms?") != std::string::npos) return "```sql\nSELECT count(*) FROM atom;\n```";
  if (prompt.find("carcinogenic") != std::string::npos) return "Sorry, I cannot tell from this schema.";
  return "HTTP 500";
}

PredictionJob make_job(TokenPrices prices = {}) {
  std::map<std::string, Schema> schemas{{"toxicology", sql::testing::toxicology()}};
  auto formats = std::vector<PromptFormat>{*prompt_format_from_name("SimpleDDL-MD-Chat"),
                                           *prompt_format_from_name("DDL-HTML-Chat")};
  auto tasks = plan_predictions(three_questions(), schemas, formats, {}, chokepoint::testing::repository_prompts());
  EXPECT_TRUE(tasks.ok()) << tasks.error();
  ChatRequest request;
  request.model = "m";
  request.max_tokens = 100;
  return PredictionJob(three_questions(), std::move(*tasks), request, "openai", prices);
}

SchedulerLimits quick() {
  SchedulerLimits l;
  l.max_attempts = 1;
  return l;
}

void run_to_end(PredictionJob& job) {
  for (int i = 0; i < 100 && job.running(); ++i) job.step(1000.0 * i);
}

TEST(PredictionJob, ThePreviewCountsCallsTokensAndCostAndSendsNothing) {
  auto job = make_job({2.0, 10.0});
  MemoryReplayStore replay;
  const auto plan = job.plan(&replay);
  ASSERT_EQ(plan.calls.size(), 6u);  // 3 questions x 2 formats
  EXPECT_EQ(plan.network_calls, 6u);
  long long tokens = 0;
  for (const auto& c : plan.calls) tokens += estimate_tokens(c.prompt);
  EXPECT_EQ(plan.estimated_tokens, tokens);
  EXPECT_DOUBLE_EQ(plan.estimated_cost, (tokens * 2.0 + 6 * 100 * 10.0) / 1e6);
  EXPECT_EQ(plan.calls[0].id, "0 / SimpleDDL-MD-Chat");
  EXPECT_EQ(plan.calls[3].format, "DDL-HTML-Chat");
  EXPECT_FALSE(job.running());
  EXPECT_EQ(job.answered(), 0u);
}

TEST(PredictionJob, AnswersBecomePredictionsWithTheirKind) {
  auto job = make_job();
  ScriptedTransport transport(answer);
  MemoryReplayStore replay;
  job.start(scripted_endpoint(), transport, &replay, quick());
  run_to_end(job);
  EXPECT_FALSE(job.running());
  EXPECT_EQ(job.answered(), 6u);
  const auto p = job.predictions("SimpleDDL-MD-Chat");
  ASSERT_EQ(p.size(), 3u);
  EXPECT_EQ(p[0].status, PredictionStatus::Ok);
  EXPECT_EQ(p[0].sql, "SELECT count(*) FROM atom");
  EXPECT_EQ(p[1].status, PredictionStatus::NoSql);
  EXPECT_EQ(p[2].status, PredictionStatus::LlmError);
  EXPECT_EQ(job.count(PredictionStatus::Ok), 2u);
  EXPECT_EQ(job.format_names(), (std::vector<std::string>{"SimpleDDL-MD-Chat", "DDL-HTML-Chat"}));
  EXPECT_EQ(transport.sent, 6);
}

TEST(PredictionJob, ARerunOnTheSameReplayStoreSendsNothingNew) {
  MemoryReplayStore replay;
  ScriptedTransport transport(answer);
  auto first = make_job();
  first.start(scripted_endpoint(), transport, &replay, quick());
  run_to_end(first);
  const int sent = transport.sent;
  auto second = make_job();
  // The failed call (a 500) was not recorded: it is the only one the preview counts as sent.
  EXPECT_EQ(second.plan(&replay).network_calls, 2u);
  second.start(scripted_endpoint(), transport, &replay, quick());
  run_to_end(second);
  EXPECT_EQ(transport.sent, sent + 2);
  EXPECT_EQ(second.predictions("DDL-HTML-Chat")[0].sql, "SELECT count(*) FROM atom");
  EXPECT_EQ(second.usage().replayed, 4);
}

TEST(PredictionJob, StartAgainAsksOnlyForWhatFailedOrWasNotSent) {
  MemoryReplayStore replay;
  int calls = 0;
  ScriptedTransport transport([&](const std::string& prompt) {
    ++calls;
    return prompt.find("Say nothing") != std::string::npos && calls < 10 ? "HTTP 500" : "SELECT 1";
  });
  auto job = make_job();
  job.start(scripted_endpoint(), transport, &replay, quick());
  run_to_end(job);
  EXPECT_EQ(job.count(PredictionStatus::LlmError), 2u);
  EXPECT_EQ(job.plan(&replay).calls.size(), 2u);  // the retry would send only those
  calls = 100;
  job.start(scripted_endpoint(), transport, &replay, quick());
  run_to_end(job);
  EXPECT_EQ(job.count(PredictionStatus::Ok), 6u);
}

TEST(PredictionJob, CancelStopsSendingAndKeepsWhatFinished) {
  MemoryReplayStore replay;
  ScriptedTransport transport(answer);
  auto job = make_job();
  SchedulerLimits one = quick();
  one.max_concurrency = 1;
  job.start(scripted_endpoint(), transport, &replay, one);
  job.step(0);  // one call sent and answered at once by the scripted transport
  job.cancel();
  for (int i = 1; i < 10; ++i) job.step(1000.0 * i);
  EXPECT_EQ(job.stopped(), SchedulerStop::Cancelled);
  EXPECT_TRUE(job.running());
  const size_t kept = job.answered();
  EXPECT_GE(kept, 1u);
  EXPECT_LT(kept, 6u);
  job.resume();
  run_to_end(job);
  EXPECT_EQ(job.answered(), 6u);
}

TEST(PredictionJob, AnInterruptedRunTakesBackEveryRecordedAnswerWithoutSending) {
  MemoryReplayStore replay;
  ScriptedTransport transport(answer);
  auto first = make_job();
  SchedulerLimits one = quick();
  one.max_concurrency = 1;
  first.start(scripted_endpoint(), transport, &replay, one);
  first.step(0);
  first.step(1);  // two calls answered and recorded, then the page goes away
  const size_t received = first.answered();
  ASSERT_GE(received, 1u);
  ASSERT_LT(received, 6u);
  const int sent = transport.sent;

  auto again = make_job();  // the same plan, made again after the reload
  // A budget of one byte still looks up one task a call, so the lookup takes one call per task.
  size_t calls = 0;
  while (!again.take_replayed(replay, 1)) ++calls;
  EXPECT_EQ(calls + 1, 6u);
  EXPECT_EQ(transport.sent, sent) << "nothing is sent to take the answers back";
  EXPECT_FALSE(again.running());
  EXPECT_EQ(again.answered(), received);
  EXPECT_EQ(again.usage().replayed, static_cast<long long>(received));
  for (size_t i = 0; i < 6; ++i) {
    ASSERT_EQ(again.results()[i].has_value(), first.results()[i].has_value()) << i;
    if (again.results()[i]) {
      EXPECT_EQ(again.results()[i]->sql, first.results()[i]->sql) << i;
    }
  }
  // The preview of what is left counts only the tasks still without an answer; start() asks only for those.
  EXPECT_EQ(again.plan(&replay).calls.size(), 6u - received);
  again.start(scripted_endpoint(), transport, &replay, quick());
  run_to_end(again);
  EXPECT_EQ(again.answered(), 6u);
  EXPECT_EQ(again.usage().replayed, static_cast<long long>(received));
  EXPECT_EQ(transport.sent, sent + static_cast<int>(6 - received));
}

}  // namespace
}  // namespace chokepoint::runner
