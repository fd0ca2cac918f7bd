// Commands from the page (scripts, browser tests) into the app, as JSON {"do": NAME, ...}: queued by the exported
// chokepoint_command(json) and applied at the start of the next frame through the handlers panels register
// (panel_registry.h), so tests drive the same state changes the buttons make. Built in: {"do": "show", "tab": T}.
#pragma once
#include <string>

#include "web/app_state.h"

namespace chokepoint::web {

void apply_page_commands(AppState& state);
// The tab a command asked for ("" when none); cleared once read.
std::string take_requested_tab();

}  // namespace chokepoint::web
