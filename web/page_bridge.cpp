// Exported functions for the page: chokepoint_summary_json() returns the loaded databases' table summaries as JSON
// (the same JSON as `chokepoint db info`), so tests and scripts read real content, not pixels.
#include "web/page_bridge.h"

#include <emscripten.h>

#include <nlohmann/json.hpp>

#include "core/schema/schema_json.h"

extern "C" {
// Implemented in web/js/page.js.
void chokepoint_js_set_status(const char* text);
void chokepoint_js_mark_ready(double first_frame_ms);
double chokepoint_js_now_ms();
}

namespace chokepoint::web {
namespace {
AppState* g_state = nullptr;
std::string g_summary;  // keeps the returned string alive until the next call
}  // namespace

void set_page_status(const std::string& text) { chokepoint_js_set_status(text.c_str()); }
void mark_page_ready(double first_frame_ms) { chokepoint_js_mark_ready(first_frame_ms); }
double page_time_ms() { return chokepoint_js_now_ms(); }
void bind_app_state(AppState* state) { g_state = state; }

}  // namespace chokepoint::web

extern "C" EMSCRIPTEN_KEEPALIVE const char* chokepoint_summary_json() {
  using chokepoint::web::g_state;
  nlohmann::json out = nlohmann::json::array();
  if (g_state) {
    for (const auto& d : g_state->databases.databases) {
      if (!d.error.empty())
        out.push_back({{"path", d.path}, {"error", d.error}});
      else
        out.push_back(chokepoint::schema_to_json(d.schema));
    }
  }
  chokepoint::web::g_summary = out.dump();
  return chokepoint::web::g_summary.c_str();
}
