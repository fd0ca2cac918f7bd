// Font loading from the preloaded /fonts folder.
#include "web/fonts.h"

#include <cstdio>

namespace chokepoint::web {
namespace {

ImFont* g_mono = nullptr;

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
  static ImVector<ImWchar> ranges;
  ImFontGlyphRangesBuilder builder;
  builder.AddRanges(io.Fonts->GetGlyphRangesDefault());
  static const ImWchar extra[] = {0x0370, 0x03FF, 0x2010, 0x205E, 0x2190, 0x21FF, 0x2200, 0x22FF, 0x25A0, 0x25FF, 0};
  builder.AddRanges(extra);
  builder.BuildRanges(&ranges);
  ImFontConfig cfg;
  cfg.OversampleH = 2;
  const float size = 15.0f * dpr * ui_scale;
  io.Fonts->AddFontFromFileTTF("/fonts/ui.ttf", size, &cfg, ranges.Data);
  if (readable("/fonts/mono.ttf")) g_mono = io.Fonts->AddFontFromFileTTF("/fonts/mono.ttf", size, &cfg, ranges.Data);
  // Drawn at the size rasterised: the drawing buffer has the screen's pixels (main.cpp, fit_canvas_to_window).
  io.FontGlobalScale = 1.0f;
}

ImFont* mono_font() { return g_mono; }

}  // namespace chokepoint::web
