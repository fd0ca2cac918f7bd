// Feature space's results kept across a reload. What each shown result was computed from (the compared sets and
// correction, whether the UMAP map was drawn, the clustered set with its models and k-means choices and whether the
// forests explained it, every kept estimate) is written to the workspace (/workspace/feature_space.json) when it
// finishes. After a reload, once the workspace's files are back, those requests run again one after another, in the
// order they first ran: the features are computed from the files as they are, and k-means and the forests are seeded,
// so the same files give the same results and the Studies tab's feature-space finds them. A set no longer loaded, or a
// damaged record, is named in the panel's restore notes, never half-read. The LLM features' answers are not asked
// again: a note says so when a restored result had them.
#pragma once
#include <nlohmann/json.hpp>

#include "web/app_state.h"

namespace chokepoint::web {

struct FeatureSpacePanel;

// Writes what the shown results were computed from (nothing while a restore is under way).
void remember_feature_space(const FeatureSpacePanel& panel);
// Every frame: reads the record once the workspace is back, then starts the next kept request whenever the panel
// is idle.
void step_feature_space_restore(AppState& state, FeatureSpacePanel& panel);
// {"state": "waiting" | "restoring" | "done" | "none", "left": N, "notes": [...]}
nlohmann::json feature_space_restore_json(const FeatureSpacePanel& panel);

}  // namespace chokepoint::web
