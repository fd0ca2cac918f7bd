// SQLSpace's cluster and estimator reports as values, for a command that composes them (`study feature-space`):
// the report `chokepoint space clusters` or `space estimate` writes to --out (its stdout fields under "summary"),
// for the words that command takes without --out. A refusal prints the command's own line on stderr and comes back
// as an error.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "cli/flag_values.h"
#include "core/base/result.h"

namespace chokepoint::cli {

// `command` is "space clusters" or "space estimate".
Result<nlohmann::ordered_json> space_report(const std::string& command, Args args);

}  // namespace chokepoint::cli
