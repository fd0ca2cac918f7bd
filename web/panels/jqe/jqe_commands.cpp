// The join query expansion panel's state for the page (tests read it), its page commands and its registration.
#include "core/base/json_dump.h"
#include "web/panels/jqe/jqe_panel.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <fstream>

#include "core/graph/schema_graph.h"
#include "core/jqe/report.h"
#include "web/bridge/file_bridge.h"
#include "web/panel_registry.h"
#include "web/widgets/charts.h"
#include "web/widgets/set_item_picker.h"
#include "web/widgets/sql_diff_view.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {

nlohmann::json jqe_state_json(const JqePanel& panel) {
  nlohmann::json j = {{"error", panel.error}, {"set", panel.set}, {"item", panel.item}};
  j["preferences"] = jqe_preferences_json(panel.prefs);
  j["step"] = panel.step ? step_view_json(*panel.step) : nlohmann::json(nullptr);
  j["reveal"] = panel.reveal;
  if (panel.batch) {
    const auto& b = *panel.batch;
    j["batch"] = {{"label", panel.batch_label},
                  {"done", b.done()},
                  {"cancelled", b.cancelled()},
                  {"total", b.total()},
                  {"phase", jqe::to_string(b.progress().phase)},
                  {"round", b.progress().round},
                  {"expanded", b.expanded()},
                  {"kept", b.run().expansions.size()},
                  {"longest_unit_ms", b.longest_unit_ms()},
                  {"longest_unit_phase", b.longest_unit_phase()},
                  {"stopped", b.run().stopped},
                  {"work_ms", b.work_ms()}};
    if (!panel.report.is_null()) {
      j["batch"]["summary"] = panel.report["summary"];
      j["batch"]["iso_classes"] = panel.report["iso_classes"];
      j["batch"]["shapes_before"] = panel.report["shapes_before"];
      j["batch"]["shapes_expansion"] = panel.report["shapes_expansion"];
    }
  } else {
    j["batch"] = nullptr;
  }
  return j;
}

JqePanel& jqe_panel(AppState& state) { return state.panels.get<JqePanel>(); }

namespace {

// Selects the set and item of a command: {"set": NAME, "item": N}; false (with panel.error) when absent.
bool select_seed(AppState& state, JqePanel& panel, const nlohmann::json& cmd) {
  if (cmd.contains("set")) {
    const std::string name = cmd["set"].get<std::string>();
    const int found = find_set(state, name);
    if (found < 0) {
      panel.error = "no loaded set named " + name;
      notify(state, "jqe: " + panel.error, true);
      return false;
    }
    panel.set = found;
  }
  if (cmd.contains("item")) panel.item = cmd["item"].get<int>();
  nlohmann::json prefs = cmd;
  for (const char* key : {"set", "item", "cancel", "show"}) prefs.erase(key);
  const std::string err = apply_jqe_preferences(panel.prefs, prefs);
  if (!err.empty()) {
    panel.error = err;
    notify(state, "jqe: " + err, true);
    return false;
  }
  return true;
}

// {"do": "jqe_step", "set": NAME, "item": N, preferences...}
void jqe_step_command(AppState& state, const nlohmann::json& cmd) {
  auto& panel = jqe_panel(state);
  if (select_seed(state, panel, cmd)) step_jqe_seed(state, panel);
}

// {"do": "jqe_batch", "set": NAME, preferences...} starts; {"do": "jqe_batch", "cancel": true} cancels.
void jqe_batch_command(AppState& state, const nlohmann::json& cmd) {
  auto& panel = jqe_panel(state);
  if (cmd.value("cancel", false)) {
    if (panel.batch) panel.batch->cancel();
    return;
  }
  if (select_seed(state, panel, cmd)) start_jqe_batch(state, panel);
}

// {"do": "jqe_view", "view": "step" | "batch"}: selects the panel's inner tab.
void jqe_view_command(AppState& state, const nlohmann::json& cmd) {
  jqe_panel(state).show_view = cmd.value("view", "step") == "batch" ? 1 : 0;
}

const PanelRegistrar jqe_commands_registrar{{"Join query expansion", 40,
                                             [](AppState& s) { draw_jqe_panel(s, jqe_panel(s)); },
                                             [](AppState& s, double budget) { step_jqe_job(s, jqe_panel(s), budget); },
                                             [](AppState& s) { return jqe_state_json(jqe_panel(s)); }}};
const PageCommandRegistrar step_registrar{"jqe_step", jqe_step_command};
const PageCommandRegistrar batch_registrar{"jqe_batch", jqe_batch_command};
const PageCommandRegistrar view_registrar{"jqe_view", jqe_view_command};

}  // namespace

}  // namespace chokepoint::web
