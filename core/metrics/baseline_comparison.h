// ΔEX of a run against an earlier run of the same or of the original items (eval --baseline): each item of the run
// is paired with the baseline's item of the id it names (its own id, or its seed's when expansions are compared with
// their seeds, many to one), and the pairs give thesis Table 3.7's transitions. Items that are not scored on either
// side, or whose id the baseline lacks, are counted apart, never silently dropped.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/metrics/transitions.h"

namespace chokepoint {

struct RunItemEx {
  std::string id;
  std::optional<bool> ex;  // nullopt: not scored (no database, gold failed)
};

struct BaselineComparison {
  DeltaExTable table;                  // over the paired items scored on both sides
  size_t unscored = 0;                 // paired, but not scored in the run or in the baseline
  std::vector<std::string> unmatched;  // ids of run items whose baseline id the baseline lacks (run order)
};

// baseline_id_of[i] is the baseline id run item i is compared with. Fails on a baseline id given twice, or on
// baseline_id_of not matching the run's length.
Result<BaselineComparison> compare_to_baseline(const std::vector<RunItemEx>& baseline,
                                               const std::vector<RunItemEx>& run,
                                               const std::vector<std::string>& baseline_id_of);

}  // namespace chokepoint
