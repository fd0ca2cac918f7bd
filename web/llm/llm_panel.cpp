// LLM panel: settings in, connection test and call log out. Every change is applied to the session at once and
// saved (without the key unless "remember" is ticked); the key field is masked so it never shows on screen.
#include "web/llm/llm_panel.h"
#include "core/base/json_dump.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "core/llm/llm_endpoint.h"
#include "web/llm/llm_session.h"
#include "web/panel_registry.h"
#include "web/widgets/flow_layout.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {
namespace {

void copy_to(char* buf, size_t size, const std::string& text) { std::snprintf(buf, size, "%s", text.c_str()); }

void refresh_buffers(LlmPanel& panel) {
  const LlmSettings& s = llm_session().settings;
  copy_to(panel.base_url, sizeof panel.base_url, s.base_url);
  copy_to(panel.model, sizeof panel.model, s.model);
  copy_to(panel.key, sizeof panel.key, s.api_key);
  panel.buffers_stale = false;
}

std::string default_url(const std::string& provider) {
  auto preset = find_provider_preset(provider);
  return preset.ok() ? preset->default_base_url : "";
}

void draw_settings(LlmPanel& panel) {
  LlmSettings& s = llm_session().settings;
  bool changed = false;
  const auto& presets = provider_presets();
  ImGui::SetNextItemWidth(ui_px(260));
  auto current = find_provider_preset(s.provider);
  if (ImGui::BeginCombo("provider", current.ok() ? current->label.c_str() : s.provider.c_str())) {
    for (const auto& p : presets) {
      if (ImGui::Selectable(p.label.c_str(), p.name == s.provider)) {
        s.provider = p.name;
        changed = true;
      }
    }
    ImGui::EndCombo();
  }
  // As wide as a long URL, but no wider than the window leaves beside its label.
  ImGui::SetNextItemWidth(std::min(ui_px(420), ImGui::GetContentRegionAvail().x - labelled_width(0, "base URL")));
  const std::string hint = default_url(s.provider);
  if (ImGui::InputTextWithHint("base URL", hint.empty() ? "https://host/v1" : hint.c_str(), panel.base_url,
                               sizeof panel.base_url)) {
    s.base_url = panel.base_url;
    changed = true;
  }
  ImGui::SetNextItemWidth(ui_px(260));
  if (ImGui::InputText("model", panel.model, sizeof panel.model)) {
    s.model = panel.model;
    changed = true;
  }
  ImGui::SetNextItemWidth(ui_px(260));
  if (ImGui::InputTextWithHint("API key", "(none)", panel.key, sizeof panel.key, ImGuiInputTextFlags_Password)) {
    s.api_key = panel.key;
    changed = true;
  }
  flow_same_line(checkbox_width("remember on this device"));
  if (ImGui::Checkbox("remember on this device", &s.remember_key)) changed = true;
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Saves the key in this browser's localStorage. Otherwise it is forgotten when the page closes.\n"
        "It is never written to the workspace, the replay store, the call log or an export.");
  float temperature = static_cast<float>(s.temperature);
  ImGui::SetNextItemWidth(ui_px(160));
  if (ImGui::SliderFloat("temperature", &temperature, 0.0f, 2.0f, "%.2f")) {
    s.temperature = temperature;
    changed = true;
  }
  flow_same_line(checkbox_width("seed"));
  bool has_seed = s.seed.has_value();
  if (ImGui::Checkbox("seed", &has_seed)) {
    s.seed = has_seed ? std::optional<long long>(0) : std::nullopt;
    changed = true;
  }
  if (s.seed) {
    int seed = static_cast<int>(*s.seed);
    flow_next_item(ui_px(120), "##seed");
    if (ImGui::InputInt("##seed", &seed)) {
      s.seed = seed;
      changed = true;
    }
  }
  flow_next_item(ui_px(120), "timeout ms");
  if (ImGui::InputInt("timeout ms", &s.timeout_ms, 1000)) {
    s.timeout_ms = std::clamp(s.timeout_ms, 500, 600000);
    changed = true;
  }
  flow_next_item(ui_px(100), "max tokens");
  if (ImGui::InputInt("max tokens", &s.max_tokens, 64)) {
    s.max_tokens = std::clamp(s.max_tokens, 16, 32768);
    changed = true;
  }
  flow_next_item(ui_px(90), "at once");
  if (ImGui::InputInt("at once", &s.concurrency, 1)) {
    s.concurrency = std::clamp(s.concurrency, 1, 32);
    changed = true;
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Calls in flight at once (1-32). Raise it for a long model run if your endpoint's rate limit allows.");
  if (changed) save_llm_settings();

  const ConnectionTest& test = llm_session().test;
  ImGui::BeginDisabled(test.running);
  if (ImGui::Button("Test connection")) start_connection_test();
  ImGui::EndDisabled();
  if (!test.message.empty()) {
    flow_wrapped(test.message, test.running ? ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled)
                               : test.ok    ? ImVec4(0.6f, 0.85f, 0.6f, 1)
                                            : ImVec4(1, 0.45f, 0.45f, 1));
  }
  ReplayStore& replay = session_replay();
  ImGui::TextDisabled("Replay store: %zu recorded answers in %s", replay.size(),
                      llm_session().replay_error.empty() ? kReplayStorePath : "memory");
  if (!llm_session().replay_error.empty()) draw_error(llm_session().replay_error);
  wrapped_disabled("Calls go from this page straight to the endpoint above; nothing else leaves the machine.");
}

