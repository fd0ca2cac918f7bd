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

// Runs `workload` `passes` times (at least 2), and more passes (up to 500) until the passes together took
// `min_total_ms`: a workload of a few milliseconds is over before V8's optimising tier has compiled its hot functions
// in the background, so four passes of it measured mostly the baseline code (llm_bench's fastest of three later
// passes spread from 8.5 to 25.9 ms in wasm). 300 ms was not always enough either: metrics_bench's four passes of
// about 100 ms gave 103-127 ms in some processes and 170-180 ms in others (SQLite's largest functions still
// compiling), and llm_bench's 5 or 8 ms; with 1.5 s, every run of either fell in the fast group. The workload must
// do the same work each time: state it keeps warm (a cache, SQLite's page cache) is warm in both builds alike.
template <class Workload>
PassTimes time_passes(Workload&& workload, int passes = 4, double min_total_ms = 1500) {
  using Clock = std::chrono::steady_clock;
  PassTimes t;
  t.warm_ms = 1e300;
  double total_ms = 0;
  const int at_least = std::max(passes, 2);
  for (int i = 0; i < at_least || (total_ms < min_total_ms && i < 500); ++i) {
    const auto start = Clock::now();
    workload();
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    total_ms += ms;
    ++t.passes;
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
