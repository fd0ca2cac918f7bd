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
  // Every glyph is rasterised at start-up, for both fonts, before the first frame: the ranges are what the app's
  // own text uses (Δ, ≤ ≥ ≠ −, €, typographic punctuation, arrows) and what names in European databases use
  // (Latin Extended-A, the Greek letters), about 500 glyphs rather than whole blocks of symbols (911).
  static const ImWchar extra[] = {0x0100, 0x017F, 0x0391, 0x03C9, 0x2010, 0x205E, 0x20AC, 0x20AC, 0x2190,
                                  0x2195, 0x2212, 0x2212, 0x2260, 0x2260, 0x2264, 0x2265, 0};
  builder.AddRanges(extra);
  builder.BuildRanges(&ranges);
  ImFontConfig cfg;
  // Horizontal oversampling sharpens small text on a 1x screen; at 2x and above the pixels already do it.
  cfg.OversampleH = dpr >= 2.0f ? 1 : 2;
  const float size = 15.0f * dpr * ui_scale;
  io.Fonts->AddFontFromFileTTF("/fonts/ui.ttf", size, &cfg, ranges.Data);
  if (readable("/fonts/mono.ttf")) g_mono = io.Fonts->AddFontFromFileTTF("/fonts/mono.ttf", size, &cfg, ranges.Data);
  // Drawn at the size rasterised: the drawing buffer has the screen's pixels (main.cpp, fit_canvas_to_window).
  io.FontGlobalScale = 1.0f;
}

ImFont* mono_font() { return g_mono; }

}  // namespace chokepoint::web
