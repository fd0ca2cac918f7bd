// The error taxonomy's counts over a run's wrong predictions (004 Fig. 3), in the form `chokepoint errors` prints
// them: the app's Errors tab and the llm-tasks study read the same numbers the command reports.
#pragma once
#include <vector>

#include <nlohmann/json.hpp>

#include "core/diagnosis/error_taxonomy.h"

namespace chokepoint::diagnosis {

// {"failed": n, "system_errors": {kind: n}, "result_errors": {subcategory: n, "subcategory/direction": n}}; a Result
// Error no rule or model placed counts as "unclassified".
nlohmann::json error_counts_json(const std::vector<ErrorClassification>& classes);

}  // namespace chokepoint::diagnosis
