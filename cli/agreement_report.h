// SynSQL's agreement metrics as a value, for a command that composes them (`study synsql`): the report
// `chokepoint agreement` writes to REPORT.json (its stdout fields, then "items"), for the words that command takes.
// --out is not needed. Errors are the line `agreement` would print.
#pragma once
#include <nlohmann/json.hpp>

#include "cli/flag_values.h"
#include "core/base/result.h"

namespace chokepoint::cli {

Result<nlohmann::ordered_json> agreement_report(const Args& args);

}  // namespace chokepoint::cli
