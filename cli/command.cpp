// Command table, help texts and the one-line input error of the CLI.
#include "cli/command.h"

#include <iostream>

#include "cli/flag_help.h"

namespace chokepoint::cli {

std::map<std::string, Command>& command_table() {
  static std::map<std::string, Command> table;
  return table;
}

FlagTable flags_of(const Command& command) { return command.flags ? command.flags() : FlagTable{}; }

std::string help_of(const Command& command) {
  const std::string list = flag_list_text(flags_of(command));
  return list.empty() ? command.usage : command.usage + "\n\n" + list;
}

int fail_input(const std::string& message) {
  std::cerr << "chokepoint: " << message << "\n";
  return 2;
}

}  // namespace chokepoint::cli
