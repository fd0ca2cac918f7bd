// Per-index work spread over threads: body(i, t) for every i in [0, n), each index once, on at most `jobs` threads
// (the calling thread is one of them; t in [0, threads) names the thread, for per-thread state such as a database
// pool). Indices are handed out one at a time, so uneven items balance. The body writes only to its own index's
// slot and to thread t's state; anything else it touches must be read-only for the duration.
//
// The helper threads are made once per process and kept: a command such as `eval` runs several short parallel
// steps (reading schemas, evaluating, exact match, writing items) with short single-threaded steps between them, and
// on a virtual machine a new or sleeping thread took one to two milliseconds to start working, as long as some of
// those steps. After a step a helper waits for the next by polling for kSpin, then sleeps.
#pragma once
#include <chrono>
#include <cstddef>
#include <functional>

namespace chokepoint::cli {

// How long an idle helper polls for the next step before it sleeps.
constexpr std::chrono::milliseconds kSpin{20};

// The number of threads parallel_for(n, jobs, ...) runs on: min(jobs, n), at least 1.
size_t parallel_threads(size_t n, int jobs);

// Makes the helper threads for `jobs` now, for a command that knows it will run parallel steps, so that the first
// step finds them started.
void start_helpers(int jobs);

// Runs body over [0, n) and returns once every index is done. When a body throws, the other threads stop after
// their current index and the first exception is rethrown here. Not reentrant: a body must not call parallel_for,
// and one thread at a time calls it.
void parallel_for(size_t n, int jobs, const std::function<void(size_t index, size_t thread)>& body);

}  // namespace chokepoint::cli
