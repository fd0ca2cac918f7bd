// The JQE questions job with an in-process fake endpoint: which template each expansion gets (thesis appendix A),
// that evidence quotes the generated question, that reruns replay without calls, that cancel/resume and failures
// lose no finished work, the SQLMorph §IV-F labels, and that the API key is never stored or exported.
#include "core/jqe/question_generation.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <deque>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/llm/llm_settings.h"
#include "core/llm/sqlite_replay_store.h"

namespace chokepoint::jqe {
namespace {

constexpr const char* kKey = "sk-SECRET-7c1e";

// Tiny templates so every prompt in these tests can be written out by hand.
PromptLibrary library() {
  const std::string manifest = R"({"templates": [
    {"name": "jqe_question_extended", "file": "ext", "purpose": "A.1",
     "variables": ["schema", "old_query", "old_question", "new_query"], "parser": "single_line_question"},
    {"name": "jqe_question_new", "file": "new", "purpose": "A.2",
     "variables": ["schema", "main_query"], "parser": "single_line_question"},
    {"name": "jqe_evidence_new", "file": "evi", "purpose": "A.3",
     "variables": ["schema", "main_query", "question"], "parser": "evidence_line"}]})";
  std::map<std::string, std::string> files = {
      {"ext", "EXT [{{schema}}] {{old_query}} | {{old_question}} | {{new_query}}"},
      {"new", "NEW [{{schema}}] {{main_query}}"},
      {"evi", "EVI [{{schema}}] {{main_query}} | {{question}}"}};
  auto lib = parse_prompt_library(manifest, [&](const std::string& f) -> Result<std::string> { return files.at(f); });
  EXPECT_TRUE(lib.ok()) << (lib.ok() ? "" : lib.error());
  return *lib;
}

// Answers from the prompt: "Q(<prompt>)?" for questions, "Evidence: E(<prompt>)" for evidence, synchronously or
// held until the test releases them. `fail` turns chosen prompts into HTTP errors.
class FakeEndpoint : public HttpTransport {
 public:
  void send(const HttpRequest& request, HttpDone done) override {
    sent.push_back(request);
    auto body = nlohmann::json::parse(request.body);
    std::string prompt = body["messages"][0]["content"];
    prompts.push_back(prompt);
    HttpResponse r = answer(prompt);
    if (hold)
      held.push_back({std::move(done), std::move(r)});
    else
      done(std::move(r));
  }
  void release_all() {
    while (!held.empty()) {
      auto h = std::move(held.front());
      held.pop_front();
      h.first(std::move(h.second));
    }
  }
  HttpResponse answer(const std::string& prompt) {
    HttpResponse r;
    if (fail && fail(prompt)) {
      r.status = 401;
      r.body = R"({"error":{"message":"invalid api key"}})";
      return r;
    }
    std::string text = override_text.empty()
                           ? (prompt.rfind("EVI", 0) == 0 ? "Evidence: E(" + prompt.substr(0, 12) + ")"
                                                          : "Q(" + prompt.substr(0, 12) + ")?")
                           : override_text;
    nlohmann::json b = {
        {"model", "m"},
        {"choices", {{{"message", {{"role", "assistant"}, {"content", text}}}, {"finish_reason", "stop"}}}},
        {"usage", {{"prompt_tokens", 10}, {"completion_tokens", 4}}}};
    r.status = 200;
    r.body = b.dump();
    return r;
  }
  std::vector<HttpRequest> sent;
  std::vector<std::string> prompts;
  std::function<bool(const std::string&)> fail;
  std::string override_text;
  bool hold = false;
  std::deque<std::pair<HttpDone, HttpResponse>> held;
};

LlmEndpoint endpoint() {
  LlmEndpoint e;
  e.provider = "openai";
  e.base_url = "http://127.0.0.1:9/v1";
  e.api_key = kKey;
  return e;
}

ChatRequest request() {
  ChatRequest r;
  r.model = "m";
  r.seed = 7;
  return r;
}

