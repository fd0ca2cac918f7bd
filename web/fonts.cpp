// Font loading from the preloaded /fonts folder.
#include "web/fonts.h"

#include <cstdio>

namespace chokepoint::web {
namespace {

bool readable(const char* path) {
  FILE* f = std::fopen(path, "rb");
  if (!f) return false;
  std::fclose(f);
  return true;
}

}  // namespace

void load_fonts(float dpr, float ui_scale) {
  ImGuiIO& io = ImGui::GetIO();
  if (dpr < 1.0f) dpr = 1.0f;
  if (!readable("/fonts/ui.ttf")) {
    io.Fonts->AddFontDefault();
    return;
  }
  // Latin, Greek (ΔEX), punctuation, arrows, mathematical operators and shapes: APP_GLYPH_RANGES in CMakeLists.txt,
  // which also decides the glyphs the shipped font keeps.
  static const ImWchar ranges[] = {CHOKEPOINT_GLYPH_RANGES, 0};
  ImFontConfig cfg;
  cfg.OversampleH = 2;
  const float size = 15.0f * dpr * ui_scale;
  io.Fonts->AddFontFromFileTTF("/fonts/ui.ttf", size, &cfg, ranges);
  // Drawn at the size rasterised: the drawing buffer has the screen's pixels (main.cpp, fit_canvas_to_window).
  io.FontGlobalScale = 1.0f;
}

}  // namespace chokepoint::web
