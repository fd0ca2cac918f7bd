// Command table, help texts and the one-line input error of the CLI.
#include "cli/command.h"

#include <iostream>

#include "cli/call_tally.h"
#include "cli/flag_help.h"
#include "cli/model_calls.h"

namespace chokepoint::cli {
namespace {

// `text` as lines of at most `width` characters, broken at spaces, as the usage prose is written.
std::string wrapped(const std::string& text, size_t width) {
  std::string out, line;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      out += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
    start = end + 1;
  }
  return out + line;
}

}  // namespace

std::map<std::string, Command>& command_table() {
  static std::map<std::string, Command> table;
  return table;
}

FlagTable flags_of(const Command& command) { return command.flags ? command.flags() : FlagTable{}; }

std::string help_of(const Command& command) {
  const FlagTable table = flags_of(command);
  std::string prose = command.usage;
  if (takes_model_call_flags(table)) prose += "\n" + wrapped(kModelCallExitRule, 115);
  const std::string list = flag_list_text(table);
  return list.empty() ? prose : prose + "\n\n" + list;
}

int fail_input(const std::string& message) {
  std::cerr << "chokepoint: " << message << "\n";
  return 2;
}

}  // namespace chokepoint::cli
