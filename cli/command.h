// The CLI's command table. Each cli/<name>_command.cpp registers its subcommand with a static Registrar, so adding
// a command adds one file. A command declares its flags (cli/flag_spec.h) beside its code; main parses the words
// against them before the command runs, so the command reads typed values and --help lists the same flags.
// Commands return the process exit code: 0 success, 1 the work found failures (e.g. checks that did not pass),
// 2 bad input (usage, missing or corrupt files).
#pragma once
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "cli/flag_values.h"

namespace chokepoint::cli {

using CommandFn = std::function<int(const FlagValues&)>;

struct Command {
  std::string name;     // "db info", "sql check": one or two words
  std::string summary;  // one line for --help
  std::string usage;    // the prose of `chokepoint <name> --help`; the flag list follows it
  // The command's flag declarations. A function, so a table may use core's own tables (built on first use, after
  // every static of the program is).
  FlagTable (*flags)() = nullptr;
  CommandFn run;
};

std::map<std::string, Command>& command_table();

struct Registrar {
  explicit Registrar(Command c) {
    auto n = c.name;
    command_table().emplace(std::move(n), std::move(c));
  }
};

// The declarations of a registered command (empty when it declares none).
FlagTable flags_of(const Command& command);
// `chokepoint <name> --help`: the usage prose (with the shared exit-code rule of the model-calling commands, for a
// command that takes their flags: cli/model_calls.h), then the flag list.
std::string help_of(const Command& command);

// Prints "chokepoint: <message>" on stderr and returns 2, for one-line input errors.
int fail_input(const std::string& message);

}  // namespace chokepoint::cli
