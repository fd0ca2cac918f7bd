// The LLM panel (decisions.md §8): endpoint settings (provider, base URL, model, masked key, temperature, seed,
// timeout, "remember on this device"), "test connection", the replay store's size, and the call log of every
// request and response with the key redacted. The session itself lives in web/llm/llm_session.h.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "web/app_state.h"

namespace chokepoint::web {

struct LlmPanel {
  char base_url[256] = "";
  char model[128] = "";
  char key[256] = "";         // memory only; the masked input's buffer
  bool buffers_stale = true;  // the settings changed outside the inputs (load, page command)
  int selected_log = -1;
};

LlmPanel& llm_panel(AppState& state);
void draw_llm_panel(AppState& state, LlmPanel& panel);
nlohmann::json llm_state_json(AppState& state);

}  // namespace chokepoint::web
