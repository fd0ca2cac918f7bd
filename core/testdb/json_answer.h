// Reading the JSON object a model was asked for (SynSQL's selector, expansion and critic answers): the object may sit
// in a ```json fence, after prose or before a closing remark. Bounded and exception-free: a text without a readable
// object is an error value the caller reports, never a crash.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "core/base/result.h"

namespace chokepoint::testdb {

// The first balanced {...} of `answer` (braces inside JSON strings skipped) that parses as JSON, tried from each '{'
// in turn, its keys in the answer's order. An error when there is none ("the answer is empty", "the answer holds no
// JSON object").
Result<nlohmann::ordered_json> first_json_object(const std::string& answer);

// A key reduced to its letters and digits, lower case: "Hint Alignment", "hint_alignment" and "HintAlignment" are
// all "hintalignment". How answers' keys are matched with the names asked for.
std::string loose_key(const std::string& key);

}  // namespace chokepoint::testdb
