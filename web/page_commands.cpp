// Page command queue.
#include "web/page_commands.h"

#include <emscripten.h>

#include <nlohmann/json.hpp>
#include <vector>

#include "core/metrics/regime.h"
#include "web/panels/metrics_panel.h"

namespace chokepoint::web {
namespace {

std::vector<std::string>& queue() {
  static std::vector<std::string> q;
  return q;
}
std::string g_tab;

int set_index(const AppState& state, const std::string& name) {
  for (size_t i = 0; i < state.eval_sets.sets.size(); ++i)
    if (state.eval_sets.sets[i].name == name) return static_cast<int>(i);
  return -1;
}

void apply(AppState& state, MetricsPanel& metrics, const nlohmann::json& cmd) {
  const std::string what = cmd.value("do", "");
  if (what == "show") {
    g_tab = cmd.value("tab", "");
    return;
  }
  if (what == "evaluate") {
    const int g = set_index(state, cmd.value("gold", "")), p = set_index(state, cmd.value("pred", ""));
    if (g < 0 || p < 0) {
      notify(state, "evaluate: no loaded set named " + cmd.value(g < 0 ? "gold" : "pred", ""), true);
      return;
    }
    metrics.gold_set = g;
    metrics.pred_set = p;
    metrics.semantics = cmd.value("semantics", "bird") == "spider" ? 1 : 0;
    if (cmd.contains("regimes")) {
      const auto all = all_regimes();
      for (bool& r : metrics.regimes) r = false;
      for (const auto& name : cmd["regimes"]) {
        auto r = parse_regime(name.get<std::string>());
        for (size_t i = 0; r.ok() && i < all.size() && i < 12; ++i)
          if (all[i] == *r) metrics.regimes[i] = true;
      }
    }
    metrics.request_run = true;
    return;
  }
  notify(state, "unknown page command: " + what, true);
}

}  // namespace

void apply_page_commands(AppState& state, MetricsPanel& metrics) {
  auto pending = std::move(queue());
  queue().clear();
  for (const auto& text : pending) {
    auto cmd = nlohmann::json::parse(text, nullptr, false);
    if (cmd.is_discarded() || !cmd.is_object()) {
      notify(state, "page command is not a JSON object", true);
      continue;
    }
    try {
      apply(state, metrics, cmd);
    } catch (const std::exception& e) {
      notify(state, std::string("page command failed: ") + e.what(), true);
    }
  }
}

std::string take_requested_tab() {
  std::string t = std::move(g_tab);
  g_tab.clear();
  return t;
}

}  // namespace chokepoint::web

extern "C" EMSCRIPTEN_KEEPALIVE void chokepoint_command(const char* json) {
  if (json) chokepoint::web::queue().emplace_back(json);
}
