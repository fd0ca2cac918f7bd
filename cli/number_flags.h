// Whole-number flags as several commands read them: digits only, bounded in length so std::stoul/stoi cannot
// overflow, and an error line that names the flag and echoes what was given.
#pragma once
#include <cstddef>
#include <string>

#include "cli/command.h"
#include "core/base/result.h"

namespace chokepoint::cli {

// --FLAG N with N >= 1 (at most 7 digits); `fallback` when the flag is absent.
Result<size_t> positive_whole_number(const ArgReader& r, const char* flag, size_t fallback);

// --FLAG N with lo <= N <= hi (at most 9 digits); `fallback` when the flag is absent.
Result<int> whole_number_in(const ArgReader& r, const std::string& flag, int fallback, int lo, int hi);

// --limit N: how many items to take at most (at most 7 digits); 0, or no flag, takes them all.
Result<size_t> item_limit(const ArgReader& r);

}  // namespace chokepoint::cli
