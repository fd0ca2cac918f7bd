// parallel_for (cli/parallel_for.h): every index once, thread numbers in range, the first failure rethrown, and
// steps of different widths one after another on the same kept helpers.
#include "cli/parallel_for.h"

#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

namespace chokepoint::cli {
namespace {

TEST(ParallelFor, ThreadsAreJobsCappedByTheWork) {
  EXPECT_EQ(parallel_threads(1000, 4), 4u);
  EXPECT_EQ(parallel_threads(3, 8), 3u);
  EXPECT_EQ(parallel_threads(0, 8), 1u);
  EXPECT_EQ(parallel_threads(10, 0), 1u);
}

TEST(ParallelFor, EveryIndexRunsOnceWhateverTheJobs) {
  for (int jobs : {1, 2, 3, 8, 2, 1, 4}) {  // wider, narrower and wider again: the helpers are kept between steps
    const size_t n = 5000;
    std::vector<std::atomic<int>> runs(n);
    std::vector<size_t> thread_of(n);
    parallel_for(n, jobs, [&](size_t i, size_t t) {
      runs[i].fetch_add(1);
      thread_of[i] = t;
    });
    for (size_t i = 0; i < n; ++i) ASSERT_EQ(runs[i].load(), 1) << "index " << i << " with " << jobs << " jobs";
    for (size_t t : thread_of) ASSERT_LT(t, parallel_threads(n, jobs));
  }
}

TEST(ParallelFor, TheCallingThreadIsThreadZeroAndHelpersHaveTheirOwnNumbers) {
  const auto caller = std::this_thread::get_id();
  std::vector<std::thread::id> who(400);
  std::vector<size_t> number(400);
  parallel_for(who.size(), 3, [&](size_t i, size_t t) {
    who[i] = std::this_thread::get_id();
    number[i] = t;
    std::this_thread::sleep_for(std::chrono::microseconds(50));  // long enough for every thread to take some
  });
  std::set<std::thread::id> seen;
  for (size_t i = 0; i < who.size(); ++i) {
    EXPECT_EQ(who[i] == caller, number[i] == 0) << "index " << i;
    seen.insert(who[i]);
  }
  EXPECT_GE(seen.size(), 2u);
  // One OS thread per number: per-thread state indexed by t is never shared.
  for (size_t i = 0; i < who.size(); ++i)
    for (size_t k = 0; k < who.size(); ++k)
      if (number[i] == number[k]) {
        ASSERT_EQ(who[i], who[k]);
      }
}

TEST(ParallelFor, ManyStepsOfChangingWidthRunEachIndexOnce) {
  // Steps narrower than the helpers there are (some sit out) between wider ones, as eval's two-file read does
  // with --jobs 3 before its thousand-pair steps.
  for (int step = 0; step < 3000; ++step) {
    const size_t n = static_cast<size_t>(step % 9);
    std::vector<std::atomic<int>> runs(n);
    parallel_for(n, 6, [&](size_t i, size_t) { runs[i].fetch_add(1); });
    for (size_t i = 0; i < n; ++i) ASSERT_EQ(runs[i].load(), 1) << "step " << step << ", index " << i;
  }
}

TEST(ParallelFor, NoWorkRunsNothing) {
  int calls = 0;
  parallel_for(0, 4, [&](size_t, size_t) { ++calls; });
  EXPECT_EQ(calls, 0);
}

TEST(ParallelFor, TheFirstFailureIsRethrownAndTheOthersStop) {
  std::atomic<size_t> ran{0};
  try {
    parallel_for(100000, 2, [&](size_t i, size_t) {
      ran.fetch_add(1);
      if (i == 10) throw std::runtime_error("index 10 failed");
    });
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "index 10 failed");
  }
  EXPECT_LT(ran.load(), 100000u);  // the hand-out stopped
  // The pool works again after a failed step.
  std::atomic<size_t> after{0};
  parallel_for(1000, 2, [&](size_t, size_t) { after.fetch_add(1); });
  EXPECT_EQ(after.load(), 1000u);
}

TEST(ParallelFor, AStepAfterTheHelpersWentToSleepStillRunsEveryIndex) {
  parallel_for(10, 2, [](size_t, size_t) {});
  std::this_thread::sleep_for(kSpin * 3);  // past the helpers' polling: they wait on the condition variable
  std::vector<std::atomic<int>> runs(2000);
  parallel_for(runs.size(), 2, [&](size_t i, size_t) { runs[i].fetch_add(1); });
  for (auto& r : runs) ASSERT_EQ(r.load(), 1);
}

}  // namespace
}  // namespace chokepoint::cli
