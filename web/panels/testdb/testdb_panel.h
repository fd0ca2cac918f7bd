// The Test databases panel: what the databases a set is scored on are worth. Its tabs: the data-quality
// audit of the real databases (audit_view.h) and SynSQL's synthetic databases with their agreement and
// discrimination (synthesis_view.h).
#pragma once
#include <nlohmann/json.hpp>

#include "web/app_state.h"
#include "web/panels/testdb/audit_view.h"
#include "web/panels/testdb/synthesis_view.h"

namespace chokepoint::web {

struct TestDatabasesPanel {
  AuditView audit;
  SynthesisView synthesis;
  bool select_synthesis = false;  // the next frame brings the Synthesis tab forward (another tab's button leads here)
};

TestDatabasesPanel& test_databases_panel(AppState& state);
void draw_test_databases_panel(AppState& state, TestDatabasesPanel& panel);
void step_test_databases(AppState& state, TestDatabasesPanel& panel, double budget_ms);
nlohmann::json test_databases_json(const TestDatabasesPanel& panel);

}  // namespace chokepoint::web
