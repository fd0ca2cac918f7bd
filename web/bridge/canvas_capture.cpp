// Canvas capture after rendering (see canvas_capture.h).
#include "web/bridge/canvas_capture.h"

#include <imgui.h>

#include <cmath>

// web/bridge/js/page.js; the rectangle in drawing-buffer pixels, w = 0 for the whole canvas.
extern "C" void chokepoint_js_capture_canvas(const char* file_name, int x, int y, int w, int h);

namespace chokepoint::web {
namespace {
std::string g_requested;  // asked for during a frame
std::string g_due;        // being drawn now, captured at its end
CaptureRect g_requested_rect, g_due_rect;
}  // namespace

void request_canvas_png(const std::string& file_name, CaptureRect rect) {
  g_requested = file_name;
  g_requested_rect = rect;
}

bool canvas_capture_due() {
  if (!g_requested.empty()) {
    g_due = std::move(g_requested);
    g_due_rect = g_requested_rect;
    g_requested.clear();
  }
  return !g_due.empty();
}

void fulfil_canvas_capture() {
  if (g_due.empty()) return;
  const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
  const CaptureRect& r = g_due_rect;
  chokepoint_js_capture_canvas(
      g_due.c_str(), static_cast<int>(std::lround(r.x * scale.x)), static_cast<int>(std::lround(r.y * scale.y)),
      static_cast<int>(std::lround(r.w * scale.x)), static_cast<int>(std::lround(r.h * scale.y)));
  g_due.clear();
}

}  // namespace chokepoint::web