// Two expansions of a BIRD-style seed (evidence wanted) and one of a Spider-style seed, as question_tasks makes them.
std::vector<QuestionTask> tasks() {
  QuestionTask a{
      "0-e1", "tox", "SELECT b", "SELECT a", "How many a?", "a means x", "simple", "S1", QuestionPrompt::Extended,
      true};
  QuestionTask b{"1-e1", "mov", "SELECT d", "SELECT c", "", "", "", "S2", QuestionPrompt::New, false};
  return {a, b};
}

std::unique_ptr<QuestionJob> make_job(std::vector<QuestionTask> t = tasks()) {
  auto job = QuestionJob::create(std::move(t), library(), request(), "openai");
  EXPECT_TRUE(job.ok()) << (job.ok() ? "" : job.error());
  return std::move(job).value();
}

void run(QuestionJob& job, double t = 0) {
  for (int i = 0; i < 100 && job.running(); ++i) job.step(t + i);
}

JqeRun two_round_run() {
  JqeRun run;
  SeedRecord s1;
  s1.item = EvalItem{"0", "tox", "How many?", "chlorine refers to element = 'cl'", "SELECT 1", "simple"};
  s1.root_id = "0";
  SeedRecord s2;
  s2.item = EvalItem{"0-e1", "tox", "How many?", "", "SELECT 2", "simple"};
  s2.root_id = "0";
  s2.round = 2;
  for (auto* s : {&s1, &s2}) s->candidates.push_back(CandidateRecord{"bond", 1.0, {"a.x = b.y"}});
  run.seeds = {s1, s2};
  Expansion x1;
  x1.id = "0-e1";
  x1.seed = 0;
  x1.round = 1;
  x1.candidate = 0;
  x1.sql = "SELECT 2";
  Expansion x2 = x1;
  x2.id = "0-e1-e1";
  x2.seed = 1;
  x2.round = 2;
  x2.sql = "SELECT 3";
  run.expansions = {x1, x2};
  return run;
}

TEST(QuestionTasks, RoundOneWithABenchmarkQuestionRewritesItLaterRoundsDescribeTheQueryAnew) {
  auto t = question_tasks(two_round_run(), {{"tox", "CREATE TABLE t(x)"}});
  ASSERT_TRUE(t.ok()) << t.error();
  ASSERT_EQ(t->size(), 2u);
  EXPECT_EQ((*t)[0].prompt, QuestionPrompt::Extended);
  EXPECT_EQ((*t)[0].seed_sql, "SELECT 1");
  EXPECT_EQ((*t)[0].sql, "SELECT 2");
  EXPECT_EQ((*t)[0].schema, "CREATE TABLE t(x)");
  EXPECT_TRUE((*t)[0].wants_evidence);  // the seed carries evidence: BIRD style
  EXPECT_EQ((*t)[1].prompt, QuestionPrompt::New);
  EXPECT_FALSE((*t)[1].wants_evidence);  // its seed has none
  auto always = question_tasks(two_round_run(), {{"tox", "S"}}, EvidenceMode::Always);
  EXPECT_TRUE((*always)[1].wants_evidence);
  auto never = question_tasks(two_round_run(), {{"tox", "S"}}, EvidenceMode::Never);
  EXPECT_FALSE((*never)[0].wants_evidence);
}

TEST(QuestionTasks, AMissingSchemaIsAnError) {
  auto t = question_tasks(two_round_run(), {{"other", "S"}});
  ASSERT_FALSE(t.ok());
  EXPECT_NE(t.error().find("tox"), std::string::npos);
}

TEST(QuestionJob, AMissingTemplateFailsAtCreation) {
  auto manifest = R"({"templates": [{"name": "jqe_question_new", "file": "new", "purpose": "",
                      "variables": ["schema", "main_query"], "parser": "single_line_question"}]})";
  auto lib = parse_prompt_library(manifest, [](const std::string&) -> Result<std::string> { return std::string("N"); });
  ASSERT_TRUE(lib.ok());
  auto job = QuestionJob::create(tasks(), *lib, request(), "openai");
  ASSERT_FALSE(job.ok());
  EXPECT_NE(job.error().find("jqe_question_extended"), std::string::npos);
}

