// Worker threads over an atomic next-pair index; each worker owns its DatabasePool, so no connection is shared, and
// the workers share nothing else but two counters: items go straight to their slots, and the progress loop polls.
#include "cli/parallel_evaluation.h"

#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>

#include "core/db/database_pool.h"
#include "core/metrics/evaluation_job.h"

namespace chokepoint::cli {
namespace {

using Clock = std::chrono::steady_clock;

// "evaluated 1200/5000 items" on a terminal's stderr, redrawn in place; nothing when stderr is a file or a pipe.
class ProgressLine {
 public:
  explicit ProgressLine(size_t total) : total_(total), shown_(isatty(STDERR_FILENO) == 1), start_(Clock::now()) {}
  void update(size_t done) {
    const auto now = Clock::now();
    if (!shown_ || now - start_ < std::chrono::seconds(1) || now - drawn_at_ < std::chrono::milliseconds(250)) return;
    drawn_at_ = now;
    std::fprintf(stderr, "\revaluated %zu/%zu items", done, total_);
    std::fflush(stderr);
    drawn_ = true;
  }
  ~ProgressLine() {
    if (drawn_) std::fprintf(stderr, "\r\033[K");
  }

 private:
  size_t total_;
  bool shown_;
  bool drawn_ = false;
  Clock::time_point start_;
  Clock::time_point drawn_at_;
};

}  // namespace

Result<std::vector<ItemEvaluation>> evaluate_in_parallel(const std::vector<EvalPair>& pairs, const std::string& db_root,
                                                         EvaluationOptions options, int jobs) {
  if (jobs < 1 || jobs > kMaxJobs) return Error{"--jobs takes 1 to " + std::to_string(kMaxJobs)};
  if (jobs > 1 && sqlite3_threadsafe() == 0)
    return Error{"this build's SQLite library is single-threaded (SQLITE_THREADSAFE=0): --jobs must be 1"};
  if (jobs > 1 && options.columns.embed) {
    auto embed = std::move(options.columns.embed);
    auto lock = std::make_shared<std::mutex>();
    options.columns.embed = [embed, lock](const std::vector<std::string>& texts) {
      std::lock_guard<std::mutex> hold(*lock);
      return embed(texts);
    };
  }
  const size_t total = pairs.size();
  std::vector<ItemEvaluation> items(total);
  std::atomic<size_t> next{0};
  std::atomic<size_t> done{0};
  std::mutex mutex;  // guards failure and the last worker's wake-up of the progress loop
  std::condition_variable finished;
  std::exception_ptr failure;
  auto work = [&] {
    DatabasePool pool(db_root);  // this thread's connections, closed when it ends
    const DatabaseLookup lookup = [&pool](const std::string& db_id) { return pool.get(db_id); };
    while (true) {
      const size_t i = next.fetch_add(1);
      if (i >= total) break;
      bool failed = false;
      try {
        // The path a whole run takes: test suites through evaluate_pairs, plain pairs as its units do.
        items[i] = options.test_suite ? std::move(evaluate_pairs({pairs[i]}, pool, options).front())
                                      : evaluate_with_lookup(lookup, pairs[i], options);
      } catch (...) {
        std::lock_guard<std::mutex> hold(mutex);
        if (!failure) failure = std::current_exception();
        next.store(total);  // the others stop after their current pair
        failed = true;
      }
      // Only the last item (or a failure) wakes the progress loop; otherwise it polls four times a second, so the
      // workers never hand a core to it per item.
      if (done.fetch_add(1) + 1 == total || failed) {
        std::lock_guard<std::mutex> hold(mutex);
        finished.notify_one();
      }
    }
  };
  const size_t threads = std::min(static_cast<size_t>(jobs), total);
  std::vector<std::thread> workers;
  for (size_t t = 0; t < threads; ++t) workers.emplace_back(work);
  {
    ProgressLine progress(total);
    std::unique_lock<std::mutex> hold(mutex);
    while (done.load() < total && !failure) {
      finished.wait_for(hold, std::chrono::milliseconds(250));
      progress.update(done.load());
    }
  }
  for (auto& w : workers) w.join();
  if (failure) std::rethrow_exception(failure);
  return items;
}

}  // namespace chokepoint::cli
