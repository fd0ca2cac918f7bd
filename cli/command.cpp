// Command table and argument reader for the CLI.
#include "cli/command.h"

#include <algorithm>
#include <iostream>

namespace chokepoint::cli {

std::map<std::string, Command>& command_table() {
  static std::map<std::string, Command> table;
  return table;
}

ArgReader::ArgReader(const Args& args, std::vector<std::string> switches) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.size() > 2 && a.rfind("--", 0) == 0) {
      std::string name = a;
      std::string value;
      auto eq = a.find('=');
      if (eq != std::string::npos) {
        name = a.substr(0, eq);
        value = a.substr(eq + 1);
      } else if (std::find(switches.begin(), switches.end(), a) != switches.end()) {
        value = "1";
      } else if (i + 1 < args.size()) {
        value = args[++i];
      } else {
        error_ = "option " + a + " needs a value";
      }
      values_[name].push_back(value);
    } else {
      positionals_.push_back(a);
    }
  }
}

bool ArgReader::has(const std::string& flag) const { return values_.count(flag) > 0; }

std::string ArgReader::get(const std::string& flag, const std::string& fallback) const {
  auto it = values_.find(flag);
  return it == values_.end() ? fallback : it->second.back();
}

std::vector<std::string> ArgReader::get_all(const std::string& flag) const {
  auto it = values_.find(flag);
  return it == values_.end() ? std::vector<std::string>{} : it->second;
}

int fail_input(const std::string& message) {
  std::cerr << "chokepoint: " << message << "\n";
  return 2;
}

}  // namespace chokepoint::cli
