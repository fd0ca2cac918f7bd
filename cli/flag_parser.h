// Parsing a command's words against its flag table (cli/flag_spec.h). The rules:
//   --name VALUE and --name=VALUE; a switch never takes a value (the next word stays a positional, and
//   --switch=VALUE is refused); a flag that needs a value refuses a following --flag or the end of the words;
//   every value is checked against its declaration (kind, range, choices); a flag that is not repeatable may be given
//   once (under any of its spellings); an unknown --flag is refused, with the closest declared spelling when it is
//   close ("unknown flag --jbos; did you mean --jobs?"). Words that do not start with "--" are positionals.
// Each error is the one line the CLI prints after "chokepoint: " (exit code 2).
#pragma once
#include <string>

#include "cli/flag_values.h"

namespace chokepoint::cli {

// `command` names the command in the pointer an unknown flag gets ("see chokepoint eval --help").
Result<FlagValues> parse_flags(const FlagTable& table, const Args& args, const std::string& command);

// The declared spelling closest to `given` (both with their leading "--") by edit distance (optimal string
// alignment: insertions, deletions, substitutions and swaps of neighbours), when it is close enough to be a slip:
// at most 1 edit for names up to 4 letters, 2 up to 8, 3 beyond, and fewer edits than letters. Ties go to the
// spelling declared first. Empty when none is that close.
std::string closest_flag(const FlagTable& table, const std::string& given);

}  // namespace chokepoint::cli
