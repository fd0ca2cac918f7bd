// Exported functions for the page: chokepoint_summary_json() returns the loaded databases' table summaries as JSON
// (the same JSON as `chokepoint db info`, with origin, schema_only and counting_rows), so tests and scripts read real
// content, not pixels.
#include "web/bridge/page_bridge.h"

#include <emscripten.h>

#include <nlohmann/json.hpp>

#include "core/schema/schema_json.h"

extern "C" {
// Implemented in web/bridge/js/page.js.
void chokepoint_js_set_status(const char* text);
void chokepoint_js_mark_ready(double first_frame_ms, int frames_drawn);
double chokepoint_js_now_ms();
void chokepoint_js_mark(const char* name);
}

namespace chokepoint::web {
namespace {
AppState* g_page_bridge_state = nullptr;
std::string g_summary;  // keeps the returned string alive until the next call
}  // namespace

void set_page_status(const std::string& text) { chokepoint_js_set_status(text.c_str()); }
void mark_page_ready(double first_frame_ms, int frames_drawn) {
  chokepoint_js_mark_ready(first_frame_ms, frames_drawn);
}
double page_time_ms() { return chokepoint_js_now_ms(); }
void mark_startup(const char* name) { chokepoint_js_mark(name); }
void bind_app_state(AppState* state) { g_page_bridge_state = state; }
AppState* bound_app_state() { return g_page_bridge_state; }

}  // namespace chokepoint::web

extern "C" EMSCRIPTEN_KEEPALIVE const char* chokepoint_summary_json() {
  using chokepoint::web::g_page_bridge_state;
  nlohmann::json out = nlohmann::json::array();
  if (g_page_bridge_state) {
    for (const auto& d : g_page_bridge_state->databases.databases) {
      if (!d.error.empty())
        out.push_back({{"path", d.path}, {"error", d.error}});
      else {
        auto j = chokepoint::schema_to_json(d.schema);
        j["origin"] = d.origin;
        j["schema_only"] = d.schema_only;
        j["counting_rows"] = d.row_counts != nullptr;  // each table's "rows" is null until counted
        j["opening"] = d.opening;                      // listed from the build's schema snapshot, the file not open yet
        out.push_back(std::move(j));
      }
    }
  }
  chokepoint::web::g_summary = out.dump();
  return chokepoint::web::g_summary.c_str();
}

// The notices shown to the user (uploads, errors), oldest first, as JSON [{text, error}].
extern "C" EMSCRIPTEN_KEEPALIVE const char* chokepoint_notices_json() {
  using chokepoint::web::g_page_bridge_state;
  nlohmann::json out = nlohmann::json::array();
  if (g_page_bridge_state)
    for (const auto& n : g_page_bridge_state->notices) out.push_back({{"text", n.text}, {"error", n.error}});
  chokepoint::web::g_summary = out.dump();
  return chokepoint::web::g_summary.c_str();
}

// The loaded evaluation sets: name and item count.
extern "C" EMSCRIPTEN_KEEPALIVE const char* chokepoint_sets_json() {
  using chokepoint::web::g_page_bridge_state;
  nlohmann::json out = nlohmann::json::array();
  if (g_page_bridge_state)
    for (const auto& s : g_page_bridge_state->eval_sets.sets)
      out.push_back({{"name", s.name}, {"items", s.set.items.size()}});
  chokepoint::web::g_summary = out.dump();
  return chokepoint::web::g_summary.c_str();
}
