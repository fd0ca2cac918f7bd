// Canvas capture after rendering.
#include "web/bridge/canvas_capture.h"

extern "C" void chokepoint_js_capture_canvas(const char* file_name);  // web/bridge/js/page.js

namespace chokepoint::web {
namespace {
std::string g_pending;
}

void request_canvas_png(const std::string& file_name) { g_pending = file_name; }

void fulfil_canvas_capture() {
  if (g_pending.empty()) return;
  chokepoint_js_capture_canvas(g_pending.c_str());
  g_pending.clear();
}

}  // namespace chokepoint::web
