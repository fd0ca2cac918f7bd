// The page commands' queue and dispatch (see page_commands.h): no browser in here, so it runs in the native tests.
#include "web/bridge/page_commands.h"

#include <nlohmann/json.hpp>
#include <vector>

#include "web/panel_registry.h"

namespace chokepoint::web {
namespace {

std::vector<std::string>& queue() {
  static std::vector<std::string> q;
  return q;
}
std::string g_tab;

void apply_command(AppState& state, const nlohmann::json& cmd) {
  const std::string what = cmd.value("do", "");
  if (what == "show") {
    g_tab = cmd.value("tab", "");
    return;
  }
  for (const auto& [name, fn] : page_command_registry()) {
    if (name == what) {
      fn(state, cmd);
      return;
    }
  }
  notify(state, "unknown page command: " + what, true);
}

}  // namespace

void queue_page_command(std::string json) { queue().push_back(std::move(json)); }

nlohmann::json panel_state_json(AppState& state, const std::string& panel) {
  for (const auto& p : panel_registry())
    if (p.name == panel && p.state_json) return p.state_json(state);
  return nullptr;
}

void apply_page_commands(AppState& state) {
  auto pending = std::move(queue());
  queue().clear();
  for (const auto& text : pending) {
    auto cmd = nlohmann::json::parse(text, nullptr, false);
    if (cmd.is_discarded() || !cmd.is_object()) {
      notify(state, "page command is not a JSON object", true);
      continue;
    }
    try {
      apply_command(state, cmd);
    } catch (const std::exception& e) {
      notify(state, std::string("page command failed: ") + e.what(), true);
    }
  }
}

void request_tab(const std::string& name) { g_tab = name; }

std::string take_requested_tab() {
  std::string t = std::move(g_tab);
  g_tab.clear();
  return t;
}

}  // namespace chokepoint::web
