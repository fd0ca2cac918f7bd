// Commands from the page (scripts, browser tests) into the app, as JSON: {"do": "show", "tab": "..."},
// {"do": "evaluate", "gold": NAME, "pred": NAME, "semantics": "bird"|"spider", "regimes": ["EC-EC-IE", ...]}.
// They go through the same state changes the buttons make, on the next frame, so tests drive the real app.
#pragma once
#include <string>

#include "web/app_state.h"

namespace chokepoint::web {

struct MetricsPanel;

// Applies queued commands; returns nothing: failures become notices.
void apply_page_commands(AppState& state, MetricsPanel& metrics);
// The tab a command asked for ("" when none); cleared once read.
std::string take_requested_tab();

}  // namespace chokepoint::web
