// The Test databases panel: its tabs, its frame step and its page commands.
#include "web/panels/testdb/testdb_panel.h"

#include <imgui.h>

#include "web/panel_registry.h"
#include "web/widgets/item_places.h"

namespace chokepoint::web {

TestDatabasesPanel& test_databases_panel(AppState& state) { return state.panels.get<TestDatabasesPanel>(); }

void draw_test_databases_panel(AppState& state, TestDatabasesPanel& panel) {
  if (!ImGui::BeginTabBar("testdb-views")) return;
  const bool audit_open = ImGui::BeginTabItem("Audit");
  note_item_place("Audit tab");
  if (audit_open) {
    draw_audit_view(state, panel.audit);
    ImGui::EndTabItem();
  }
  ImGui::EndTabBar();
}

void step_test_databases(AppState& state, TestDatabasesPanel& panel, double) { step_audit(state, panel.audit); }

nlohmann::json test_databases_json(const TestDatabasesPanel& panel) {
  return {{"audit", audit_view_json(panel.audit)}};
}

namespace {

const PanelRegistrar registrar{
    {"Test databases", 75, [](AppState& s) { draw_test_databases_panel(s, test_databases_panel(s)); },
     [](AppState& s, double budget) { step_test_databases(s, test_databases_panel(s), budget); },
     [](AppState& s) { return test_databases_json(test_databases_panel(s)); }}};
// {"do": "audit_run", "set"?: NAME}: the Audit tab's gold set and its "Audit" button.
const PageCommandRegistrar audit_registrar{"audit_run", [](AppState& s, const nlohmann::json& cmd) {
                                             auto& view = test_databases_panel(s).audit;
                                             if (cmd.contains("set")) view.set = find_set(s, cmd.value("set", ""));
                                             start_audit(s, view);
                                           }};

}  // namespace
}  // namespace chokepoint::web
