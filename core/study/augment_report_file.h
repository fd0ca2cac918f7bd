// augment_report.json read back for the tqa-augment study: the hiding scores per strategy (thesis Table 4.3), the
// attribute mentions per variant (Table 4.8) and each augmented item's linker table (for Table 4.9). The CLI reads
// the file `chokepoint tqa augment` wrote; the app reads the same text its Strategies view builds.
#pragma once
#include <map>
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

// Table 4.9 for one variant ("original", "SR", ...): the augmented items' linker tables among the tables a schema
// linker retrieved for that variant's questions (by item key, linking::retrieved_tables_by_key). Refused when the
// run retrieved for some items but for none of the augmented ones, which means it ran on another set; `source`
// names the run in the message.
Result<PresenceRow> linker_presence_row(const std::string& variant, const std::vector<tqa::ItemLinker>& linkers,
                                        const std::map<std::string, std::vector<std::string>>& tables,
                                        const std::string& source);

}  // namespace chokepoint::study
