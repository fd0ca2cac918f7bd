// Sub-tabs register like panels: a tab inside a panel's own tab bar (the Judge, Efficiency, SQL-to-Text, Optimise,
// Errors, Runs and Gold check tabs inside Predictions & metrics) is one file of its own feature folder with a static
// SubTabRegistrar. The panel draws the registered sub-tabs after its own, puts their state into its JSON under each
// one's key, and the app steps their jobs with the panels' within one frame budget.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "web/app_state.h"

namespace chokepoint::web {

struct SubTabSpec {
  std::string panel;      // the panel whose tab bar shows it ("Predictions & metrics")
  std::string name;       // the tab's title ("Judge"); its place for tests is "<name> tab"
  int order = 0;          // sub-tabs of a panel sorted by order
  std::string state_key;  // where its state goes in the panel's JSON ("judge"); "" merges its object's keys
  std::function<void(AppState&)> draw;
  std::function<void(AppState&, double budget_ms)> step;  // may be empty
  std::function<nlohmann::json(AppState&)> state_json;    // may be empty
};

std::vector<SubTabSpec>& sub_tab_registry();  // every panel's, sorted by panel then order on first use

struct SubTabRegistrar {
  explicit SubTabRegistrar(SubTabSpec spec);
};

// Inside an open ImGui tab bar: a tab item per sub-tab of `panel`, in order.
void draw_sub_tabs(AppState& state, const std::string& panel);
// One sub-tab's content outside the tab bar (a panel that shows it under a header before its tabs exist).
void draw_sub_tab_body(AppState& state, const std::string& panel, const std::string& name);
// Steps the sub-tabs' jobs of `panel`; each gets what is left of `budget_ms` (at least a share), and is named in the
// frame's parts.
void step_sub_tabs(AppState& state, const std::string& panel, double budget_ms);
// The sub-tabs' states of `panel`, each under its key (or merged, for a sub-tab whose key is ""), added to `into`.
void add_sub_tab_states(AppState& state, const std::string& panel, nlohmann::json& into);

}  // namespace chokepoint::web
