// The metrics panel's last choices, kept in this browser so a reload puts the user back where they were: the gold
// and prediction files (by name; the files themselves come back from the workspace), the semantics if chosen, the
// regimes, the time limit, and whether an evaluation was started. If it was, it runs again on the same files when
// both are back, which gives the same numbers as before (evaluation is deterministic).
#pragma once
#include "web/app_state.h"
#include "web/panels/metrics/metrics_panel.h"

namespace chokepoint::web {

void remember_metrics_choices(const AppState& state, const MetricsPanel& panel, bool evaluated);
// Once per page: applies the remembered choices whose files are loaded; returns true when it queued a run.
bool restore_metrics_choices(AppState& state, MetricsPanel& panel);

}  // namespace chokepoint::web