TEST(QuestionJob, FillsQuestionsWithTheRightTemplateThenEvidenceQuotingTheNewQuestion) {
  auto job = make_job();
  FakeEndpoint fake;
  MemoryReplayStore store;
  job->start(endpoint(), fake, &store);
  run(*job);
  ASSERT_EQ(job->phase(), JobPhase::Finished);
  // Questions first in expansion order, then the one evidence call (only the BIRD-style item wants it).
  ASSERT_EQ(fake.prompts.size(), 3u);
  EXPECT_EQ(fake.prompts[0], "EXT [S1] SELECT a | How many a? | SELECT b");
  EXPECT_EQ(fake.prompts[1], "NEW [S2] SELECT d");
  EXPECT_EQ(fake.prompts[2], "EVI [S1] SELECT b | Q(EXT [S1] SEL)?");
  const auto& items = job->items();
  EXPECT_EQ(items[0].status, ItemStatus::Done);
  EXPECT_EQ(items[0].question, "Q(EXT [S1] SEL)?");
  EXPECT_EQ(items[0].evidence, "E(EVI [S1] SEL)");
  EXPECT_EQ(items[1].question, "Q(NEW [S2] SEL)?");
  EXPECT_EQ(items[1].evidence, "");
  EXPECT_FALSE(items[0].replayed);
  EXPECT_EQ(job->usage().network_calls, 3);
  EXPECT_EQ(job->usage().prompt_tokens, 30);
  EXPECT_EQ(job->log().size(), 3u);

  EvalSet set = job->to_eval_set();
  ASSERT_EQ(set.items.size(), 2u);
  EXPECT_EQ(set.items[0].key, "0-e1");
  EXPECT_EQ(set.items[0].question, "Q(EXT [S1] SEL)?");
  EXPECT_EQ(set.items[0].evidence, "E(EVI [S1] SEL)");
  EXPECT_EQ(set.items[0].sql, "SELECT b");
  EXPECT_EQ(set.items[1].evidence, "");  // a Spider-style item keeps its (empty) seed evidence
  auto j = job->to_json();
  EXPECT_EQ(j[0]["question_status"], "generated");
  EXPECT_EQ(j[0]["question_prompt"], "jqe_question_extended");
  EXPECT_EQ(j[1]["question_prompt"], "jqe_question_new");
  EXPECT_EQ(j[0]["seed"]["question"], "How many a?");
}

TEST(QuestionJob, ARerunAnswersFromTheReplayStoreWithoutCalls) {
  FakeEndpoint fake;
  MemoryReplayStore store;
  auto first = make_job();
  first->start(endpoint(), fake, &store);
  run(*first);
  ASSERT_EQ(fake.sent.size(), 3u);
  auto second = make_job();
  QuestionPlan plan = second->plan(&store);
  EXPECT_EQ(plan.network_calls, 0u) << "the evidence prompt quotes the recorded question, also in the store";
  ASSERT_EQ(plan.calls.size(), 3u);
  EXPECT_EQ(plan.calls[2].prompt, "EVI [S1] SELECT b | Q(EXT [S1] SEL)?");
  EXPECT_TRUE(plan.calls[2].in_replay);
  second->start(endpoint(), fake, &store);
  run(*second);
  EXPECT_EQ(fake.sent.size(), 3u) << "no new request";
  EXPECT_EQ(second->usage().network_calls, 0);
  EXPECT_EQ(second->usage().replayed, 3);
  EXPECT_TRUE(second->items()[0].replayed);
  EXPECT_EQ(second->items()[0].question, first->items()[0].question);
  EXPECT_EQ(second->items()[0].evidence, first->items()[0].evidence);
}

TEST(QuestionJob, ThePlanShowsEveryPromptAndSendsNothing) {
  auto job = make_job();
  QuestionPlan plan = job->plan(nullptr);
  ASSERT_EQ(plan.calls.size(), 3u);
  EXPECT_EQ(plan.network_calls, 3u);
  EXPECT_EQ(plan.calls[0].id, "0-e1 / question");
  EXPECT_EQ(plan.calls[0].prompt, "EXT [S1] SELECT a | How many a? | SELECT b");
  EXPECT_EQ(plan.calls[2].id, "0-e1 / evidence");
  EXPECT_EQ(plan.calls[2].prompt, "EVI [S1] SELECT b | {{question}}");
  // estimate_tokens = (characters + 3) / 4: 42 -> 11, 17 -> 5, 32 -> 8.
  EXPECT_EQ(plan.calls[0].estimated_tokens, 11);
  EXPECT_EQ(plan.estimated_tokens, 11 + 5 + 8);
  EXPECT_EQ(plan.max_answer_tokens, 512);
  EXPECT_EQ(job->phase(), JobPhase::Idle);
}

