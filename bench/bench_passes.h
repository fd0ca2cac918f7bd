// A bench's headline figure: its main workload timed over several passes in one process.
//
// Why passes: under V8 (node and the browser) every wasm function first runs from the baseline compiler and is
// optimised in the background once it is hot, so one short pass measures mostly that compilation, not the code. Each
// bench prints the first pass (what a user meets the first time in a page) and the fastest later pass (the code
// itself) on one "headline" line; bench/wasm_ratio.sh reads those lines from the native and the wasm run and prints
// the ratios.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace chokepoint::bench {

struct PassTimes {
  double first_ms = 0;
  double warm_ms = 0;  // the fastest pass after the first
  int passes = 0;
};

// Runs `workload` `passes` times (at least 2). The workload must do the same work each time: state it keeps warm
// (a cache, SQLite's page cache) is warm in both builds alike.
template <class Workload>
PassTimes time_passes(Workload&& workload, int passes = 4) {
  using Clock = std::chrono::steady_clock;
  PassTimes t;
  t.passes = std::max(passes, 2);
  t.warm_ms = 1e300;
  for (int i = 0; i < t.passes; ++i) {
    const auto start = Clock::now();
    workload();
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    if (i == 0)
      t.first_ms = ms;
    else
      t.warm_ms = std::min(t.warm_ms, ms);
  }
  return t;
}

// One line per headline, in a fixed shape: "headline | WHAT | first F ms | warm W ms | N passes".
inline void print_headline(const char* what, const PassTimes& t) {
  std::printf("headline | %s | first %.2f ms | warm %.2f ms | %d passes\n", what, t.first_ms, t.warm_ms, t.passes);
}

}  // namespace chokepoint::bench
