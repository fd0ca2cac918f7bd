// The Summary and Charts tabs' drawing (metrics_dashboard.cpp), for the Predictions & metrics panel.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "web/panels/metrics/metrics_panel.h"

namespace chokepoint::web {

// Items (those of `subset`, or all) grouped by keys[i]: EX and the regimes' means per group.
void draw_breakdown(const char* id, const MetricsRun& run, const std::vector<std::string>& keys,
                    const std::optional<std::vector<size_t>>& subset);
// The run's summary over `subset` (all items when nullopt), its headline first.
void draw_summary(const MetricsRun& run, const std::optional<std::vector<size_t>>& subset);
void draw_charts(const MetricsRun& run, MetricsPanel& panel);
// EX against the pinned baseline run, as thesis Table 3.7 lays it out.

}  // namespace chokepoint::web
