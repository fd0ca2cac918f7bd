// The page's entry points for commands and panel states (Emscripten exports); the queue and its dispatch are in
// page_command_queue.cpp, free of the browser.
#include "web/bridge/page_commands.h"
#include "web/bridge/page_bridge.h"

#include <emscripten.h>
#include <malloc.h>

#include <nlohmann/json.hpp>
#include <vector>

#include "web/panel_registry.h"

extern "C" EMSCRIPTEN_KEEPALIVE void chokepoint_command(const char* json) {
  if (json) chokepoint::web::queue_page_command(json);
}

// The state of a registered panel as JSON ("null" when the panel has none), for scripts and tests.
extern "C" EMSCRIPTEN_KEEPALIVE const char* chokepoint_panel_json(const char* panel) {
  static std::string out;
  out = "null";
  chokepoint::web::AppState* state = chokepoint::web::bound_app_state();
  if (!state || !panel) return out.c_str();
  out = chokepoint::web::panel_state_json(*state, panel).dump();
  return out.c_str();
}

// The main thread's work per frame since the last call, in ms, then forgotten: [3.1, 2.8, ...] (AppState).
extern "C" EMSCRIPTEN_KEEPALIVE const char* chokepoint_frame_work_json() {
  static std::string out;
  out = "[]";
  chokepoint::web::AppState* state = chokepoint::web::bound_app_state();
  if (!state) return out.c_str();
  out = nlohmann::json(state->frame_work_ms).dump();
  state->frame_work_ms.clear();
  return out.c_str();
}

// The frames run and the frames drawn since start: {"frames": N, "drawn": M}. An unchanged frame is run but not drawn.
extern "C" EMSCRIPTEN_KEEPALIVE const char* chokepoint_frames_json() {
  static std::string out;
  out = "{}";
  chokepoint::web::AppState* state = chokepoint::web::bound_app_state();
  if (!state) return out.c_str();
  out = nlohmann::json{{"frames", state->frame}, {"drawn", state->frames_drawn}}.dump();
  return out.c_str();
}

// The slow frames since the last call (over AppState::kSlowFrameMs), then forgotten:
// [{"frame": N, "ms": total, "parts": {"step Run a model": 31.2, "draw Predictions & metrics": 6.1, ...}}, ...].
extern "C" EMSCRIPTEN_KEEPALIVE const char* chokepoint_slow_frames_json() {
  static std::string out;
  out = "[]";
  chokepoint::web::AppState* state = chokepoint::web::bound_app_state();
  if (!state) return out.c_str();
  nlohmann::json list = nlohmann::json::array();
  for (const auto& f : state->slow_frames) {
    nlohmann::json parts = nlohmann::json::object();
    for (const auto& [name, ms] : f.parts) parts[name] = ms;
    list.push_back({{"frame", f.frame}, {"ms", f.total_ms}, {"parts", parts}});
  }
  state->slow_frames.clear();
  out = list.dump();
  return out.c_str();
}

// Bytes the wasm heap's allocator holds now (not the heap's size, which never shrinks): what tests and the bench
// compare before and after a run.
extern "C" EMSCRIPTEN_KEEPALIVE double chokepoint_heap_used() { return static_cast<double>(mallinfo().uordblks); }
