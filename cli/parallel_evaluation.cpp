// The pairs over parallel_for's threads; each thread owns a DatabasePool, so no connection is shared, and the
// threads share nothing else but a counter: items go straight to their slots, and the calling thread draws the
// progress line between its own items.
#include "cli/parallel_evaluation.h"

#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <memory>
#include <mutex>

#include "cli/parallel_for.h"
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
  std::vector<DatabasePool> pools;  // each thread's connections, closed at the end
  const size_t threads = parallel_threads(total, jobs);
  for (size_t t = 0; t < threads; ++t) pools.emplace_back(db_root);
  std::vector<DatabaseLookup> lookups;
  for (size_t t = 0; t < threads; ++t)
    lookups.push_back([pool = &pools[t]](const std::string& db_id) { return pool->get(db_id); });
  std::atomic<size_t> done{0};
  ProgressLine progress(total);
  parallel_for(total, jobs, [&](size_t i, size_t t) {
    // The path a whole run takes: test suites through evaluate_pairs, plain pairs as its units do.
    items[i] = options.test_suite ? std::move(evaluate_pairs({pairs[i]}, pools[t], options).front())
                                  : evaluate_with_lookup(lookups[t], pairs[i], options);
    const size_t finished = done.fetch_add(1) + 1;
    if (t == 0) progress.update(finished);  // the calling thread draws; the line is for a person, not exact
  });
  return items;
}

}  // namespace chokepoint::cli
