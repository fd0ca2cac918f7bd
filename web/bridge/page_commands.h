// Commands from the page (scripts, browser tests) into the app, as JSON {"do": NAME, ...}: queued by the exported
// chokepoint_command(json) and applied at the start of the next frame through the handlers panels register
// (panel_registry.h), so tests drive the same state changes the buttons make. Built in: {"do": "show", "tab": T}.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "web/app_state.h"

namespace chokepoint::web {

// Queues one command's JSON text (what chokepoint_command receives); applied at the start of the next frame.
void queue_page_command(std::string json);
// Applies the queued commands in order: a text that is not a JSON object, an unknown command or a handler that throws
// becomes a notice, and the next command is applied all the same.
void apply_page_commands(AppState& state);
// The registered panel's state (its state_json), or null for a panel without one or no such panel.
nlohmann::json panel_state_json(AppState& state, const std::string& panel);
// Asks for a tab to open on the next frame, as {"do": "show", "tab": name} does (a button that leads elsewhere).
void request_tab(const std::string& name);
// The tab a command asked for ("" when none); cleared once read.
std::string take_requested_tab();

}  // namespace chokepoint::web
