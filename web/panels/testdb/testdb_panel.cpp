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
  const bool synthesis_open =
      ImGui::BeginTabItem("Synthesis", nullptr, panel.select_synthesis ? ImGuiTabItemFlags_SetSelected : 0);
  if (synthesis_open) panel.select_synthesis = false;
  note_item_place("Synthesis tab");
  if (synthesis_open) {
    draw_synthesis_view(state, panel.synthesis);
    ImGui::EndTabItem();
  }
  ImGui::EndTabBar();
}

void step_test_databases(AppState& state, TestDatabasesPanel& panel, double budget_ms) {
  step_audit(state, panel.audit);
  step_synthesis(state, panel.synthesis, budget_ms);
  step_suite_run(state, panel.synthesis, budget_ms);
}

nlohmann::json test_databases_json(const TestDatabasesPanel& panel) {
  return {{"audit", audit_view_json(panel.audit)}, {"synthesis", synthesis_view_json(panel.synthesis)}};
}

namespace {

const PanelRegistrar testdb_panel_registrar{
    {"Test databases", 75, [](AppState& s) { draw_test_databases_panel(s, test_databases_panel(s)); },
     [](AppState& s, double budget) { step_test_databases(s, test_databases_panel(s), budget); },
     [](AppState& s) { return test_databases_json(test_databases_panel(s)); }}};
// {"do": "audit_run", "set"?: NAME}: the Audit tab's gold set and its "Audit" button.
const PageCommandRegistrar audit_registrar{"audit_run", [](AppState& s, const nlohmann::json& cmd) {
                                             auto& view = test_databases_panel(s).audit;
                                             if (cmd.contains("set")) view.set = find_set(s, cmd.value("set", ""));
                                             start_audit(s, view);
                                           }};

// {"do": "synth_run", "set"?: NAME, "pred"?: NAME, "method"?: "synsql" | "vanilla", "ablation"?: "none" |
// "oracle_schema" | "no_expansion" | "no_ensemble_expansion" | "full_schema" | "no_critic", "rounds"?: N, "threshold"?:
// X, "limit"?: N}: the Synthesis tab's choices and its "Synthesize..." button; {"do": "synth_confirm"} /
// {"do": "synth_cancel"} / {"do": "synth_select", "item": K}.
const PageCommandRegistrar synth_registrar{
    "synth_run", [](AppState& s, const nlohmann::json& cmd) {
      auto& view = test_databases_panel(s).synthesis;
      if (cmd.contains("set")) view.set = find_set(s, cmd.value("set", ""));
      if (cmd.contains("pred")) view.pred = find_set(s, cmd.value("pred", ""));
      if (cmd.contains("method")) view.method = cmd.value("method", "synsql") == "vanilla" ? 1 : 0;
      if (cmd.contains("ablation")) {
        auto a = testdb::synthesis_ablation_from_name(cmd.value("ablation", std::string("none")));
        if (!a.ok()) return notify(s, "synth_run: ablation: " + a.error(), true);
        for (size_t i = 0; i < std::size(testdb::kSynthesisAblations); ++i)
          if (testdb::kSynthesisAblations[i] == *a) view.ablation = static_cast<int>(i);
      }
      view.rounds = cmd.value("rounds", view.rounds);
      view.threshold = cmd.value("threshold", view.threshold);
      view.limit = cmd.value("limit", view.limit);
      prepare_synthesis(s, view);
    }};
const PageCommandRegistrar synth_confirm_registrar{"synth_confirm", [](AppState& s, const nlohmann::json&) {
                                                     confirm_synthesis(s, test_databases_panel(s).synthesis);
                                                   }};
const PageCommandRegistrar synth_cancel_registrar{
    "synth_cancel", [](AppState& s, const nlohmann::json&) { cancel_synthesis(s, test_databases_panel(s).synthesis); }};
// {"do": "suite_run", "draws"?: N, "databases"?: K, "rows"?: N, "seed"?: N}: the test-suite baseline's choices and
// its "Distil a test suite" button; {"do": "suite_cancel"}.
const PageCommandRegistrar suite_registrar{"suite_run", [](AppState& s, const nlohmann::json& cmd) {
                                             auto& view = test_databases_panel(s).synthesis;
                                             view.suite.draws = cmd.value("draws", view.suite.draws);
                                             view.suite.databases = cmd.value("databases", view.suite.databases);
                                             view.suite.rows = cmd.value("rows", view.suite.rows);
                                             view.suite.seed = cmd.value("seed", view.suite.seed);
                                             start_suite_run(s, view);
                                           }};
const PageCommandRegistrar suite_cancel_registrar{
    "suite_cancel", [](AppState& s, const nlohmann::json&) { cancel_suite_run(test_databases_panel(s).synthesis); }};
const PageCommandRegistrar synth_select_registrar{"synth_select", [](AppState& s, const nlohmann::json& cmd) {
                                                    test_databases_panel(s).synthesis.selected = cmd.value("item", -1);
                                                  }};

}  // namespace
}  // namespace chokepoint::web
