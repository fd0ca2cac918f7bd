// `tqa denat --keep-by system-ex|both --pred FILE`: the system's EX on each original (O/O) item, which decides with
// the keep rule of core/tqa/denat_keep_rule.h which de-naturalised items the four sets keep (SQLMorph §V-C/§V-D).
#pragma once
#include <string>

#include "core/base/result.h"
#include "core/dataset/eval_set.h"
#include "core/tqa/denat_keep_rule.h"

namespace chokepoint::cli {

// The predictions in `pred_path` paired with `gold` as `eval` pairs them and evaluated under BIRD's semantics on
// the databases under `db_root`: item key -> EX = 1, for the items scored (an item whose gold or database fails has
// no EX, and a rule that needs EX does not keep it).
Result<tqa::ExByItem> system_ex_by_item(const EvalSet& gold, const std::string& pred_path, const std::string& db_root,
                                        int timeout_ms);

}  // namespace chokepoint::cli
