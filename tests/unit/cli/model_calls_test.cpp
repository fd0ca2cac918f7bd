// The shared skeleton of the model-calling commands (cli/model_calls.h): the flags every one of them declares, the
// replay store a run opens (or, under --preview, does not create), and the limits each new batch gets: the config's
// pacing unless the flags replace it, and what is left of the run's call and token budgets.
#include "cli/model_calls.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "cli/common_flags.h"
#include "cli/flag_parser.h"

namespace chokepoint::cli {
namespace {

namespace fs = std::filesystem;

FlagTable judge_like() { return with_model_call_flags({flags::llm_config(), flags::fk()}); }

FlagValues parsed(const Args& args) {
  auto r = parse_flags(judge_like(), args, "judge");
  EXPECT_TRUE(r.ok()) << r.error();
  return *r;
}

std::vector<std::string> names(const FlagTable& table) {
  std::vector<std::string> out;
  for (const auto& f : table) out.push_back(f.name);
  return out;
}

TEST(ModelCallFlags, SixSharedFlagsComeAfterTheCommandsOwn) {
  EXPECT_EQ(names(judge_like()),
            (std::vector<std::string>{"--llm-config", "--fk", "--preview", "--replay", "--max-calls", "--max-tokens",
                                      "--concurrency", "--request-timeout-ms"}));
  EXPECT_TRUE(takes_model_call_flags(judge_like()));
  EXPECT_FALSE(takes_model_call_flags({flags::fk()}));
}

TEST(ModelCallFlags, AVariantTheCommandDeclaresIsKeptWhereItIs) {
  const FlagTable t = with_model_call_flags({flags::replay().shows("DIR/replay.sqlite")});
  EXPECT_EQ(names(t), (std::vector<std::string>{"--replay", "--preview", "--max-calls", "--max-tokens", "--concurrency",
                                                "--request-timeout-ms"}));
  EXPECT_EQ(t[0].shown_default, "DIR/replay.sqlite");
}

TEST(ModelCallFlags, BudgetAndPacingFlagsCheckTheirValues) {
  auto r = parse_flags(judge_like(), {"--concurrency", "33"}, "judge");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "--concurrency '33' is out of range (accepted: 1 to 32)");
  EXPECT_EQ(parse_flags(judge_like(), {"--request-timeout-ms", "0"}, "judge").error(),
            "--request-timeout-ms '0' is out of range (accepted: 1 to 3600000)");
  EXPECT_EQ(parse_flags(judge_like(), {"--max-calls", "ten"}, "judge").error(),
            "--max-calls 'ten' is not a whole number of calls (accepted: 0 to 1000000000)");
}

TEST(ModelCallFlags, WithoutAModelTheSharedFlagsAreRefused) {
  EXPECT_EQ(check_model_call_flags_need_model(parsed({"--max-calls", "3"})).error(),
            "--max-calls goes with --llm-config (it governs the model's calls)");
  EXPECT_TRUE(check_model_call_flags_need_model(parsed({"--llm-config", "c.json", "--max-calls", "3"})).ok());
  EXPECT_TRUE(check_model_call_flags_need_model(parsed({"--fk"})).ok());
}

LlmSettings config() {
  LlmSettings s;
  s.timeout_ms = 60000;
  s.concurrency = 2;
  return s;
}

TEST(ModelCalls, WithoutFlagsTheConfigPacesAndNothingIsCapped) {
  auto calls = ModelCalls::open(parsed({}));
  ASSERT_TRUE(calls.ok()) << calls.error();
  const SchedulerLimits l = calls->limits(config());
  EXPECT_EQ(l.timeout_ms, 60000);
  EXPECT_EQ(l.max_concurrency, 2);
  EXPECT_EQ(l.max_network_calls, -1);
  EXPECT_EQ(l.max_tokens, -1);
  EXPECT_FALSE(calls->budget_spent());
}

TEST(ModelCalls, PacingFlagsReplaceTheConfigsValues) {
  auto calls = ModelCalls::open(parsed({"--concurrency", "8", "--request-timeout-ms", "1500"}));
  ASSERT_TRUE(calls.ok()) << calls.error();
  const SchedulerLimits l = calls->limits(config());
  EXPECT_EQ(l.max_concurrency, 8);
  EXPECT_EQ(l.timeout_ms, 1500);
}

TEST(ModelCalls, EachBatchGetsWhatIsLeftOfTheRunsBudgets) {
  auto calls = ModelCalls::open(parsed({"--max-calls", "5", "--max-tokens", "1000"}));
  ASSERT_TRUE(calls.ok()) << calls.error();
  EXPECT_EQ(calls->limits(config()).max_network_calls, 5);
  calls->tally().usage.network_calls = 3;  // an earlier round sent 3 requests
  calls->tally().usage.prompt_tokens = 600;
  calls->tally().usage.completion_tokens = 100;
  EXPECT_EQ(calls->limits(config()).max_network_calls, 2);
  EXPECT_EQ(calls->limits(config()).max_tokens, 300);
  EXPECT_FALSE(calls->budget_spent());
  calls->tally().usage.network_calls = 7;  // never below zero
  EXPECT_EQ(calls->limits(config()).max_network_calls, 0);
  EXPECT_TRUE(calls->budget_spent());
}

TEST(ModelCalls, ABudgetStopIsNamedByItsFlag) {
  auto calls = ModelCalls::open(parsed({"--max-calls", "5", "--max-tokens", "1000"}));
  ASSERT_TRUE(calls.ok()) << calls.error();
  EXPECT_EQ(calls->budget_label(SchedulerStop::CallBudget), "--max-calls 5");
  EXPECT_EQ(calls->budget_label(SchedulerStop::TokenBudget), "--max-tokens 1000");
  EXPECT_EQ(calls->budget_label(SchedulerStop::None), "");
}

class ReplayFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("chokepoint-model-calls-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path() const { return (dir_ / "replay.sqlite").string(); }
  fs::path dir_;
};

TEST_F(ReplayFile, ARunCreatesTheReplayFile) {
  auto calls = ModelCalls::open(parsed({"--replay", path()}));
  ASSERT_TRUE(calls.ok()) << calls.error();
  EXPECT_TRUE(fs::exists(path()));
  EXPECT_EQ(calls->replay()->size(), 0u);
}

TEST_F(ReplayFile, APreviewWritesNoReplayFile) {
  auto calls = ModelCalls::open(parsed({"--replay", path(), "--preview"}));
  ASSERT_TRUE(calls.ok()) << calls.error();
  EXPECT_TRUE(calls->preview());
  EXPECT_FALSE(fs::exists(path()));
  ASSERT_NE(calls->replay(), nullptr);  // a store in memory that answers nothing
}

TEST_F(ReplayFile, ADefaultReplayFileIsUsedWithoutTheFlag) {
  auto calls = ModelCalls::open(parsed({}), path());
  ASSERT_TRUE(calls.ok()) << calls.error();
  EXPECT_TRUE(fs::exists(path()));
}

TEST_F(ReplayFile, AFileThatIsNoStoreIsAnErrorNamingIt) {
  fs::create_directories(path());  // a folder where the file should be
  auto calls = ModelCalls::open(parsed({"--replay", path()}));
  ASSERT_FALSE(calls.ok());
  EXPECT_EQ(calls.error().rfind(path(), 0), 0u) << calls.error();
}

}  // namespace
}  // namespace chokepoint::cli
