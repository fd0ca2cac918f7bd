// The flag parser of every command (cli/flag_parser.h), on small hand-written tables: the spellings it takes, the
// values it checks, and the one line it answers a mistake with.
#include "cli/flag_parser.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace chokepoint::cli {
namespace {

FlagTable flag_table() {
  return {
      path_flag("--gold", "FILE", "the gold set").alias("--set"),
      whole_flag("--jobs", "N", 1, 64, "threads", "evaluate with N threads").or_else("1"),
      whole_flag("--timeout-ms", "T", 1, 3600000, "milliseconds", "time limit of one item").or_else("5000"),
      choice_flag("--semantics", {"bird", "spider"}, "how EX compares two results"),
      switch_flag("--fk", "show the foreign keys"),
      text_flag("--format", "F", "a prompt format").repeated(),
      list_flag("--regimes", "A,B", "metric configurations"),
  };
}

Result<FlagValues> parse(const Args& args) { return parse_flags(flag_table(), args, "eval"); }

std::string error_of(const Args& args) {
  auto r = parse(args);
  return r.ok() ? "(parsed)" : r.error();
}

TEST(FlagParser, UnknownFlagCloseToADeclaredOneNamesIt) {
  EXPECT_EQ(error_of({"--jbos", "2"}), "unknown flag --jbos; did you mean --jobs?");
}

TEST(FlagParser, UnknownFlagFarFromEveryDeclaredOnePointsToHelp) {
  EXPECT_EQ(error_of({"--zzzzzzzz"}), "unknown flag --zzzzzzzz (see chokepoint eval --help)");
}

TEST(FlagParser, ClosestFlagPrefersTheSmallestEditDistance) {
  // "--semantic" is one deletion from --semantics; "--fq" one substitution from --fk.
  EXPECT_EQ(closest_flag(flag_table(), "--semantic"), "--semantics");
  EXPECT_EQ(closest_flag(flag_table(), "--fq"), "--fk");
  EXPECT_EQ(closest_flag(flag_table(), "--st"), "--set");  // one insertion
  EXPECT_EQ(closest_flag(flag_table(), "--qq"), "");       // two letters, two edits from --fk: too far for a slip
}

TEST(FlagParser, WholeNumberWithAUnitRefusedNamingFlagValueAndRange) {
  EXPECT_EQ(error_of({"--timeout-ms", "5s"}),
            "--timeout-ms '5s' is not a whole number of milliseconds (accepted: 1 to 3600000)");
}

TEST(FlagParser, WholeNumberOutOfRangeRefused) {
  EXPECT_EQ(error_of({"--jobs", "65"}), "--jobs '65' is out of range (accepted: 1 to 64)");
  EXPECT_EQ(error_of({"--jobs=0"}), "--jobs '0' is out of range (accepted: 1 to 64)");
}

TEST(FlagParser, NegativeNumberIsNotAWholeNumber) {
  // "-1" does not start with "--", so it is the value, and a sign is not a digit.
  EXPECT_EQ(error_of({"--jobs", "-1"}), "--jobs '-1' is not a whole number of threads (accepted: 1 to 64)");
  EXPECT_EQ(error_of({"--jobs=-1"}), "--jobs '-1' is not a whole number of threads (accepted: 1 to 64)");
}

TEST(FlagParser, ChoiceOutsideTheListRefused) {
  EXPECT_EQ(error_of({"--semantics", "sql"}), "--semantics 'sql' is not one of bird, spider");
}

TEST(FlagParser, SwitchTakesNoValue) {
  EXPECT_EQ(error_of({"--fk=yes"}), "--fk is a switch and takes no value (not 'yes')");
}

TEST(FlagParser, WordAfterASwitchIsAPositional) {
  auto r = parse({"--fk", "extra"});
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_TRUE(r->has("--fk"));
  EXPECT_EQ(r->positionals(), std::vector<std::string>{"extra"});
}

TEST(FlagParser, FlagAtTheEndOrBeforeAnotherFlagNeedsAValue) {
  EXPECT_EQ(error_of({"--gold"}), "--gold needs a value");
  EXPECT_EQ(error_of({"--gold", "--fk"}), "--gold needs a value");
}

TEST(FlagParser, EqualsFormGivesTheValue) {
  auto r = parse({"--gold=dev.json", "--jobs=4"});
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->text("--gold"), "dev.json");
  EXPECT_EQ(r->integer("--jobs"), 4);
}

TEST(FlagParser, AliasIsReadUnderTheDeclaredName) {
  auto r = parse({"--set", "dev.json"});
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_TRUE(r->has("--gold"));
  EXPECT_EQ(r->text("--gold"), "dev.json");
}

TEST(FlagParser, FlagGivenTwiceRefused) {
  EXPECT_EQ(error_of({"--jobs", "2", "--jobs", "3"}), "--jobs is given twice; it takes one value");
}

TEST(FlagParser, FlagGivenTwiceUnderTwoSpellingsNamesBoth) {
  EXPECT_EQ(error_of({"--gold", "a.json", "--set", "b.json"}),
            "--gold is given twice (as --gold and --set); it takes one value");
}

TEST(FlagParser, RepeatableFlagKeepsEveryValueInOrder) {
  auto r = parse({"--format", "DDL-MD-Chat", "--format", "SimpleDDL-HTML-Chat"});
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->all("--format"), (std::vector<std::string>{"DDL-MD-Chat", "SimpleDDL-HTML-Chat"}));
  EXPECT_EQ(r->text("--format"), "SimpleDDL-HTML-Chat");  // the last one
}

TEST(FlagParser, AbsentFlagReadsItsFallback) {
  auto r = parse({});
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_FALSE(r->has("--jobs"));
  EXPECT_EQ(r->integer("--jobs"), 1);
  EXPECT_EQ(r->text("--timeout-ms"), "5000");
  EXPECT_EQ(r->text("--gold"), "");
}

TEST(FlagParser, ListItemsSplitAtCommasWithoutEmptyItems) {
  auto r = parse({"--regimes", "EC-EC-IE,,SC-PC-IE,"});
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->items("--regimes"), (std::vector<std::string>{"EC-EC-IE", "SC-PC-IE"}));
}

TEST(FlagParser, ArgumentsAreKeptAsGiven) {
  const Args args{"--set", "dev.json", "x", "--fk"};
  auto r = parse(args);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->arguments(), args);
}

TEST(FlagParser, AskingForAnUndeclaredFlagIsAProgrammingError) {
  auto r = parse({});
  ASSERT_TRUE(r.ok());
  EXPECT_THROW((void)r->has("--nope"), std::logic_error);
}

}  // namespace
}  // namespace chokepoint::cli
