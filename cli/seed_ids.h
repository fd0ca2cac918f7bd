// The seed each expansion of `chokepoint jqe`'s EXPANDED.json comes from (its items' jqe.seed_id), for commands that
// compare expansions with their seeds (study jqe-delta, eval --baseline --align seed_id).
#pragma once
#include <string>
#include <vector>

#include "core/base/result.h"

namespace chokepoint::cli {

// jqe.seed_id of each item, in file order; an item without one, or a file that is not a JSON array, is refused
// naming it.
Result<std::vector<std::string>> read_seed_ids(const std::string& path);

}  // namespace chokepoint::cli
