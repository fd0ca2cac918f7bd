// What a finished augmentation run yields for evaluation, for `chokepoint tqa augment` and the app's Strategies view
// alike: the augmented items as they were (original) and one set per strategy with the rewritten question and
// evidence, every set holding the same items in the same order with the gold SQL unchanged; and the body of
// augment_report.json: the hiding scores (thesis Tables 4.3-4.4), the attribute mentions (Table 4.8) and each
// rewrite with its scores and errors.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/dataset/eval_set.h"
#include "core/tqa/augmentation_job.h"

namespace chokepoint::tqa {

struct AugmentationSets {
  EvalSet original;                                       // the items the job rewrote, in item order
  std::vector<std::pair<std::string, EvalSet>> variants;  // strategy code ("SR", ...) -> its set, in the given order
  nlohmann::json items_detail = nlohmann::json::array();  // one object per rewrite (strategy order, then item order)
  size_t failed = 0;  // rewrites with a failed call or an unusable answer (their sets keep the original text there)
};

// The items of `analyses` the job rewrites (a linker table and at least one reference), in order.
std::vector<const ItemLinkerAnalysis*> augmented_items(const std::vector<ItemLinkerAnalysis>& analyses);

// The sets of a finished job over `analyses` (the vector the job was built on) for `strategies`.
AugmentationSets augmentation_sets(const AugmentationJob& job, const std::vector<ItemLinkerAnalysis>& analyses,
                                   const std::vector<Strategy>& strategies);

// What augment_report.json and the CLI's summary share, in this key order: items (of the set), linker_items,
// augmented, strategies, hiding_rule, hiding, attributes, failed_rewrites.
struct AugmentationCounts {
  size_t items = 0, linker_items = 0;
  std::vector<Strategy> strategies;
  HidingRule hiding_rule = HidingRule::matcher;
};
nlohmann::ordered_json augmentation_summary(const AugmentationJob& job, const AugmentationSets& sets,
                                            const AugmentationCounts& counts);

// The summary (with whatever the caller added, such as the calls' usage) followed by the set's file, the model and
// each rewrite: what augment_report.json holds.
nlohmann::ordered_json augmentation_report(nlohmann::ordered_json summary, const AugmentationSets& sets,
                                           const std::string& gold, const std::string& model);

}  // namespace chokepoint::tqa
