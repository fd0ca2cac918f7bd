// The Items tab of Predictions & metrics: the run's items, filtered (EX = 0, errors, time limits, truncated,
// changed against the pinned run), coloured by outcome, with the SQL on hover and the chosen item's explanation.
#pragma once
#include <cstddef>
#include <vector>

#include "web/panels/metrics/metrics_panel.h"

namespace chokepoint::web {

void draw_items(const MetricsRun& run, MetricsPanel& panel);

}  // namespace chokepoint::web
