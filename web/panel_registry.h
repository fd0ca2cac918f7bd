// The app's panels register themselves here (one static PanelRegistrar per panel file), so a new panel is one new
// file: app.cpp draws a tab per registered panel in `order` and steps each panel's background job every frame.
// Page commands (JSON from scripts and browser tests, see page_commands.h) register the same way.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "web/app_state.h"

namespace chokepoint::web {

struct PanelSpec {
  std::string name;                                       // tab title, also the name page commands use
  int order = 0;                                          // tabs sorted by order
  std::function<void(AppState&)> draw;                    // draws the panel's content
  std::function<void(AppState&, double budget_ms)> step;  // advances a long job by at most budget_ms (may be empty)
  std::function<nlohmann::json(AppState&)> state_json;    // the panel's state for the page (may be empty)
};

std::vector<PanelSpec>& panel_registry();  // sorted by order on first draw

struct PanelRegistrar {
  explicit PanelRegistrar(PanelSpec spec) { panel_registry().push_back(std::move(spec)); }
};

// A page command handler: reads its JSON arguments, changes state (failures become notices).
using PageCommandFn = std::function<void(AppState&, const nlohmann::json&)>;
std::vector<std::pair<std::string, PageCommandFn>>& page_command_registry();

struct PageCommandRegistrar {
  PageCommandRegistrar(std::string name, PageCommandFn fn) {
    page_command_registry().emplace_back(std::move(name), std::move(fn));
  }
};

}  // namespace chokepoint::web
