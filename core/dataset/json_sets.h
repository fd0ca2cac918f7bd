// JSON evaluation files: BIRD dev.json, Spider dev.json and BIRD prediction dicts. Malformed JSON gives an Error
// naming the line and column, never an exception.
#pragma once
#include <string>

#include "core/base/result.h"
#include "core/dataset/eval_set.h"

namespace chokepoint {

Result<EvalSet> parse_bird_dev_json(const std::string& text);
Result<EvalSet> parse_spider_dev_json(const std::string& text);
// {"<index>": "SQL\t----- bird -----\tdb_id"}; items sorted by numeric key (non-numeric keys after, by text).
Result<EvalSet> parse_bird_predictions(const std::string& text);

}  // namespace chokepoint
