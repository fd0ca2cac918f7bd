// The shared-failures study: the items every system answers wrong, where EX cannot rank systems, and how close each
// system came on them under each regime of the fine-grained metrics: means of EXP, EXR and F1 (SQLMorph Table XI)
// and the distributions of EXP and EXR (SQLMorph Fig. 5). Definitions: decisions.md §35.
#pragma once
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/metrics/regime.h"
#include "core/metrics/shared_failures.h"
#include "core/study/study_report.h"

namespace chokepoint::study {

struct SharedFailuresNumbers {
  size_t items = 0;                       // items of the gold set (every run has this many)
  size_t scored_in_all = 0;               // items scored in every run (their gold ran)
  size_t common_failures = 0;             // of those, EX = 0 in every run
  std::vector<size_t> positions;          // the common failures, by position in the gold set
  std::vector<SharedFailureRow> systems;  // one per run, in the order given
};

struct SharedFailuresStudy {
  SharedFailuresNumbers numbers;
  StudyReport report;
};

// Ten bins of width 10 over [0, 100] percent: bin k holds [10k, 10k + 10), the last also 100.
std::vector<size_t> ten_bins(const std::vector<double>& percents);

// The study over aligned runs (same gold set, same order) scored under `regimes`. Fails when the runs are not
// aligned, when none is given, or when two share a name.
Result<SharedFailuresStudy> shared_failures_study(const std::vector<SystemRun>& runs,
                                                  const std::vector<Regime>& regimes);

}  // namespace chokepoint::study
