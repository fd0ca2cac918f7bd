// A human verdict per item, the reference of SynSQL's Table 3 (§5.2): annotators read each disagreement between the
// original and the synthetic database and said whether the predicted query is right, which turns "Negative ->
// Positive" into "False Negative -> True Positive" or "True Negative -> False Positive". The file is a JSON object
// {"<item id>": true | false}, true = the prediction is right; disagreement_transitions.h scores against it.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "core/base/result.h"

namespace chokepoint::testdb {

// Invariant: every id is one of the run's items.
struct HumanLabels {
  std::map<std::string, bool> prediction_right;   // item id -> the human's verdict on the prediction
  const bool* find(const std::string& id) const;  // nullptr when the item has no label
};

// Reads the label file's text against the run's item ids. Refused, with a message naming what is wrong (up to five
// of each kind, then a count): text that is not one JSON object, an id the run does not have, a value other than
// true or false (a string "true", 1 or null included), an id given twice. An empty object is valid: no labels.
Result<HumanLabels> parse_human_labels(const std::string& json_text, const std::vector<std::string>& item_ids);

}  // namespace chokepoint::testdb
