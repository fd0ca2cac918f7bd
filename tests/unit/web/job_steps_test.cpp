// The panels' jobs within a frame's budget, on a clock the test moves: each job's step costs what the test says.
// Jobs share the budget (each gets what is left, at least its share); once it is spent the rest wait a frame and go
// first then; one job steps in every frame; a job that throws is paused and said so; the others go on.
#include "web/job_steps.h"

#include <gtest/gtest.h>

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace chokepoint::web {
namespace {

struct Bench {
  double clock = 0;
  std::vector<std::string> stepped;            // names in the order they stepped, all frames
  std::map<std::string, double> cost;          // ms each step takes
  std::map<std::string, double> budget_given;  // the budget each job got, last time
  std::vector<PanelSpec> panels;

  void add(const std::string& name, double ms) {
    cost[name] = ms;
    panels.push_back({name, 0, nullptr,
                      [this, name](AppState&, double budget) {
                        stepped.push_back(name);
                        budget_given[name] = budget;
                        clock += cost[name];
                      },
                      nullptr});
  }
  // One frame: `before` ms of other work (files opened), then the jobs with a 12 ms budget.
  std::vector<std::string> frame(AppState& state, double before = 0) {
    const double start = clock;
    clock += before;
    const size_t from = stepped.size();
    step_jobs(state, panels, start, 12, [this] { return clock; });
    return {stepped.begin() + static_cast<long>(from), stepped.end()};
  }
};

using Names = std::vector<std::string>;

TEST(JobSteps, QuickJobsAllStepEveryFrameInOrderAndShareTheBudget) {
  Bench b;
  b.add("a", 1);
  b.add("b", 2);
  b.add("c", 0);
  AppState state;
  EXPECT_EQ(b.frame(state), (Names{"a", "b", "c"}));
  EXPECT_EQ(b.frame(state), (Names{"a", "b", "c"}));
  EXPECT_DOUBLE_EQ(b.budget_given["a"], 12);  // what is left of the budget
  EXPECT_DOUBLE_EQ(b.budget_given["b"], 11);
  EXPECT_DOUBLE_EQ(b.budget_given["c"], 9);
  EXPECT_EQ(state.next_job_panel, 0u);
}

TEST(JobSteps, ASpentBudgetLeavesTheRestToTheNextFrameWhereTheyGoFirst) {
  Bench b;
  b.add("a", 8);
  b.add("b", 8);
  b.add("c", 8);
  b.add("d", 1);
  AppState state;
  EXPECT_EQ(b.frame(state), (Names{"a", "b"}));  // b starts at 8 ms, under the budget; c would start at 16
  EXPECT_EQ(b.frame(state), (Names{"c", "d", "a"}));
  EXPECT_EQ(b.frame(state), (Names{"b", "c"}));
  // Every job stepped at least once in any window of as many frames as there are panels.
  EXPECT_EQ(b.frame(state), (Names{"d", "a", "b"}));
}

TEST(JobSteps, WorkEarlierInTheFrameUsesTheBudgetButOneJobStillSteps) {
  Bench b;
  b.add("a", 1);
  b.add("b", 1);
  AppState state;
  EXPECT_EQ(b.frame(state, 20), (Names{"a"}));
  EXPECT_DOUBLE_EQ(b.budget_given["a"], 6);  // its share, though nothing is left
  EXPECT_EQ(b.frame(state, 20), (Names{"b"}));
  EXPECT_EQ(b.frame(state, 5), (Names{"a", "b"}));
}

TEST(JobSteps, IdlePausedAndThrowingJobs) {
  Bench b;
  b.add("a", 1);
  b.panels.push_back({"no job", 0, nullptr, nullptr, nullptr});
  b.add("b", 1);
  b.add("c", 1);
  b.panels.push_back(
      {"broken", 0, nullptr, [](AppState&, double) { throw std::runtime_error("disk on fire"); }, nullptr});
  AppState state;
  state.paused_jobs.insert("b");
  state.fail_next_step = "c";
  EXPECT_EQ(b.frame(state), (Names{"a"}));
  EXPECT_TRUE(state.paused_jobs.count("c"));
  EXPECT_TRUE(state.paused_jobs.count("broken"));
  EXPECT_EQ(state.failure,
            "The broken job failed: disk on fire. It is paused; your files are kept in this "
            "browser's workspace.");
  EXPECT_EQ(b.frame(state), (Names{"a"}));  // the paused ones are not retried
  EXPECT_TRUE(state.fail_next_step.empty());
}

TEST(JobSteps, NoPanelsNoSteps) {
  Bench b;
  AppState state;
  EXPECT_TRUE(b.frame(state).empty());
}

}  // namespace
}  // namespace chokepoint::web
