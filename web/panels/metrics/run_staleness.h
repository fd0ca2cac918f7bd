// Why the numbers on screen may no longer be what Evaluate would give now: a picker or a scoring option was changed
// after the run began, or a set it was made from was replaced or closed. The panel keeps the numbers (they are still
// true of the inputs they name) and says this above them, so old results never pass for the new choices.
#pragma once
#include <string>
#include <vector>

#include "web/app_state.h"
#include "web/panels/metrics/metrics_panel.h"
#include "web/panels/metrics/metrics_run.h"

namespace chokepoint::web {

// One sentence per difference, in the order the pickers stand; empty while the run matches them.
std::vector<std::string> stale_reasons(const AppState& state, const MetricsPanel& panel, const MetricsRun& run);

}  // namespace chokepoint::web
