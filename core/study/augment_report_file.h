// augment_report.json read back for the tqa-augment study: the hiding scores per strategy (thesis Table 4.3), the
// attribute mentions per variant (Table 4.8) and each augmented item's linker table (for Table 4.9). The CLI reads
// the file `chokepoint tqa augment` wrote; the app reads the same text its Strategies view builds.
#pragma once
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/study/tqa_augment_study.h"
#include "core/tqa/linker_retrieval.h"

namespace chokepoint::study {

struct AugmentReport {
  AugmentInputs inputs;                  // hiding_rule, hiding and attributes filled; no systems, no presence
  std::vector<tqa::ItemLinker> linkers;  // each augmented item once, in the report's order
};

// Fails when the text is not JSON or lacks the hiding or attributes objects; `name` names it in the error.
Result<AugmentReport> read_augment_report(const std::string& text, const std::string& name);

}  // namespace chokepoint::study
