// The declaration of one command-line flag: its name and older spellings, the kind of value it takes (with the
// accepted range or list), what help shows for it and whether it may be given more than once. Each command declares
// its table next to its code (cli/<name>_command.cpp); parsing (cli/flag_parser.h), the typed values commands read
// (cli/flag_values.h) and the --help flag list (cli/flag_help.h) all come from that one table.
#pragma once
#include <string>
#include <vector>

#include "core/base/result.h"

namespace chokepoint::cli {

enum class FlagKind {
  Switch,  // no value: present or not
  Text,    // any text
  Path,    // a file or folder name (any text; the command opens it)
  Whole,   // digits only, within [min, max]
  Real,    // a finite decimal number within [real_min, real_max]
  Choice,  // one of `choices`
  List,    // comma-separated items (any text)
};
const char* flag_kind_name(FlagKind kind);  // "switch", "text", "path", "whole", "real", "choice", "list"

// Invariants (check_flag_table): name and aliases start with "--" and are unique in their table; a Switch has no
// value name, no fallback and is never repeatable; min <= max; a fallback is a value the flag accepts.
struct FlagSpec {
  std::string name;                  // "--jobs": the spelling help shows and commands ask for
  std::vector<std::string> aliases;  // older spellings of the same flag ("--set" for "--gold"), listed in help
  FlagKind kind = FlagKind::Text;
  std::string value_name;             // "N", "FILE": help's value column (Choice shows its choices when they are short)
  std::string help;                   // one line
  std::string fallback;               // the value when the flag is absent, read like a given one; empty: none
  std::string shown_default;          // help's default column when not the fallback ("the gold's benchmark")
  bool repeatable = false;            // may be given several times, each value kept in order
  long long min = 0, max = 0;         // Whole: the accepted range, inclusive
  std::string unit;                   // Whole: the plural noun messages use ("milliseconds", "rows")
  double real_min = 0, real_max = 0;  // Real: the accepted range, inclusive
  std::vector<std::string> choices;   // Choice: the accepted values

  // Modifiers, each returning the changed copy, so a table reads as one expression per flag.
  FlagSpec alias(std::string old_spelling) const;
  FlagSpec or_else(std::string value) const;       // fallback
  FlagSpec shows(std::string default_text) const;  // shown_default
  FlagSpec repeated() const;
  FlagSpec described(std::string line) const;  // replaces help (a shared flag's meaning in one command)
  FlagSpec valued(std::string name) const;     // replaces value_name

  // Every spelling: the name, then the aliases.
  std::vector<std::string> spellings() const;
  // "1 to 64", "0 or more", "bird, spider, test-suite": what the flag accepts, as messages and help say it.
  std::string accepted() const;
};

using FlagTable = std::vector<FlagSpec>;

// The declarations. `unit` is the plural noun of the whole number's messages ("milliseconds"; empty: none).
FlagSpec switch_flag(std::string name, std::string help);
FlagSpec text_flag(std::string name, std::string value_name, std::string help);
FlagSpec path_flag(std::string name, std::string value_name, std::string help);
FlagSpec whole_flag(std::string name, std::string value_name, long long min, long long max, std::string unit,
                    std::string help);
FlagSpec real_flag(std::string name, std::string value_name, double min, double max, std::string help);
FlagSpec choice_flag(std::string name, std::vector<std::string> choices, std::string help);
FlagSpec list_flag(std::string name, std::string value_name, std::string help);

// Ok when `value` is one the flag accepts; otherwise the message naming the flag as `given` (the spelling used),
// the value and what is accepted, e.g. "--timeout-ms '5s' is not a whole number of milliseconds (accepted: 1 to
// 3600000)". A Switch accepts nothing (it takes no value).
Status check_flag_value(const FlagSpec& spec, const std::string& given, const std::string& value);

// The table's invariants (see FlagSpec); the first broken one, naming the flag.
Status check_flag_table(const FlagTable& table);

// The declaration whose name or alias is `spelling`; nullptr when none.
const FlagSpec* find_flag(const FlagTable& table, const std::string& spelling);

}  // namespace chokepoint::cli