TEST(QuestionJob, CancelStopsNewSendsKeepsArrivalsAndResumeFinishes) {
  auto job = make_job();
  FakeEndpoint fake;
  fake.hold = true;
  SchedulerLimits limits;
  limits.max_concurrency = 1;
  job->start(endpoint(), fake, nullptr, limits);
  job->step(0);
  ASSERT_EQ(fake.sent.size(), 1u);
  job->cancel();
  fake.release_all();
  job->step(1);
  EXPECT_EQ(fake.sent.size(), 1u) << "cancelled: nothing new is sent";
  EXPECT_EQ(job->items()[0].question, "Q(EXT [S1] SEL)?") << "the answer in flight is kept";
  EXPECT_EQ(job->stopped(), SchedulerStop::Cancelled);
  EXPECT_TRUE(job->running());
  job->resume();
  for (int i = 2; i < 50 && job->running(); ++i) {
    job->step(i);
    fake.release_all();
  }
  EXPECT_EQ(job->phase(), JobPhase::Finished);
  EXPECT_EQ(fake.sent.size(), 3u);
  EXPECT_EQ(job->count(ItemStatus::Done), 2u);
}

TEST(QuestionJob, ACancelGivenInTheQuestionPhaseAlsoHoldsTheEvidencePhase) {
  auto job = make_job();
  FakeEndpoint fake;
  fake.hold = true;
  job->start(endpoint(), fake, nullptr);
  job->step(0);
  ASSERT_EQ(fake.sent.size(), 2u);
  job->cancel();
  fake.release_all();
  job->step(1);
  job->step(2);
  EXPECT_EQ(job->phase(), JobPhase::Evidence);
  EXPECT_EQ(fake.sent.size(), 2u);
}

TEST(QuestionJob, AFailedCallKeepsTheOtherAnswersAndARestartSendsOnlyWhatIsMissing) {
  auto job = make_job();
  FakeEndpoint fake;
  MemoryReplayStore store;
  fake.fail = [](const std::string& p) { return p.rfind("NEW", 0) == 0; };
  job->start(endpoint(), fake, &store);
  run(*job);
  ASSERT_EQ(job->phase(), JobPhase::Finished);
  EXPECT_EQ(job->items()[0].status, ItemStatus::Done);
  EXPECT_EQ(job->items()[1].status, ItemStatus::Failed);
  EXPECT_NE(job->items()[1].error.find("401"), std::string::npos) << job->items()[1].error;
  EXPECT_EQ(job->items()[1].error.find(kKey), std::string::npos);
  ASSERT_TRUE(job->last_error().has_value());
  EXPECT_EQ(job->to_eval_set().items.size(), 1u);
  EXPECT_EQ(job->to_json()[1]["question_status"], "failed");
  const size_t before = fake.sent.size();
  fake.fail = nullptr;
  job->start(endpoint(), fake, &store);
  run(*job);
  EXPECT_EQ(fake.sent.size(), before + 1) << "only the failed question is asked again";
  EXPECT_EQ(fake.prompts.back(), "NEW [S2] SELECT d");
  EXPECT_EQ(job->count(ItemStatus::Done), 2u);
}

TEST(QuestionJob, AnAnswerOfTheWrongShapeFailsItsItemWithTheParsersReason) {
  auto job = make_job();
  FakeEndpoint fake;
  fake.override_text = "Here are two lines\nof reasoning";
  job->start(endpoint(), fake, nullptr);
  run(*job);
  EXPECT_EQ(job->count(ItemStatus::Failed), 2u);
  EXPECT_NE(job->items()[0].error.find("2 lines"), std::string::npos) << job->items()[0].error;
  EXPECT_EQ(fake.sent.size(), 2u) << "no evidence is asked for a question that was rejected";
}

