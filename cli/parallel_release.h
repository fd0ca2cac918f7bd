// Freeing a finished run's per-item results on the --jobs threads. At the end of `eval` on 1,000 Spider pairs,
// freeing the evaluated items and their REPORT.json entries took 2.5 ms on one thread, as long as a parallel step of
// the run, after every other per-pair step had been split over the threads. Each element is emptied by whichever
// thread takes its index; the vectors are left empty.
#pragma once
#include <algorithm>
#include <cstddef>
#include <vector>

#include "cli/parallel_for.h"

namespace chokepoint::cli {

template <typename... Elements>
void release_in_parallel(int jobs, std::vector<Elements>&... vectors) {
  const size_t n = std::max({vectors.size()...});
  parallel_for(n, jobs, [&](size_t i, size_t) {
    // Each vector's element i, where it has one, is replaced by an empty one (its memory freed here).
    ((i < vectors.size() ? void(vectors[i] = Elements()) : void()), ...);
  });
  (vectors.clear(), ...);
}

}  // namespace chokepoint::cli
