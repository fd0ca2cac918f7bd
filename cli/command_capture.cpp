// A registered command run in-process with std::cout redirected into a buffer.
#include "cli/command_capture.h"

#include <iostream>
#include <sstream>

#include "cli/command.h"
#include "cli/flag_parser.h"

namespace chokepoint::cli {
namespace {

// Puts std::cout back however the command leaves (a return or an exception).
class CoutRedirect {
 public:
  explicit CoutRedirect(std::streambuf* to) : old_(std::cout.rdbuf(to)) {}
  ~CoutRedirect() { std::cout.rdbuf(old_); }
  CoutRedirect(const CoutRedirect&) = delete;
  CoutRedirect& operator=(const CoutRedirect&) = delete;

 private:
  std::streambuf* old_;
};

}  // namespace

Result<CapturedRun> run_command_captured(const std::string& name, const Args& args) {
  const auto& table = command_table();
  const auto it = table.find(name);
  if (it == table.end()) return Error{"internal error: no command '" + name + "' to run"};
  auto parsed = parse_flags(flags_of(it->second), args, name);
  if (!parsed.ok()) return Error{name + ": " + parsed.error()};
  std::ostringstream captured;
  CapturedRun run;
  {
    std::cout.flush();
    CoutRedirect redirect(captured.rdbuf());
    run.exit_code = it->second.run(*parsed);
  }
  if (run.exit_code != 0 && run.exit_code != 1) return Error{name + " refused its inputs (the line above says why)"};
  run.stdout_json = nlohmann::ordered_json::parse(captured.str(), nullptr, false);
  if (run.stdout_json.is_discarded()) return Error{"internal error: " + name + " printed something other than JSON"};
  return run;
}

}  // namespace chokepoint::cli