TEST(QuestionJob, LabelsFollowSqlMorphAndOnlyApplyToGeneratedPairs) {
  auto job = make_job();
  EXPECT_FALSE(job->set_label("0-e1", Alignment::Aligned).ok()) << "nothing generated yet";
  FakeEndpoint fake;
  job->start(endpoint(), fake, nullptr);
  run(*job);
  EXPECT_TRUE(job->set_label("0-e1", Alignment::LosesIntent).ok());
  EXPECT_TRUE(job->set_label("1-e1", Alignment::AddsContext).ok());
  EXPECT_FALSE(job->set_label("9-e9", Alignment::Aligned).ok());
  auto j = job->to_json();
  EXPECT_EQ(j[0]["alignment"], "loses_intent");
  EXPECT_EQ(j[1]["alignment"], "adds_context");
  for (auto a : {Alignment::Unlabelled, Alignment::Aligned, Alignment::AddsContext, Alignment::LosesIntent})
    EXPECT_EQ(*alignment_from_name(alignment_name(a)), a);
  EXPECT_FALSE(alignment_from_name("maybe").ok());
}

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(QuestionJob, TheKeyIsNeverInTheReplayFileTheExportOrTheLog) {
  const std::string path = ::testing::TempDir() + "question_generation_replay.sqlite";
  std::remove(path.c_str());
  {
    auto db = Connection::open_read_write(path);
    ASSERT_TRUE(db.ok()) << db.error();
    auto store = SqliteReplayStore::open(*db);
    ASSERT_TRUE(store.ok()) << store.error();
    auto job = make_job();
    FakeEndpoint fake;
    job->start(endpoint(), fake, &*store);
    run(*job);
    ASSERT_EQ(store->size(), 3u);
    // The key did travel on the wire (the endpoint needs it) ...
    EXPECT_EQ(header_value(fake.sent[0].headers, "Authorization"), std::string("Bearer ") + kKey);
    // ... but nowhere the job keeps or writes.
    EXPECT_EQ(job->to_json().dump().find(kKey), std::string::npos);
    for (const auto& e : job->log()) {
      EXPECT_EQ(e.request_text.find(kKey), std::string::npos);
      EXPECT_NE(e.request_text.find("[redacted]"), std::string::npos);
    }
  }
  const std::string bytes = read_all(path);
  ASSERT_FALSE(bytes.empty());
  EXPECT_EQ(bytes.find(kKey), std::string::npos);
  EXPECT_NE(bytes.find("EXT [S1]"), std::string::npos) << "the file does hold the recorded prompts";
  std::remove(path.c_str());
}

TEST(QuestionJob, SavedSettingsHoldTheKeyOnlyWhenTheUserAskedToRememberIt) {
  LlmSettings s;
  s.provider = "openai";
  s.model = "m";
  s.api_key = kKey;
  EXPECT_EQ(settings_to_json(s).find(kKey), std::string::npos);
  s.remember_key = true;
  EXPECT_NE(settings_to_json(s).find(kKey), std::string::npos);
}

}  // namespace
}  // namespace chokepoint::jqe

namespace chokepoint::jqe {
namespace {

TEST(QuestionJob, ARejectedAnswerIsNotReplayedSoARetryAsksAgain) {
  FakeEndpoint fake;
  MemoryReplayStore store;
  fake.override_text = "first line\nsecond line";  // not a single-line question: the parser rejects it
  auto job = make_job();
  job->start(endpoint(), fake, &store);
  run(*job);
  ASSERT_EQ(job->items()[0].status, ItemStatus::Failed);
  EXPECT_NE(job->items()[0].error.find("rejected"), std::string::npos);
  EXPECT_EQ(store.size(), 0u) << "rejected answers are forgotten";
  const size_t sent_before = fake.sent.size();
  fake.override_text.clear();  // the endpoint now answers properly
  job->start(endpoint(), fake, &store);
  run(*job);
  EXPECT_GT(fake.sent.size(), sent_before) << "the retry went to the endpoint, not to the replay store";
  EXPECT_EQ(job->items()[0].question, "Q(EXT [S1] SEL)?");
}

}  // namespace
}  // namespace chokepoint::jqe
