// A process-wide set of helper threads, grown to the largest `jobs` asked for. Each step is a generation: the
// caller publishes the body and bumps the generation, the helpers that are needed join in, and the caller waits
// until every helper has answered the step (those not needed at once), so no helper reads one step's settings while
// the caller writes the next one's. Helpers spin (yielding) for kSpin after a step, then sleep on a condition
// variable; the pool is never destroyed (a sleeping helper needs no cleanup at exit).
#include "cli/parallel_for.h"

#ifdef __linux__
#include <sched.h>
#endif

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace chokepoint::cli {
namespace {

using Clock = std::chrono::steady_clock;

int current_cpu() {
#ifdef __linux__
  return sched_getcpu();
#else
  return -1;
#endif
}

// Moves the calling thread off `cpu` (where the thread that made it runs), then lets it run anywhere again. Linux
// starts a new thread on its maker's core and moved it to an idle one only 2-4 ms later (at a scheduler tick), the
// two sharing one core meanwhile; excluding that core for a moment makes the move at once.
void leave_cpu(int cpu) {
#ifdef __linux__
  cpu_set_t allowed;
  if (cpu < 0 || sched_getaffinity(0, sizeof allowed, &allowed) != 0 || !CPU_ISSET(cpu, &allowed) ||
      CPU_COUNT(&allowed) < 2)
    return;
  cpu_set_t elsewhere = allowed;
  CPU_CLR(cpu, &elsewhere);
  if (sched_setaffinity(0, sizeof elsewhere, &elsewhere) == 0) sched_setaffinity(0, sizeof allowed, &allowed);
#else
  (void)cpu;
#endif
}

class HelperPool {
 public:
  // Makes helpers 1..threads-1 that are missing.
  void grow(size_t threads) {
    const int maker_cpu = current_cpu();
    while (helpers_.size() + 1 < threads) {
      const size_t t = helpers_.size() + 1;
      helpers_.emplace_back([this, t, maker_cpu] {
        leave_cpu(maker_cpu);
        serve(t);
      });
      helpers_.back().detach();
    }
  }

  // Runs a step on the caller and helpers 1..threads-1.
  void run(size_t n, size_t threads, const std::function<void(size_t, size_t)>& body) {
    grow(threads);
    body_ = &body;
    n_ = n;
    threads_ = threads;
    next_.store(0);
    failure_ = nullptr;
    outstanding_.store(helpers_.size());  // every helper answers each step, so none is between two steps later
    {
      std::lock_guard<std::mutex> hold(mutex_);
      generation_.fetch_add(1, std::memory_order_release);
    }
    wake_.notify_all();
    work(0);
    wait_until([this] { return outstanding_.load(std::memory_order_acquire) == 0; }, done_);
    body_ = nullptr;
    if (failure_) std::rethrow_exception(failure_);
  }

 private:
  void work(size_t thread) {
    for (size_t i = next_.fetch_add(1); i < n_; i = next_.fetch_add(1)) {
      try {
        (*body_)(i, thread);
      } catch (...) {
        std::lock_guard<std::mutex> hold(mutex_);
        if (!failure_) failure_ = std::current_exception();
        next_.store(n_);  // the others stop after their current index
        return;
      }
    }
  }

  void serve(size_t thread) {
    unsigned long long seen = 0;
    while (true) {
      wait_until([&] { return generation_.load(std::memory_order_acquire) != seen; }, wake_);
      seen = generation_.load(std::memory_order_acquire);
      if (thread < threads_) work(thread);  // a step with fewer threads: this helper sits it out
      std::lock_guard<std::mutex> hold(mutex_);
      if (outstanding_.fetch_sub(1, std::memory_order_acq_rel) == 1) done_.notify_all();
    }
  }

  // Polls `ready` for kSpin, then sleeps on `cv` until it holds (whoever makes it hold notifies under mutex_).
  template <typename Ready>
  void wait_until(Ready ready, std::condition_variable& cv) {
    const auto until = Clock::now() + kSpin;
    while (!ready()) {
      if (Clock::now() >= until) {
        std::unique_lock<std::mutex> hold(mutex_);
        cv.wait(hold, ready);
        return;
      }
      std::this_thread::yield();
    }
  }

  std::vector<std::thread> helpers_;
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  std::atomic<unsigned long long> generation_{0};
  std::atomic<size_t> outstanding_{0};  // helpers that have not yet answered the current step
  std::atomic<size_t> next_{0};
  // Set by the caller before the generation moves on (release) and read by helpers after they see it (acquire).
  const std::function<void(size_t, size_t)>* body_ = nullptr;
  size_t n_ = 0;
  size_t threads_ = 1;
  std::exception_ptr failure_;
};

}  // namespace

size_t parallel_threads(size_t n, int jobs) {
  return std::max<size_t>(1, std::min(static_cast<size_t>(std::max(1, jobs)), n));
}

namespace {

HelperPool& helper_pool() {
  static HelperPool* const pool = new HelperPool;  // never destroyed: see the file comment
  return *pool;
}

}  // namespace

void start_helpers(int jobs) {
  if (jobs > 1) helper_pool().grow(static_cast<size_t>(jobs));
}

void parallel_for(size_t n, int jobs, const std::function<void(size_t index, size_t thread)>& body) {
  const size_t threads = parallel_threads(n, jobs);
  if (threads == 1) {
    for (size_t i = 0; i < n; ++i) body(i, 0);
    return;
  }
  helper_pool().run(n, threads, body);
}

}  // namespace chokepoint::cli
