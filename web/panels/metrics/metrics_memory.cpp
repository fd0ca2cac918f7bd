// Metrics choices in localStorage (see metrics_memory.h).
#include "web/panels/metrics/metrics_memory.h"

#include <nlohmann/json.hpp>

#include "web/bridge/local_store.h"
#include "web/widgets/regime_picker.h"
#include "web/workspace/workspace.h"

namespace chokepoint::web {
namespace {

const char* const kKey = "chokepoint.metrics_choices";

std::string set_name(const AppState& state, int index) {
  const auto& sets = state.eval_sets.sets;
  return index >= 0 && index < static_cast<int>(sets.size()) ? sets[static_cast<size_t>(index)].name : "";
}

}  // namespace

void remember_metrics_choices(const AppState& state, const MetricsPanel& panel, bool evaluated) {
  nlohmann::json regimes = nlohmann::json::array();
  for (const auto& r : panel.regimes) regimes.push_back(r.name());
  const nlohmann::json j = {{"gold", set_name(state, state.runs.gold_set)},
                            {"pred", set_name(state, state.runs.pred_set)},
                            {"semantics", state.runs.semantics_chosen ? ex_semantics_name(state.runs.semantics) : ""},
                            {"regimes", regimes},
                            {"timeout_ms", state.runs.timeout_ms},
                            {"evaluated", evaluated}};
  local_set(kKey, j.dump());
}

bool restore_metrics_choices(AppState& state, MetricsPanel& panel) {
  if (panel.restored) return false;
  if (workspace_restoring() > 0) return false;  // the files the choices name may still be on their way in
  panel.restored = true;
  const auto j = nlohmann::json::parse(local_get(kKey), nullptr, false);
  if (j.is_discarded() || !j.is_object()) return false;
  const int gold = find_set(state, j.value("gold", "")), pred = find_set(state, j.value("pred", ""));
  if (gold >= 0) state.runs.gold_set = gold;
  if (pred >= 0) state.runs.pred_set = pred;
  if (auto s = semantics_from_json(j.value("semantics", "")); s.ok() && !j.value("semantics", "").empty()) {
    state.runs.semantics = *s;
    state.runs.semantics_chosen = true;
  }
  if (j.contains("regimes")) {
    auto r = regimes_from_json(j["regimes"]);
    if (r.ok() && !r->empty()) panel.regimes = *r;
  }
  if (j.contains("timeout_ms") && j["timeout_ms"].is_number_integer())
    state.runs.timeout_ms = j["timeout_ms"].get<int>();
  if (j.value("evaluated", false) && gold >= 0 && pred >= 0) {
    state.runs.request_run = true;
    return true;
  }
  return false;
}

}  // namespace chokepoint::web
