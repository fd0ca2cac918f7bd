// The registry of sub-tabs (see sub_tab_registry.h).
#include "web/sub_tab_registry.h"

#include <algorithm>

#include "core/base/clock.h"

namespace chokepoint::web {

namespace {

std::vector<SubTabSpec>& tabs_unsorted() {
  static std::vector<SubTabSpec> tabs;
  return tabs;
}

}  // namespace

SubTabRegistrar::SubTabRegistrar(SubTabSpec spec) { tabs_unsorted().push_back(std::move(spec)); }

std::vector<SubTabSpec>& sub_tab_registry() {
  std::vector<SubTabSpec>& tabs = tabs_unsorted();
  static size_t sorted = 0;  // the size at the last sort: registrars (before main) add, the first reader after sorts
  if (sorted != tabs.size()) {
    std::stable_sort(tabs.begin(), tabs.end(), [](const SubTabSpec& a, const SubTabSpec& b) {
      return a.panel != b.panel ? a.panel < b.panel : a.order < b.order;
    });
    sorted = tabs.size();
  }
  return tabs;
}

void step_sub_tabs(AppState& state, const std::string& panel, double budget_ms) {
  const double start = monotonic_ms();
  size_t count = 0;
  for (const auto& t : sub_tab_registry()) count += t.panel == panel && t.step ? 1 : 0;
  const double share = budget_ms / static_cast<double>(std::max<size_t>(1, count));
  for (auto& t : sub_tab_registry()) {
    if (t.panel != panel || !t.step) continue;
    const double step_start = monotonic_ms();
    t.step(state, std::max(share, budget_ms - (step_start - start)));
    note_frame_part(state, "step " + panel + ": " + t.name, step_start);
  }
}

void add_sub_tab_states(AppState& state, const std::string& panel, nlohmann::json& into) {
  for (auto& t : sub_tab_registry()) {
    if (t.panel != panel || !t.state_json) continue;
    nlohmann::json j = t.state_json(state);
    if (!t.state_key.empty()) {
      into[t.state_key] = std::move(j);
    } else if (j.is_object()) {
      for (auto& [k, v] : j.items()) into[k] = v;
    }
  }
}

}  // namespace chokepoint::web
