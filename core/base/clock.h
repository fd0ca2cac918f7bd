// A monotonic clock in milliseconds, for time budgets of step-driven jobs and for the timings reports show.
// (In the browser, std::chrono::steady_clock is backed by performance.now(), coarsened by the browser.)
#pragma once
#include <chrono>

namespace chokepoint {

inline double monotonic_ms() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Milliseconds since `start_ms` (a monotonic_ms() reading).
inline double elapsed_ms(double start_ms) { return monotonic_ms() - start_ms; }

}  // namespace chokepoint
