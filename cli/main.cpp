// Entry point of the native `chokepoint` tool: finds the command by its first one or two words, parses the rest
// against the command's flag table and runs it. No exception escapes: anything thrown becomes a one-line error and
// exit code 2. `chokepoint --list-flags` prints every command's flag table as JSON (for tests/cli/flags.test.mjs).
#include <algorithm>
#include <exception>
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/flag_help.h"
#include "cli/flag_parser.h"
#include "cli/terminal_output.h"

using chokepoint::cli::command_table;

namespace {

void print_help() {
  std::cout << "chokepoint " CHOKEPOINT_VERSION " - text-to-SQL evaluation workbench (command-line tool)\n\n"
            << "Usage: chokepoint <command> [options]\n\nCommands:\n";
  size_t width = 0;
  for (const auto& [name, cmd] : command_table()) width = std::max(width, name.size());
  for (const auto& [name, cmd] : command_table())
    std::cout << "  " << name << std::string(width + 2 - name.size(), ' ') << cmd.summary << "\n";
  std::cout << "\nOptions:\n  --help        this text (or `chokepoint <command> --help`)\n"
            << "  --version     print the version\n";
}

// {"commands": [{"name", "summary", "flags": [...]}]}, commands by name.
int print_flag_tables() {
  nlohmann::ordered_json commands = nlohmann::ordered_json::array();
  for (const auto& [name, cmd] : command_table())
    commands.push_back({{"name", name},
                        {"summary", cmd.summary},
                        {"flags", chokepoint::cli::flag_table_json(chokepoint::cli::flags_of(cmd))}});
  std::cout << nlohmann::ordered_json{{"commands", commands}}.dump(2) << "\n";
  return 0;
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
  if (args[0] == "--list-flags") return print_flag_tables();
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
      std::cout << chokepoint::cli::help_of(*cmd) << "\n";
      return 0;
    }
  }
  try {
    const auto flags = chokepoint::cli::flags_of(*cmd);
    if (auto st = chokepoint::cli::check_flag_table(flags); !st.ok())
      return chokepoint::cli::fail_input("internal error: " + cmd->name + ": " + st.error());
    auto parsed = chokepoint::cli::parse_flags(flags, rest, cmd->name);
    if (!parsed.ok()) return chokepoint::cli::fail_input(parsed.error());
    return cmd->run(*parsed);
  } catch (const std::exception& e) {
    return chokepoint::cli::fail_input(std::string("internal error: ") + e.what());
  } catch (...) {
    return chokepoint::cli::fail_input("internal error");
  }
}
