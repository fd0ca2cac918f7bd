// What --help and --list-flags show of a flag table (cli/flag_help.h), the table checks every command's declaration
// passes (cli/flag_spec.h), and the help of a command that calls a model (cli/command.h).
#include "cli/flag_help.h"

#include <gtest/gtest.h>

#include "cli/call_tally.h"
#include "cli/command.h"
#include "cli/common_flags.h"
#include "cli/model_calls.h"

namespace chokepoint::cli {
namespace {

FlagTable table() {
  return {
      path_flag("--gold", "FILE", "the gold set").alias("--set"),
      whole_flag("--jobs", "N", 1, 64, "threads", "evaluate with N threads").or_else("1"),
      switch_flag("--fk", "show the foreign keys"),
      text_flag("--format", "F", "a prompt format").shows("SimpleDDL-MD-Chat").repeated(),
  };
}

TEST(FlagHelp, ListAlignsFlagValueDefaultAndMeaning) {
  // Column widths: the longest flag (--format, 8), value (VALUE, 5) and default (SimpleDDL-MD-Chat, 17), two spaces
  // after each; an alias's row says whose it is; a whole number shows its range; a repeatable flag says so.
  EXPECT_EQ(flag_list_text(table()),
            "Flags:\n"
            "  FLAG      VALUE  DEFAULT            MEANING\n"
            "  --gold    FILE                      the gold set\n"
            "  --set     FILE                      alias of --gold\n"
            "  --jobs    N      1                  evaluate with N threads (1 to 64)\n"
            "  --fk                                show the foreign keys\n"
            "  --format  F      SimpleDDL-MD-Chat  a prompt format; repeatable");
}

TEST(FlagHelp, EmptyTableHasNoList) { EXPECT_EQ(flag_list_text({}), ""); }

TEST(FlagHelp, ShortChoicesAreTheValueColumn) {
  const std::string text = flag_list_text({choice_flag("--only", {"strict", "lenient"}, "one kind")});
  EXPECT_NE(text.find("  --only  strict|lenient"), std::string::npos) << text;
}

TEST(FlagHelp, JsonOfAWholeFlagHasItsRangeAndUnit) {
  const auto j = flag_table_json(table());
  ASSERT_EQ(j.size(), 4u);
  const auto& jobs = j[1];
  EXPECT_EQ(jobs["name"], "--jobs");
  EXPECT_EQ(jobs["kind"], "whole");
  EXPECT_EQ(jobs["default"], "1");
  EXPECT_EQ(jobs["min"], 1);
  EXPECT_EQ(jobs["max"], 64);
  EXPECT_EQ(jobs["unit"], "threads");
  EXPECT_EQ(jobs["accepted"], "1 to 64");
  EXPECT_EQ(j[0]["aliases"], nlohmann::ordered_json::array({"--set"}));
  EXPECT_EQ(j[3]["repeatable"], true);
}

TEST(FlagTable, ASpellingDeclaredTwiceIsRefused) {
  FlagTable t = table();
  t.push_back(path_flag("--set", "FILE", "another set"));
  EXPECT_EQ(check_flag_table(t).error(), "flag --set is declared twice");
}

TEST(FlagTable, ADefaultOutsideTheRangeIsRefused) {
  const auto st = check_flag_table({whole_flag("--rows", "N", 1, 10, "rows", "rows shown").or_else("0")});
  EXPECT_EQ(st.error(), "flag --rows's default: --rows '0' is out of range (accepted: 1 to 10)");
}

TEST(FlagTable, ASwitchWithADefaultIsRefused) {
  FlagSpec s = switch_flag("--fk", "keys");
  s.fallback = "yes";
  EXPECT_EQ(check_flag_table({s}).error(), "switch --fk declares a value");
}

TEST(FlagTable, EveryCommandTableWithTheModelCallFlagsPassesTheChecks) {
  EXPECT_TRUE(check_flag_table(with_model_call_flags(table())).ok());
}

// The prose of a command's help, with its lines joined: the shared sentence is wrapped like the rest.
std::string joined(std::string text) {
  for (char& c : text)
    if (c == '\n') c = ' ';
  return text;
}

TEST(CommandHelp, AModelCallingCommandEndsItsProseWithTheSharedExitRule) {
  Command c{"judge", "a judge", "Usage: chokepoint judge ...", [] { return with_model_call_flags({flags::fk()}); },
            nullptr};
  const std::string help = help_of(c);
  const std::string prose = help.substr(0, help.find("\n\nFlags:\n"));
  EXPECT_EQ(joined(prose), std::string("Usage: chokepoint judge ... ") + kModelCallExitRule);
  for (const char* flag :
       {"--preview", "--replay", "--max-calls", "--max-tokens", "--concurrency", "--request-timeout-ms"})
    EXPECT_NE(help.find(std::string("\n  ") + flag + " "), std::string::npos) << flag;
}

TEST(CommandHelp, ACommandWithoutModelCallsHasNoExitRule) {
  Command c{"db info", "a database", "Usage: chokepoint db info FILE", [] { return FlagTable{flags::fk()}; }, nullptr};
  EXPECT_EQ(help_of(c).find("model call"), std::string::npos);
}

}  // namespace
}  // namespace chokepoint::cli
