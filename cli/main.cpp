// Entry point of the native `chokepoint` tool: finds the command by its first one or two words and runs it.
// No exception escapes: anything thrown becomes a one-line error and exit code 2.
#include <exception>
#include <iostream>

#include "cli/command.h"
#include "cli/terminal_output.h"

using chokepoint::cli::command_table;

namespace {

void print_help() {
  std::cout << "chokepoint " CHOKEPOINT_VERSION " - text-to-SQL evaluation workbench (command-line tool)\n\n"
            << "Usage: chokepoint <command> [options]\n\nCommands:\n";
  for (const auto& [name, cmd] : command_table())
    std::cout << "  " << name << std::string(name.size() < 14 ? 14 - name.size() : 1, ' ') << cmd.summary << "\n";
  std::cout << "\nOptions:\n  --help        this text (or `chokepoint <command> --help`)\n"
            << "  --version     print the version\n";
}

}  // namespace

int main(int argc, char** argv) {
  const chokepoint::cli::TerminalGuard terminal;  // model and database text is shown, never obeyed
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    print_help();
    return args.empty() ? 2 : 0;
  }
  if (args[0] == "--version") {
    std::cout << "chokepoint " CHOKEPOINT_VERSION "\n";
    return 0;
  }
  auto& table = command_table();
  size_t used = 0;
  const chokepoint::cli::Command* cmd = nullptr;
  if (args.size() >= 2 && table.count(args[0] + " " + args[1])) {
    cmd = &table.at(args[0] + " " + args[1]);
    used = 2;
  } else if (table.count(args[0])) {
    cmd = &table.at(args[0]);
    used = 1;
  }
  if (!cmd) return chokepoint::cli::fail_input("unknown command '" + args[0] + "' (see chokepoint --help)");
  std::vector<std::string> rest(args.begin() + static_cast<long>(used), args.end());
  for (const auto& a : rest) {
    if (a == "--help" || a == "-h") {
      std::cout << cmd->usage << "\n";
      return 0;
    }
  }
  try {
    return cmd->run(rest);
  } catch (const std::exception& e) {
    return chokepoint::cli::fail_input(std::string("internal error: ") + e.what());
  } catch (...) {
    return chokepoint::cli::fail_input("internal error");
  }
}
