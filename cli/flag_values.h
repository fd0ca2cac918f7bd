// The flags of one invocation as its command reads them: typed values (text, whole and real numbers, lists) by the
// declared name, each value already checked against its declaration (cli/flag_spec.h) by parse_flags
// (cli/flag_parser.h), so a command never parses a number itself. Values of an absent flag are its declared
// fallback. Asking for a flag the command does not declare is a programming error: std::logic_error.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "cli/flag_spec.h"

namespace chokepoint::cli {

using Args = std::vector<std::string>;  // the words after the command's name

class FlagValues {
 public:
  FlagValues(FlagTable table, Args arguments) : table_(std::move(table)), arguments_(std::move(arguments)) {}

  // Given on the command line (under its name or an alias).
  bool has(const std::string& name) const;
  // The value given (the last one, for a repeatable flag), else the fallback, else "".
  std::string text(const std::string& name) const;
  // A Whole flag's value given, else its fallback, else 0.
  long long integer(const std::string& name) const;
  // A Real flag's value given, else its fallback, else 0.
  double real(const std::string& name) const;
  // Every value given, in order (a repeatable flag's); empty when absent.
  std::vector<std::string> all(const std::string& name) const;
  // A List flag's comma-separated items over every value given (else the fallback's), empty items dropped.
  std::vector<std::string> items(const std::string& name) const;
  // The words that are not flags or their values, in order.
  const std::vector<std::string>& positionals() const { return positionals_; }
  // The words as given (a shard records them; a run store keeps them).
  const Args& arguments() const { return arguments_; }
  const FlagTable& table() const { return table_; }

 private:
  friend Result<FlagValues> parse_flags(const FlagTable& table, const Args& args, const std::string& command);
  const FlagSpec& declared(const std::string& name) const;  // throws std::logic_error when not declared

  FlagTable table_;
  Args arguments_;
  std::map<std::string, std::vector<std::string>> values_;  // declared name -> values in the order given
  std::vector<std::string> positionals_;
};

}  // namespace chokepoint::cli
