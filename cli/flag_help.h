// What a command's flag table (cli/flag_spec.h) looks like to a reader: the flag list `chokepoint COMMAND --help`
// prints after the command's prose, and the JSON of `chokepoint --list-flags`, from which tests/cli/flags.test.mjs
// builds its cases for every command.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "cli/flag_spec.h"

namespace chokepoint::cli {

// "Flags:" and one aligned row per spelling: flag, value, default, meaning (with the accepted range or choices, and
// "repeatable"); an alias's row says "alias of --name". Empty for an empty table.
std::string flag_list_text(const FlagTable& table);

// [{name, aliases, kind, value, default, help, repeatable, accepted, and by kind min, max, unit | choices}], in
// declaration order.
nlohmann::ordered_json flag_table_json(const FlagTable& table);

}  // namespace chokepoint::cli
