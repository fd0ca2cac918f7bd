// JQE's options as JSON, with the one set of bounds every front end uses: the CLI turns its flags into this JSON
// (--per-pattern 3 -> {"per_pattern": "3"}), the page's jqe_prefs command sends it, the panel clamps its inputs to
// the same bounds, and reports show the options in this shape.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/base/result.h"
#include "core/jqe/expansion.h"

namespace chokepoint::jqe {

struct IntOptionBound {
  const char* key;  // "rounds"
  long long min, max;
  const char* meaning;  // one line for tooltips and usage
};

// per_pattern, budget, max_per_pair, rounds, timeout_ms, max_decisions.
const std::vector<IntOptionBound>& jqe_int_bounds();
const IntOptionBound& jqe_int_bound(const std::string& key);  // must be one of the above

// {"order", "centrality", "iso", "per_pattern", "budget", "max_per_pair", "rounds", "timeout_ms", "max_decisions",
//  "execute_all", "add_projection", "add_predicate", "always_alias", "unnest"}.
nlohmann::json jqe_options_json(const JqeOptions& options);

// Applies the keys present in `j` to `options`. Integers may be JSON numbers or decimal strings. Errors name the
// key first ("rounds: must be an integer from 1 to 10"); an unknown key is an error; nothing is changed on error.
Status apply_jqe_options_json(JqeOptions& options, const nlohmann::json& j);

}  // namespace chokepoint::jqe