const char* status_text(const CallLogEntry& e, char* buf, size_t n) {
  if (e.status == 0 && e.error.empty() && e.response_body.empty()) return "...";
  std::snprintf(buf, n, "%d", e.status);
  return buf;
}

void draw_call_log(AppState& state, LlmPanel& panel) {
  const auto log = session_call_log(state);
  ImGui::Text("Call log (%zu requests; the key shows as [redacted])", log.size());
  ImGui::BeginChild("llm-log-list", ImVec2(ImGui::GetContentRegionAvail().x * 0.45f, 0), true);
  if (ImGui::BeginTable("llm-log", 5, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn("call");
    ImGui::TableSetupColumn("try");
    ImGui::TableSetupColumn("status");
    ImGui::TableSetupColumn("ms");
    ImGui::TableSetupColumn("error", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    for (size_t i = 0; i < log.size(); ++i) {
      const auto& e = log[i];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      const std::string label = e.call_id + "##log" + std::to_string(i);
      if (ImGui::Selectable(label.c_str(), panel.selected_log == static_cast<int>(i),
                            ImGuiSelectableFlags_SpanAllColumns))
        panel.selected_log = static_cast<int>(i);
      ImGui::TableNextColumn();
      ImGui::Text("%d", e.attempt);
      ImGui::TableNextColumn();
      char buf[16];
      ImGui::TextUnformatted(status_text(e, buf, sizeof buf));
      ImGui::TableNextColumn();
      ImGui::Text("%.0f", e.elapsed_ms);
      ImGui::TableNextColumn();
      if (!e.error.empty()) ImGui::TextColored(ImVec4(1, 0.45f, 0.45f, 1), "%s", e.error.c_str());
    }
    ImGui::EndTable();
  }
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("llm-log-detail", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
  if (panel.selected_log < 0 || panel.selected_log >= static_cast<int>(log.size())) {
    ImGui::TextDisabled("Select a request to see exactly what was sent and what came back.");
  } else {
    const auto& e = log[static_cast<size_t>(panel.selected_log)];
    ImGui::Text("Request (attempt %d)", e.attempt);
    ImGui::TextWrapped("%s", e.request_text.c_str());
    ImGui::Separator();
    ImGui::Text("Response: status %d, %.0f ms", e.status, e.elapsed_ms);
    if (!e.error.empty()) ImGui::TextColored(ImVec4(1, 0.45f, 0.45f, 1), "%s", e.error.c_str());
    ImGui::TextWrapped("%s", e.response_body.c_str());
  }
  ImGui::EndChild();
}

// The settings are read from the device once per page; the panel's input buffers then follow them.
void ensure_loaded(AppState& state) {
  static bool loaded = false;
  if (loaded) return;
  loaded = true;
  load_llm_settings_once();
  llm_panel(state).buffers_stale = true;
}

}  // namespace

LlmPanel& llm_panel(AppState& state) { return state.panels.get<LlmPanel>(); }

void draw_llm_panel(AppState& state, LlmPanel& panel) {
  ensure_loaded(state);
  if (panel.buffers_stale) refresh_buffers(panel);
  draw_settings(panel);
  ImGui::Separator();
  draw_call_log(state, panel);
}

nlohmann::json llm_state_json(AppState& state) {
  ensure_loaded(state);
  const LlmSessionState& s = llm_session();
  nlohmann::json j;
  // The key itself never leaves C++ through this door either: tests see only whether one is set.
  j["settings"] = {{"provider", s.settings.provider},
                   {"base_url", s.settings.base_url},
                   {"model", s.settings.model},
                   {"has_key", !s.settings.api_key.empty()},
                   {"remember_key", s.settings.remember_key},
                   {"temperature", s.settings.temperature},
                   {"seed", s.settings.seed ? nlohmann::json(*s.settings.seed) : nlohmann::json(nullptr)},
                   {"timeout_ms", s.settings.timeout_ms},
                   {"max_tokens", s.settings.max_tokens},
                   {"concurrency", s.settings.concurrency}};
  j["test"] = {{"running", s.test.running}, {"ok", s.test.ok}, {"message", s.test.message}};
  j["replay"] = {{"path", kReplayStorePath}, {"records", session_replay().size()}, {"error", s.replay_error}};
  nlohmann::json log = nlohmann::json::array();
  for (const auto& e : session_call_log(state))
    log.push_back({{"call_id", e.call_id},
                   {"attempt", e.attempt},
                   {"status", e.status},
                   {"error", e.error},
                   {"elapsed_ms", e.elapsed_ms},
                   {"request", e.request_text},
                   {"response", e.response_body}});
  j["log"] = log;
  // Round trip with replacement so a response cut inside a UTF-8 sequence cannot make the page's dump() throw.
  return nlohmann::json::parse(dump_json(j));
}

namespace {

// {"do": "llm_settings", "provider", "base_url", "model", "key", "temperature", "seed" (number or null),
//  "timeout_ms", "max_tokens", "concurrency", "remember"}: the same changes the inputs make; absent fields keep their
//  value.
void settings_command(AppState& state, const nlohmann::json& cmd) {
  ensure_loaded(state);
  LlmSettings& s = llm_session().settings;
  try {
    if (cmd.contains("provider")) {
      auto p = find_provider_preset(cmd["provider"].get<std::string>());
      if (!p.ok()) {
        notify(state, "llm_settings: " + p.error(), true);
        return;
      }
      s.provider = p->name;
    }
    if (cmd.contains("base_url")) s.base_url = cmd["base_url"].get<std::string>();
    if (cmd.contains("model")) s.model = cmd["model"].get<std::string>();
    if (cmd.contains("key")) s.api_key = cmd["key"].get<std::string>();
    if (cmd.contains("temperature")) s.temperature = cmd["temperature"].get<double>();
    if (cmd.contains("seed"))
      s.seed = cmd["seed"].is_null() ? std::nullopt : std::optional<long long>(cmd["seed"].get<long long>());
    if (cmd.contains("timeout_ms")) s.timeout_ms = cmd["timeout_ms"].get<int>();
    if (cmd.contains("max_tokens")) s.max_tokens = cmd["max_tokens"].get<int>();
    if (cmd.contains("concurrency")) s.concurrency = std::clamp(cmd["concurrency"].get<int>(), 1, 32);
    if (cmd.contains("remember")) s.remember_key = cmd["remember"].get<bool>();
  } catch (const std::exception& e) {
    notify(state, std::string("llm_settings: ") + e.what(), true);
    return;
  }
  save_llm_settings();
  llm_panel(state).buffers_stale = true;
}

const PageCommandRegistrar settings_cmd{"llm_settings", settings_command};
const PageCommandRegistrar test_cmd{"llm_test_connection", [](AppState& state, const nlohmann::json&) {
                                      ensure_loaded(state);
                                      start_connection_test();
                                    }};
const PageCommandRegistrar select_log_cmd{"llm_select_log", [](AppState& state, const nlohmann::json& cmd) {
                                            llm_panel(state).selected_log = cmd.value("index", -1);
                                          }};

const PanelRegistrar llm_panel_registrar{PanelSpec{"LLM", 80,
                                                   [](AppState& state) { draw_llm_panel(state, llm_panel(state)); },
                                                   [](AppState& state, double) {
                                                     ensure_loaded(state);
                                                     step_connection_test(session_now_ms());
                                                   },
                                                   [](AppState& state) { return llm_state_json(state); }}};

}  // namespace
}  // namespace chokepoint::web
