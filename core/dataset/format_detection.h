// Guessing the format of an evaluation or prediction file from its content, so commands accept any of them.
#pragma once
#include <string>

#include "core/base/result.h"
#include "core/dataset/eval_set.h"

namespace chokepoint {

// '[' -> BIRD or Spider dev.json (by the keys of the first object: "SQL" or "query"); '{' -> BIRD prediction dict;
// otherwise a tab in the first non-empty line -> gold TSV; a first line that is a CSV header naming a sql/query
// column -> CSV; else one SQL per line. Fails on empty input and on a JSON array whose objects have neither key.
Result<DatasetFormat> detect_format(const std::string& text);

}  // namespace chokepoint
