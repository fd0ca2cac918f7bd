// The CLI's command table. Each cli/<name>_command.cpp registers its subcommand with a static Registrar, so adding
// a command adds one file. Commands return the process exit code: 0 success, 1 the work found failures
// (e.g. checks that did not pass), 2 bad input (usage, missing or corrupt files).
#pragma once
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace chokepoint::cli {

using Args = std::vector<std::string>;  // arguments after the command words
using CommandFn = std::function<int(const Args&)>;

struct Command {
  std::string name;     // "db info", "sql check": one or two words
  std::string summary;  // one line for --help
  std::string usage;    // full usage text
  CommandFn run;
};

std::map<std::string, Command>& command_table();

struct Registrar {
  explicit Registrar(Command c) {
    auto n = c.name;
    command_table().emplace(std::move(n), std::move(c));
  }
};

// Small argument reader shared by commands: flags `--name value`, switches `--name`, and positionals. A flag given
// more than once keeps every value: get() returns the last (a later flag overrides an earlier one), get_all() each
// in order, for the flags a command documents as repeatable (predict's --llm-config).
class ArgReader {
 public:
  ArgReader(const Args& args, std::vector<std::string> switches);  // switches take no value
  bool has(const std::string& flag) const;
  std::string get(const std::string& flag, const std::string& fallback = "") const;
  std::vector<std::string> get_all(const std::string& flag) const;  // empty when the flag is absent
  const std::vector<std::string>& positionals() const { return positionals_; }
  const std::string& error() const { return error_; }  // non-empty if a flag lacked its value

 private:
  std::map<std::string, std::vector<std::string>> values_;  // every value of a flag, in the order given
  std::vector<std::string> positionals_;
  std::string error_;
};

// Prints "chokepoint: <message>" on stderr and returns 2, for one-line input errors.
int fail_input(const std::string& message);

}  // namespace chokepoint::cli
