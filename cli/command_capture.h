// Runs another registered command in this process and keeps what it prints on stdout as JSON, for a command that
// composes others (`study llm-tasks` runs predict, errors, debug, optimize, describe and link exactly as they run on
// their own). The composed command's stderr (its progress and refusals) still reaches the user.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "cli/flag_values.h"
#include "core/base/result.h"

namespace chokepoint::cli {

struct CapturedRun {
  int exit_code = 0;                   // the command's own: 0, or 1 when its work finished with failures
  nlohmann::ordered_json stdout_json;  // what it printed, parsed
};

// `name` is a registered command ("predict", "debug"); `args` its words after the name. Exit code 2 (a refusal, its
// line already on stderr), an unknown command or stdout that is not one JSON value come back as an error naming
// the command.
Result<CapturedRun> run_command_captured(const std::string& name, const Args& args);

}  // namespace chokepoint::cli
